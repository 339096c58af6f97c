import { translate } from '@clinic/shared';
import { escapeHtml as html } from '../../lib/html.js';

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
  const date = new Intl.DateTimeFormat(l === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', {
    dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone: f.timeZone,
  }).format(f.expiresAt);
  const subject = tr('subject', { company: f.company });
  const lines = [tr('greeting', { name: f.name }), tr('body', { inviter: f.inviter, company: f.company }), tr('expires', { date }), tr('ignore')];
  const text = [lines[0], '', lines[1], '', `${tr('action')}: ${f.link}`, '', lines[2], lines[3]].join('\n');
  const dir = l === 'ar' ? 'rtl' : 'ltr';
  const body = `<!doctype html>
<html lang="${l}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${html(subject)}</title></head>
<body dir="${dir}" style="font-family:Arial,Tahoma,sans-serif;text-align:${l === 'ar' ? 'right' : 'left'};direction:${dir}">
<p>${html(lines[0]!)}</p>
<p>${html(lines[1]!)}</p>
<p><a href="${html(f.link)}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:6px">${html(tr('action'))}</a></p>
<p style="color:#666">${html(lines[2]!)}</p>
<p style="color:#666">${html(lines[3]!)}</p>
</body></html>`;
  return { subject, text, html: body };
}
