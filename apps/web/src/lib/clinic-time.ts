/**
 * Clinic-local wall-clock time on the booking screens and the calendar. Appointments come back with the clinic's own
 * offset (`2026-03-29T09:00:00+02:00`), so their literal date and time are what the clinic's clocks show; booking
 * turns a wall-clock date and time back into an instant in the clinic's IANA zone. The zone arithmetic is the shared
 * dates module's (the API's too): this file only names it for the screens.
 */
import { localTime, safeTimeZone, toMinutes as minutesOf, zonedInstant, zonedIso } from '@clinic/shared';

export { addDays, fromMinutes, weekStart } from '@clinic/shared';

export interface WallTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' */
  time: string;
}

/** The date and time an instant shows on the clocks of a zone (an unknown zone reads as UTC). */
export function wallAt(instant: Date, timeZone: string): WallTime & { offsetMinutes: number } {
  const { date, time, offsetMinutes } = localTime(instant, safeTimeZone(timeZone));
  return { date, time, offsetMinutes };
}

/** Reads the literal clinic-local date and time of an API instant such as `2026-03-29T09:00:00+02:00`. */
export function wallOf(iso: string): WallTime {
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The instant at which the zone's clocks show `date` `time`, written with that zone's offset. */
export function wallToIso(date: string, time: string, timeZone: string): string {
  const zone = safeTimeZone(timeZone);
  return zonedIso(zonedInstant(date, time, zone), zone);
}

/** Minutes since midnight of a wall-clock time ('HH:MM', seconds ignored); 0 (midnight) when it is not one. */
export function toMinutes(time: string): number {
  return minutesOf(time.slice(0, 5)) ?? 0;
}

/** "09:00–09:30", kept left-to-right inside Arabic text (otherwise the two times swap places). */
export function timeRange(from: string, to: string): string {
  return `\u2066${from}–${to}\u2069`;
}
