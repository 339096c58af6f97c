/**
 * Pure rules of reminders: when they go out, and what they say (e-mail in HTML and plain text, SMS, the calendar
 * file). Every time is written in the clinic's zone with the zone named; the patient's preferred language decides
 * the language (Arabic: right to left).
 */
import { type HijriMode, localTime, translate, withHijri } from '@clinic/shared';
import { escapeHtml as html } from '../../lib/html.js';

/** A move by the patient plans no reminder due sooner than this: they have just chosen the time themselves. */
const PATIENT_MOVE_QUIET_MS = 10 * 60_000;

/**
 * The instants reminders go out for an appointment starting at `startsAt`, one per lead time. A lead time already
 * passed (a booking made inside it) gives one reminder now instead, however many lead times passed; nothing once
 * the appointment has started. Without `catchUp` (the patient moved the visit from their link), only the lead times
 * still more than a few minutes ahead give a reminder, and none is sent at once.
 */
export function reminderTimes(startsAt: Date, leadHours: readonly number[], now: Date, { catchUp = true } = {}): Date[] {
  if (startsAt.getTime() <= now.getTime()) return [];
  const earliest = now.getTime() + (catchUp ? 0 : PATIENT_MOVE_QUIET_MS);
  const times = new Set<number>();
  let late = false;
  for (const hours of [...new Set(leadHours)].sort((a, b) => b - a)) {
    const at = startsAt.getTime() - hours * 3_600_000;
    if (at <= earliest) late = true;
    else times.add(at);
  }
  if (late && catchUp) times.add(now.getTime());
  return [...times].sort((a, b) => a - b).map((t) => new Date(t));
}

export type MessageLanguage = 'en' | 'ar';

/** Arabic for a patient who prefers it; English otherwise. */
export function messageLanguage(preferred: unknown): MessageLanguage {
  return typeof preferred === 'string' && /^(arabic|ar)$/i.test(preferred.trim()) ? 'ar' : 'en';
}

export interface ReminderFacts {
  appointmentId: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  patientName: string;
  clinicName: string;
  clinicAddress: string | null;
  /** Latitude (x) and longitude (y). */
  clinicLocation: { x: number; y: number } | null;
  doctorName: string;
  serviceName: string;
  /** The patient's confirm/cancel page. */
  link: string;
  language: MessageLanguage;
  /** The company's Hijri setting: the date is written in both calendars as it chose. */
  hijriMode?: HijriMode;
}

const LOCALES: Record<MessageLanguage, string> = { en: 'en-GB', ar: 'ar-u-nu-latn' };

/**
 * Date, time and the zone's name as the patient reads them, in the clinic's zone; the date in both calendars when the
 * company shows Hijri dates ("Friday, 20 March 2026 (Shawwal 1, 1447 AH)").
 */
export function zonedWords(instant: Date, timeZone: string, language: MessageLanguage, hijriMode: HijriMode = 'off') {
  const locale = LOCALES[language];
  const gregorian = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(instant);
  const date = withHijri(gregorian, localTime(instant, timeZone).date, language, hijriMode);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  const zoneName = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' }).formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value;
  return { date, time, zone: zoneName && zoneName !== timeZone ? `${timeZone}, ${zoneName}` : timeZone };
}

export function mapLink(location: { x: number; y: number } | null): string | null {
  if (!location || !Number.isFinite(location.x) || !Number.isFinite(location.y)) return null;
  return `https://www.openstreetmap.org/?mlat=${location.x}&mlon=${location.y}#map=17/${location.x}/${location.y}`;
}


export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  ics: string;
}

export function reminderEmail(f: ReminderFacts, now: Date): EmailContent {
  const l = f.language;
  const tr = (key: string, params?: Record<string, string>) => translate(`reminders.${key}`, l, params);
  const w = zonedWords(f.startsAt, f.timeZone, l, f.hijriMode);
  const map = mapLink(f.clinicLocation);
  const rows: Array<[string, string, string | null]> = [
    [tr('when'), `${w.date}, ${w.time}`, null],
    [tr('zone'), w.zone, null],
    [tr('clinic'), f.clinicName, null],
    ...(f.clinicAddress ? [[tr('address'), f.clinicAddress, map] as [string, string, string | null]] : []),
    [tr('doctor'), f.doctorName, null],
    [tr('service'), f.serviceName, null],
  ];
  const text = [
    tr('greeting', { patient: f.patientName }),
    '',
    tr('intro'),
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(map ? [`${tr('map')}: ${map}`] : []),
    '',
    `${tr('manage')}: ${f.link}`,
    tr('manageHint'),
    '',
    tr('closing'),
  ].join('\n');
  const dir = l === 'ar' ? 'rtl' : 'ltr';
  const align = l === 'ar' ? 'right' : 'left';
  const body = `<!doctype html>
<html lang="${l}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${html(tr('subject', { clinic: f.clinicName, date: w.date }))}</title></head>
<body dir="${dir}" style="font-family:Arial,Tahoma,sans-serif;text-align:${align};direction:${dir}">
<p>${html(tr('greeting', { patient: f.patientName }))}</p>
<p>${html(tr('intro'))}</p>
<table role="presentation" dir="${dir}" style="border-collapse:collapse">
${rows.map(([k, v, href]) => `<tr><th style="text-align:${align};padding:4px 8px">${html(k)}</th><td style="padding:4px 8px">${html(v)}${href ? ` (<a href="${html(href)}">${html(tr('map'))}</a>)` : ''}</td></tr>`).join('\n')}
</table>
<p><a href="${html(f.link)}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:6px">${html(tr('manage'))}</a></p>
<p style="color:#666">${html(tr('manageHint'))}</p>
<p>${html(tr('closing'))}</p>
</body></html>`;
  return { subject: tr('subject', { clinic: f.clinicName, date: w.date }), text, html: body, ics: reminderIcs(f, now) };
}

export function reminderSms(f: ReminderFacts): string {
  const w = zonedWords(f.startsAt, f.timeZone, f.language, f.hijriMode);
  return translate('reminders.sms', f.language, { clinic: f.clinicName, doctor: f.doctorName, date: w.date, time: w.time, zone: f.timeZone, link: f.link });
}

/**
 * The WhatsApp reminder template's body parameters, in order: {{1}} patient, {{2}} clinic, {{3}} doctor, {{4}} date,
 * {{5}} time (with the clinic's zone), {{6}} the link to confirm or cancel (docs/deploy.md shows the template).
 */
export function reminderTemplateParams(f: ReminderFacts): string[] {
  const w = zonedWords(f.startsAt, f.timeZone, f.language, f.hijriMode);
  return [f.patientName, f.clinicName, f.doctorName, w.date, `${w.time} (${f.timeZone})`, f.link];
}

// ---------------------------------------------------------------------------------------------------------------
// The calendar file (RFC 5545): start and end in the clinic's zone under its TZID, with a VTIMEZONE giving the
// zone's offset at that time, so every calendar shows the same instant whatever the reader's own zone.

const icsText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (continuation lines start with a space), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const compact = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

export function reminderIcs(f: ReminderFacts, now: Date): string {
  const start = localTime(f.startsAt, f.timeZone);
  const end = localTime(f.endsAt, f.timeZone);
  const offset = offsetText(start.offsetMinutes);
  const title = translate('reminders.calendarTitle', f.language, { clinic: f.clinicName, doctor: f.doctorName });
  const location = [f.clinicName, f.clinicAddress].filter(Boolean).join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clinic//Reminders//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${f.timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${f.appointmentId}@clinic`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${f.timeZone}:${compact(start.date, start.time)}`,
    // An end on the other side of a clock change is written in UTC: the zone block describes the start's offset.
    end.offsetMinutes === start.offsetMinutes ? `DTEND;TZID=${f.timeZone}:${compact(end.date, end.time)}` : `DTEND:${utcStamp(f.endsAt)}`,
    `SUMMARY:${icsText(title)}`,
    `LOCATION:${icsText(location)}`,
    `DESCRIPTION:${icsText(`${f.serviceName}\n${f.link}`)}`,
    ...(f.clinicLocation && mapLink(f.clinicLocation) ? [`GEO:${f.clinicLocation.x};${f.clinicLocation.y}`] : []),
    `URL:${f.link}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
