import { escapeHtml as html } from './html.js';

/*
 * The frame every e-mail shares: its language, right to left in Arabic, its paragraphs and a link (a button or plain).
 * Each e-mail decides its own words and order; the frame only writes them, escaped.
 */

export type EmailLanguage = 'en' | 'ar';

/** A paragraph: plain text, text in grey, a button, or a plain link. */
export type EmailBlock = string | { muted: string } | { button: string; href: string } | { link: string; href: string };

const BUTTON = 'display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:6px';

function paragraph(block: EmailBlock): string {
  if (typeof block === 'string') return `<p>${html(block)}</p>`;
  if ('muted' in block) return `<p style="color:#666">${html(block.muted)}</p>`;
  if ('button' in block) return `<p><a href="${html(block.href)}" style="${BUTTON}">${html(block.button)}</a></p>`;
  return `<p><a href="${html(block.href)}">${html(block.link)}</a></p>`;
}

/** The HTML of an e-mail: its subject as the title, then its paragraphs in order. */
export function emailHtml(language: EmailLanguage, subject: string, blocks: EmailBlock[]): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${html(subject)}</title></head>
<body dir="${dir}" style="font-family:Arial,Tahoma,sans-serif;text-align:${language === 'ar' ? 'right' : 'left'};direction:${dir}">
${blocks.map(paragraph).join('\n')}
</body></html>`;
}

/** A moment as an e-mail states it: long date, 24-hour time, in the given zone (Gregorian, Latin digits in Arabic). */
export function emailDate(language: EmailLanguage, at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', {
    dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone,
  }).format(at);
}
