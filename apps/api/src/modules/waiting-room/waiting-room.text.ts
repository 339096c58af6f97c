import { ticketLabel, translate } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../lib/app-types.js';
import { companyIsOpen } from '../../lib/credential-liveness.js';
import { canTextPatients } from '../../lib/patient-text.js';
import { sendTrackedText } from '../whatsapp/index.js';
import { signQueueLink } from '../../lib/queue-links.js';
import { insertJob, type ClaimedJob, type JobHandler } from '../jobs/index.js';
import { messageLanguage } from '../reminders/index.js';
import { TICKET_OPEN_HOURS } from './waiting-room.queue.js';
import { patientPhone, textFacts } from './waiting-room.repository.js';

/*
 * The text a checked-in patient is sent: their number and a link to follow their place in the queue. A job committed
 * with the ticket, so a check-in never waits for (or fails because of) the text gateway.
 */

export const QUEUE_TEXT_JOB = 'waiting-room.link';

/** When a ticket's link lapses at the latest (the visit's end lapses it earlier: `linkLapse`, waiting-room.reports.ts). */
const linkLatest = (ticket: { issuedAt: Date }) => new Date(ticket.issuedAt.getTime() + TICKET_OPEN_HOURS * 3_600_000);

/** The patient's page for a ticket, signed for it alone, working while its visit is open (TICKET_OPEN_HOURS at most). */
export async function queueLink(deps: Pick<Deps, 'config'>, companyId: string, ticket: { id: string; issuedAt: Date }, now: Date): Promise<string> {
  const token = await signQueueLink(deps.config.jwtSecret!, { companyId, ticketId: ticket.id }, linkLatest(ticket), now);
  return `${deps.config.publicUrl}/queue?token=${encodeURIComponent(token)}`;
}

/** Plans the text of a new ticket (in the check-in's transaction) when the clinic sends links and the patient can get one. */
export async function planQueueText(tx: Db, deps: Pick<Deps, 'config'>, companyId: string, ticket: { id: string; appointmentId: string }, now: Date): Promise<boolean> {
  if (!canTextPatients(deps.config) || !(await patientPhone(tx, companyId, ticket.appointmentId))) return false;
  await insertJob(tx, { companyId, kind: QUEUE_TEXT_JOB, payload: { ticketId: ticket.id }, runAt: now, maxAttempts: 3 });
  return true;
}

/** Sends the text; nothing once the visit has moved on, its link would have lapsed or the organisation is closed. */
export function queueTextJobHandler(deps: Deps): JobHandler {
  return {
    async run(job: ClaimedJob, now: Date) {
      const f = await textFacts(deps.db, job.companyId, String(job.payload.ticketId ?? ''));
      if (!f || !f.phone || f.status !== 'arrived' || linkLatest(f.ticket) <= now) return;
      if (!(await companyIsOpen(deps.db, job.companyId))) return;
      // The patient's language, as their reminders are written.
      const language = messageLanguage(f.language);
      const label = ticketLabel(f.ticket.prefix, f.ticket.number);
      const link = await queueLink(deps, job.companyId, f.ticket, now);
      await sendTrackedText(deps, { companyId: job.companyId, purpose: 'queue_text', until: linkLatest(f.ticket), appointmentId: f.ticket.appointmentId }, {
        to: f.phone, preferred: f.preferredChannel === 'whatsapp' ? 'whatsapp' : 'sms', whatsappConsent: f.whatsappConsent, language,
        text: translate('waitingRoom.text', language, { clinic: f.clinicName, label, link }),
        template: { name: deps.config.whatsapp.templates.queue, params: [label, f.clinicName, link] },
      });
    },
  };
}
