import type { AppointmentAvailability, AppointmentCard, AvailabilityDay } from '@clinic/shared';
import { closedRanges, openWindows, type Window } from '@/features/appointments';
import { toMinutes, wallOf } from '@/lib/clinic-time';

/** Where a card sits across its doctor's column: lane `lane` of `lanes` side by side. */
export interface Placement {
  lane: number;
  lanes: number;
}

/**
 * Side-by-side lanes for the cards of one column: cards that overlap (directly or through a chain of overlaps) share
 * the column's width, each in the first lane free at its start; a card that overlaps nothing takes the whole width.
 * Half-open ranges: one ending at 10:00 and one starting at 10:00 do not overlap.
 */
export function layoutLanes<T extends { id: string; start: number; end: number }>(items: readonly T[]): Map<string, Placement> {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end || a.id.localeCompare(b.id));
  const out = new Map<string, Placement>();
  let group: Array<{ id: string; lane: number }> = [];
  let laneEnds: number[] = [];
  let groupEnd = -Infinity;
  const close = () => {
    for (const g of group) out.set(g.id, { lane: g.lane, lanes: laneEnds.length });
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    if (item.start >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(item.end);
    } else {
      laneEnds[lane] = item.end;
    }
    group.push({ id: item.id, lane });
    groupEnd = group.length === 1 ? item.end : Math.max(groupEnd, item.end);
  }
  close();
  return out;
}

export type ShadeKind = 'off' | 'break' | 'leave' | 'dayOff' | 'holiday';

export interface Shade extends Window {
  kind: ShadeKind;
}

/**
 * What a doctor's column shades between `from` and `to` (minutes of the clinic's day): the whole day on a holiday,
 * leave or a day off; otherwise the time outside the doctor's bookable hours, where a gap between two of the doctor's
 * windows is a break and the rest is off hours. Everything shaded is refused for booking.
 */
export function doctorShades(day: AvailabilityDay | undefined, availability: Pick<AppointmentAvailability, 'clinic'> | undefined, from: number, to: number): Shade[] {
  if (!day) return [];
  if (day.holiday) return [{ start: from, end: to, kind: 'holiday' }];
  if (day.doctorAway) return [{ start: from, end: to, kind: day.doctorAway }];
  const windows = openWindows(day, availability);
  const own = (day.doctorHours ?? []).map((s) => ({ start: toMinutes(s.startTime), end: toMinutes(s.endTime) || 24 * 60 }));
  const first = Math.min(...own.map((w) => w.start));
  const last = Math.max(...own.map((w) => w.end));
  return closedRanges(windows, from, to).map((r) => ({ ...r, kind: own.length && r.start >= first && r.end <= last ? 'break' : 'off' }));
}

/** A card's minutes within the day: clipped to midnight on either side. */
export function spanOf(card: AppointmentCard, date: string) {
  const s = wallOf(card.datetime);
  const e = wallOf(card.endsAt);
  return { start: s.date < date ? 0 : toMinutes(s.time), end: e.date > date ? 24 * 60 : toMinutes(e.time) };
}
