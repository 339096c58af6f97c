/**
 * Clinic-local wall-clock time. Appointments come back with the clinic's own offset
 * (`2026-03-29T09:00:00+02:00`), so their literal date and time are what the clinic's clocks show;
 * booking turns a wall-clock date and time back into an instant with the clinic's IANA zone.
 */

export interface WallTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' */
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
      });
    } catch {
      f = formatter('UTC');
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** The date and time an instant shows on the clocks of a zone. */
export function wallAt(instant: Date, timeZone: string): WallTime & { offsetMinutes: number } {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const y = Number(parts.year);
  const mo = Number(parts.month);
  const d = Number(parts.day);
  const h = Number(parts.hour);
  const mi = Number(parts.minute);
  const s = Number(parts.second);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  return {
    date: `${String(y).padStart(4, '0')}-${pad(mo)}-${pad(d)}`,
    time: `${pad(h)}:${pad(mi)}`,
    offsetMinutes: Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000),
  };
}

/** Reads the literal clinic-local date and time of an API instant such as `2026-03-29T09:00:00+02:00`. */
export function wallOf(iso: string): WallTime {
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The instant at which the zone's clocks show `date` `time`, written with that zone's offset. */
export function wallToIso(date: string, time: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = wallAt(new Date(wall), timeZone).offsetMinutes;
  let instant = wall - first * 60_000;
  const second = wallAt(new Date(instant), timeZone).offsetMinutes;
  if (second !== first) instant = wall - second * 60_000;
  const shown = wallAt(new Date(instant), timeZone);
  return `${shown.date}T${shown.time}:00${offsetText(shown.offsetMinutes)}`;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The weekday of a calendar date: 0 Sunday to 6 Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The first day of the week holding `date`, for weeks starting on `firstDay` (0 Sunday to 6 Saturday). */
export function weekStart(date: string, firstDay: number): string {
  return addDays(date, -((weekdayOf(date) - firstDay + 7) % 7));
}

export function toMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export function fromMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** "09:00–09:30", kept left-to-right inside Arabic text (otherwise the two times swap places). */
export function timeRange(from: string, to: string): string {
  return `\u2066${from}–${to}\u2069`;
}
