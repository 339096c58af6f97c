import { translate } from '@clinic/shared';
import { emailDate, emailHtml } from '../../lib/email-frame.js';

export interface InvitationEmailFacts {
  language: 'en' | 'ar';
  link: string;
  name: string;
  company: string;
  inviter: string;
  expiresAt: Date;
  timeZone: string;
}

/** The invitation e-mail, in the inviter's language, right to left in Arabic; the expiry in the company's time zone, 24-hour. */
export function invitationEmail(f: InvitationEmailFacts): { subject: string; text: string; html: string } {
  const l = f.language;
  const tr = (key: string, params?: Record<string, string>) => translate(`invitationEmail.${key}`, l, params);
  const date = emailDate(l, f.expiresAt, f.timeZone);
  const subject = tr('subject', { company: f.company });
  const lines = [tr('greeting', { name: f.name }), tr('body', { inviter: f.inviter, company: f.company }), tr('expires', { date }), tr('ignore')];
  const text = [lines[0], '', lines[1], '', `${tr('action')}: ${f.link}`, '', lines[2], lines[3]].join('\n');
  const body = emailHtml(l, subject, [
    lines[0]!, lines[1]!, { button: tr('action'), href: f.link }, { muted: lines[2]! }, { muted: lines[3]! },
  ]);
  return { subject, text, html: body };
}
