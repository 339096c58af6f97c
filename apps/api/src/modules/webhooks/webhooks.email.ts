import { translate } from '@clinic/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../lib/app-types.js';
import { sendEmail } from '../../lib/channels.js';
import { emailHtml } from '../../lib/email-frame.js';
import { employeeHolds, rowsOf } from '../../lib/sql.js';
import { type ClaimedJob, insertJob, type JobHandler } from '../jobs/index.js';
import type { EndpointRow } from './webhooks.repository.js';

/*
 * The e-mail telling an endpoint's creator (still active, with an e-mail) and the company's administrators that it was
 * turned off: one job per recipient, in that person's language (the language of their own invitation e-mail; English
 * when they were never invited), right to left in Arabic.
 */

export const WEBHOOK_DISABLED_EMAIL_JOB = 'webhook.disabled_email';

/** Why an endpoint was turned off: so many failures in a row, or failing for a whole day. */
export type DisabledBecause = { failures: number } | { hours: number };

interface Recipient { id: string; name: string; email: string; language: string }

/** The creator (when active and with an e-mail) and the active administrators with an e-mail. */
export async function disabledMailRecipients(db: Db, companyId: string, creatorId: string | null): Promise<Recipient[]> {
  return rowsOf<Recipient>(await db.execute(sql`
    select e.id, e.name, e.email,
      coalesce((select i.language from invitations i where i.company_id = e.company_id and i.employee_id = e.id
        order by i.created_at desc limit 1), 'en') as language
    from employees e
    where e.company_id = ${companyId} and e.is_active and coalesce(e.email, '') <> ''
      and ((${creatorId}::uuid is not null and e.id = ${creatorId}::uuid) or ${employeeHolds(['admin'])})
    order by e.id limit 1000`));
}

/** One e-mail job per recipient (nothing when e-mail is not configured). */
export async function queueDisabledEmails(deps: Deps, endpoint: EndpointRow, because: DisabledBecause, now: Date): Promise<number> {
  if (!deps.config.smtpUrl) return 0;
  const recipients = await disabledMailRecipients(deps.db, endpoint.companyId, endpoint.createdBy);
  for (const r of recipients) {
    await insertJob(deps.db, {
      companyId: endpoint.companyId, kind: WEBHOOK_DISABLED_EMAIL_JOB, runAt: now, maxAttempts: 8,
      payload: { endpointId: endpoint.id, url: endpoint.url, recipientId: r.id, ...because },
    });
  }
  return recipients.length;
}

export interface DisabledEmailFacts { language: 'en' | 'ar'; name: string; url: string; because: DisabledBecause; link: string }

export function disabledEmail(f: DisabledEmailFacts): { subject: string; text: string; html: string } {
  const l = f.language;
  const tr = (key: string, params?: Record<string, string | number>) => translate(`webhookDisabledEmail.${key}`, l, params as Record<string, string>);
  const subject = tr('subject');
  const why = 'failures' in f.because ? tr('becauseFailures', { count: f.because.failures, url: f.url }) : tr('becauseDay', { count: f.because.hours, url: f.url });
  const lines = [tr('greeting', { name: f.name }), why, tr('after')];
  const text = [lines[0], '', lines[1], lines[2], '', `${tr('action')}: ${f.link}`].join('\n');
  const body = emailHtml(l, subject, [lines[0]!, lines[1]!, lines[2]!, { button: tr('action'), href: f.link }]);
  return { subject, text, html: body };
}

export function disabledEmailJobHandler(deps: Deps): JobHandler {
  return {
    async run(job: ClaimedJob) {
      const p = job.payload as { recipientId?: unknown; url?: unknown; failures?: unknown; hours?: unknown };
      const id = String(p.recipientId ?? '');
      if (!/^[0-9a-f-]{36}$/i.test(id)) return;
      // Still a recipient (active, with an e-mail) when the job runs.
      const r = (await disabledMailRecipients(deps.db, job.companyId, id)).find((x) => x.id === id);
      if (!r) return;
      const because: DisabledBecause = typeof p.hours === 'number' ? { hours: p.hours } : { failures: Number(p.failures ?? 0) };
      const language = r.language === 'ar' ? 'ar' : 'en';
      const mail = disabledEmail({ language, name: r.name, url: String(p.url ?? ''), because, link: `${deps.config.publicUrl}/settings/webhooks` });
      await sendEmail(deps.config, { to: r.email, ...mail, language });
    },
  };
}

