/**
 * Pure parts of the calendar feeds: the VTIMEZONE of an IANA zone over a window (its offset changes found with
 * `Intl`, the same source the booking rules use), and what a phone calendar shows of a patient.
 */
import { intlLocalTime } from '../../domain/scheduling/time-zone.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The zone's offset from UTC at an instant, in minutes. */
export function offsetMinutes(instant: number, timeZone: string): number {
  return Math.round(intlLocalTime(new Date(instant), timeZone).exactOffsetMs / MINUTE);
}

export interface Transition { at: number; from: number; to: number }

/**
 * Every change of the zone's offset within [from, to): scanned a day at a time (no zone changes twice in a day),
 * each found to the minute by halving. Bounded: at most (to - from) / DAY steps plus 11 per change.
 */
export function transitions(timeZone: string, from: number, to: number, maxDays = 4000): Transition[] {
  const out: Transition[] = [];
  const end = Math.min(to, from + maxDays * DAY);
  let t = Math.floor(from / MINUTE) * MINUTE;
  let offset = offsetMinutes(t, timeZone);
  while (t < end) {
    const next = Math.min(t + DAY, end);
    const nextOffset = offsetMinutes(next, timeZone);
    if (nextOffset !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE) {
        const mid = lo + Math.floor((hi - lo) / (2 * MINUTE)) * MINUTE;
        if (offsetMinutes(mid, timeZone) === offset) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, from: offset, to: nextOffset });
      offset = nextOffset;
    }
    t = next;
  }
  return out;
}

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
  const changes = transitions(timeZone, from, to);
  const first = offsetMinutes(from, timeZone);
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
