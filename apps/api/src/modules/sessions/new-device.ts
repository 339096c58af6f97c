import { createHash } from 'node:crypto';
import { translate } from '@clinic/shared';
import type { Deps } from '../../lib/app-types.js';
import { sendEmail } from '../../lib/channels.js';
import { emailDate, emailHtml } from '../../lib/email-frame.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { type ClaimedJob, insertJob, type JobHandler } from '../jobs/index.js';
import { markHistoryNewDevice, newDeviceFacts, rememberDevice } from './sessions.repository.js';

/*
 * New-device sign-ins. The web app keeps a random mark of its device (localStorage) and sends it at sign-in
 * (`x-clinic-device`); without one, the browser's user agent stands for the device. Each person's devices are kept as
 * hashes (known_devices). The first sign-in from a device the person has not used before (when they have used others:
 * a first sign-in ever compares with nothing) marks its history row and e-mails the person, through the job queue.
 */

export const NEW_DEVICE_JOB = 'sign_in.new_device';

/** What stands for the device of a request: its mark, or its user agent; hashed so nothing readable is stored. */
export function deviceKey(ctx: Pick<RequestContext, 'deviceMark' | 'userAgent'>): string {
  const source = ctx.deviceMark ? `mark:${ctx.deviceMark}` : `ua:${ctx.userAgent ?? ''}`;
  return createHash('sha256').update(source).digest('base64url');
}

/** After a successful sign-in: remembers its device; a new one is marked in the history and e-mailed (when mail is set up). */
export async function noteSignInDevice(
  deps: Deps, ctx: RequestContext, account: { companyId: string; id: string }, sessionId: string,
): Promise<void> {
  const now = new Date();
  await inTransaction(deps.db, async (tx) => {
    if (!(await rememberDevice(tx, account.companyId, account.id, deviceKey(ctx), now))) return;
    await markHistoryNewDevice(tx, account.companyId, sessionId);
    if (deps.config.smtpUrl) {
      await insertJob(tx, {
        companyId: account.companyId, kind: NEW_DEVICE_JOB, payload: { sessionId, language: ctx.language }, runAt: now, maxAttempts: 8,
      });
    }
  });
}

interface NewDeviceFacts { language: 'en' | 'ar'; name: string; company: string; device: string | null; ip: string | null; at: Date; timeZone: string; link: string }

/** The e-mail, in the language the person signed in with, right to left in Arabic; the time in the company's zone. */
export function newDeviceEmail(f: NewDeviceFacts): { subject: string; text: string; html: string } {
  const l = f.language;
  const tr = (key: string, params?: Record<string, string>) => translate(`newDeviceEmail.${key}`, l, params);
  const date = emailDate(l, f.at, f.timeZone);
  const subject = tr('subject', { company: f.company });
  const lines = [
    tr('greeting', { name: f.name }), tr('body'), tr('when', { date }), tr('device', { device: f.device ?? tr('unknown') }),
    tr('address', { ip: f.ip ?? tr('unknown') }), tr('notYou'),
  ];
  const text = [lines[0], '', lines[1], '', lines[2], lines[3], lines[4], '', lines[5], `${tr('action')}: ${f.link}`].join('\n');
  const body = emailHtml(l, subject, [...lines, { link: tr('action'), href: f.link }]);
  return { subject, text, html: body };
}

/** Sends the new-device e-mail of a sign-in; a person without an e-mail address, or no longer active, gets none. */
export function newDeviceJobHandler(deps: Deps): JobHandler {
  return {
    async run(job: ClaimedJob) {
      const payload = job.payload as { sessionId?: unknown; language?: unknown };
      const found = await newDeviceFacts(deps.db, job.companyId, String(payload.sessionId ?? ''));
      if (!found?.email || !found.isActive) return;
      const language = payload.language === 'ar' ? 'ar' : 'en';
      const link = `${deps.config.publicUrl.replace(/\/+$/, '')}/security`;
      const mail = newDeviceEmail({ language, name: found.name, company: found.company, device: found.device, ip: found.ip, at: found.at, timeZone: found.timeZone, link });
      await sendEmail(deps.config, { to: found.email, ...mail, language });
    },
  };
}
