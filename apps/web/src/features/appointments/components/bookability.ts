import { intersectSpans, type AppointmentAvailability, type AvailabilityDay } from '@clinic/shared';
import { toMinutes } from '@/lib/clinic-time';

/** Minutes since the clinic's local midnight, half-open: [start, end). */
export interface Window {
  start: number;
  end: number;
}

const toWindow = (slot: { startTime: string; endTime: string }): Window => {
  const end = toMinutes(slot.endTime);
  return { start: toMinutes(slot.startTime), end: end === 0 ? 24 * 60 : end };
};

/**
 * When a day can be booked: the clinic's slots (the whole day when the clinic has set no working hours,
 * as the spec says), nothing on a holiday, and within the doctor's free windows when a doctor is chosen.
 */
export function openWindows(day: AvailabilityDay | undefined, availability: Pick<AppointmentAvailability, 'clinic'> | undefined): Window[] {
  if (!day || !availability) return [{ start: 0, end: 24 * 60 }];
  if (day.holiday) return [];
  const clinic = availability.clinic.hasWorkingHours ? day.clinicHours.map(toWindow) : [{ start: 0, end: 24 * 60 }];
  return day.doctorHours === null ? clinic : intersectSpans(clinic, day.doctorHours.map(toWindow));
}

/** A cell (or a moved appointment) is bookable when it fits inside one open window, start inclusive, end exclusive. */
export function fits(windows: Window[], start: number, end: number): boolean {
  return windows.some((w) => w.start <= start && end <= w.end);
}

/** The parts of [from, to) outside the open windows: drawn faded red and not clickable. */
export function closedRanges(windows: Window[], from: number, to: number): Window[] {
  const out: Window[] = [];
  let cursor = from;
  for (const w of [...windows].sort((p, q) => p.start - q.start)) {
    if (w.end <= cursor) continue;
    if (w.start >= to) break;
    if (w.start > cursor) out.push({ start: cursor, end: Math.min(w.start, to) });
    cursor = Math.max(cursor, w.end);
  }
  if (cursor < to) out.push({ start: cursor, end: to });
  return out;
}

/** True when [start, end) overlaps none of the busy ranges. */
export function clear(busy: Window[], start: number, end: number): boolean {
  return !busy.some((b) => b.start < end && start < b.end);
}

export interface StartRule {
  /** Length of the visit: the whole of it must fit. */
  duration: number;
  /** No start before this (the clinic's clock now, on today). */
  notBefore?: number;
}

export interface StartTimes extends StartRule {
  /** Where the grid's rows start (the clinic's opening), so the times offered line up with the calendar's rows. */
  origin: number;
  /** Steps between start times (the clinic's visit duration). */
  step: number;
}

/**
 * May a visit start at `start`: not before `notBefore`, the whole visit inside one open window and clear of the busy
 * ranges. Any minute may be booked (the first available time is not always on the grid); the grid only says which
 * starts are listed.
 */
export function startFits(windows: Window[], busy: Window[], start: number, { duration, notBefore = 0 }: StartRule): boolean {
  return start >= notBefore && fits(windows, start, start + duration) && clear(busy, start, start + duration);
}

/**
 * The start times listed for a day: the grid of the clinic's rows, each one kept when `startFits` accepts it, so
 * every start listed is one the form accepts.
 */
export function freeStarts(windows: Window[], busy: Window[], grid: StartTimes): number[] {
  const { origin, step, notBefore = 0 } = grid;
  const out = new Set<number>();
  for (const w of windows) {
    const first = Math.max(w.start, notBefore);
    for (let t = origin + Math.ceil((first - origin) / step) * step; t + grid.duration <= w.end; t += step) {
      if (startFits(windows, busy, t, grid)) out.add(t);
    }
  }
  return [...out].sort((a, b) => a - b);
}
