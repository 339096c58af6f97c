import type { VisitView } from '@clinic/shared';

/** Text as an iCalendar value: backslash, semicolon, comma and line breaks escaped. */
const icsText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** An instant as iCalendar UTC time (20261128T101500Z). */
const icsTime = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * The patient's visit as an iCalendar file for their own calendar: the visit's exact instants (the clinic's wall time,
 * whatever the phone's zone), the clinic and its address as the place, the doctor in the description. Nothing else
 * (no service, no reason), as the page itself shows.
 */
export function visitIcs(v: VisitView, text: { title: string; description: string }, now = new Date()): string {
  const place = [v.clinic, v.address].filter(Boolean).join(', ');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clinic//Patient visit//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:visit-${icsTime(v.datetime)}-${encodeURIComponent(v.clinic).slice(0, 60)}@clinic`,
    `DTSTAMP:${icsTime(now.toISOString())}`,
    `DTSTART:${icsTime(v.datetime)}`,
    `DTEND:${icsTime(v.endsAt)}`,
    `SUMMARY:${icsText(text.title)}`,
    `LOCATION:${icsText(place)}`,
    `DESCRIPTION:${icsText(text.description)}`,
    ...(v.mapUrl ? [`URL:${v.mapUrl}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The file as a link a phone downloads and hands to its calendar. */
export const icsHref = (ics: string) => `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;

/** The language the phone itself asks for (its settings), when it is one the page speaks. */
export function phoneLanguage(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): 'ar' | 'en' | null {
  for (const tag of languages) {
    const lang = tag?.slice(0, 2).toLowerCase();
    if (lang === 'ar' || lang === 'en') return lang;
  }
  return null;
}
