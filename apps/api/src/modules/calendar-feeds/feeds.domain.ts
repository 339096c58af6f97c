/**
 * Pure parts of the calendar feeds: the VTIMEZONE of an IANA zone over a window (its offset changes from the shared
 * dates module, the same source the booking rules use), and what a phone calendar shows of a patient.
 */
import { clockChanges, localTime } from '@clinic/shared';

const MINUTE = 60_000;

/** +0300, -0430 */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** An instant as the local wall time of a UTC offset, in iCalendar's basic form (20260329T020000). */
function wallTime(instant: number, offset: number): string {
  return new Date(instant + offset * MINUTE).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/**
 * The VTIMEZONE component of `timeZone` valid over [from, to): one observance for the offset in force at `from`
 * and one for each change up to `to` (DAYLIGHT when the clock moves forward, STANDARD when it moves back).
 */
export function vtimezone(timeZone: string, from: number, to: number): string {
  const changes = clockChanges(timeZone, from, to);
  const first = localTime(new Date(from), timeZone).offsetMinutes;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  // The offset in force before the window, as an observance that starts long before it.
  const initialKind = changes[0] && changes[0].to < first ? 'DAYLIGHT' : 'STANDARD';
  lines.push(`BEGIN:${initialKind}`, 'DTSTART:19700101T000000', `TZOFFSETFROM:${formatOffset(first)}`, `TZOFFSETTO:${formatOffset(first)}`, `END:${initialKind}`);
  for (const c of changes) {
    const kind = c.to > c.from ? 'DAYLIGHT' : 'STANDARD';
    lines.push(`BEGIN:${kind}`, `DTSTART:${wallTime(c.at, c.from)}`, `TZOFFSETFROM:${formatOffset(c.from)}`, `TZOFFSETTO:${formatOffset(c.to)}`, `END:${kind}`);
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

/** "محمد عبدالله" -> "م. ع."; "Lina Haddad" -> "L. H.": initials in the name's own script. */
export function initials(name: string): string {
  return name.trim().split(/\s+/).filter(Boolean).slice(0, 3).map((w) => `${Array.from(w)[0]}.`).join(' ');
}
