/**
 * The visit's status flow (scheduled -> arrived -> in_consultation -> completed, with no_show and cancelled on the
 * way), as pure rules: which change is allowed, what it stamps, and the times derived from the stamps.
 */
import { APPOINTMENT_TRANSITIONS, type AppointmentStatus } from '@clinic/shared';

export type TransitionRefusal =
  | { code: 'INVALID_TRANSITION'; from: AppointmentStatus; to: AppointmentStatus }
  | { code: 'NO_SHOW_TOO_EARLY' };

/** Why `from -> to` is refused at `now`, or null when it is allowed. */
export function transitionRefusal(from: AppointmentStatus, to: AppointmentStatus, startsAt: Date, now: Date): TransitionRefusal | null {
  if (!APPOINTMENT_TRANSITIONS[from].includes(to)) return { code: 'INVALID_TRANSITION', from, to };
  if (to === 'no_show' && now.getTime() < startsAt.getTime()) return { code: 'NO_SHOW_TOO_EARLY' };
  return null;
}

/** A cancellation at `now` is late when the start is `hours` hours away or less (or already passed). */
export function isLateCancellation(startsAt: Date, now: Date, hours: number): boolean {
  return startsAt.getTime() - now.getTime() <= hours * 3_600_000;
}

/** The columns a status stamps with its time and its author. */
export const STATUS_STAMPS = {
  arrived: { at: 'arrivedAt', by: 'arrivedBy' },
  in_consultation: { at: 'calledInAt', by: 'calledInBy' },
  completed: { at: 'completedAt', by: 'completedBy' },
  cancelled: { at: 'cancelledAt', by: 'cancelledBy' },
  no_show: { at: 'noShowAt', by: 'noShowBy' },
} as const satisfies Partial<Record<AppointmentStatus, { at: string; by: string }>>;

export interface VisitStamps {
  status: AppointmentStatus;
  arrivedAt: Date | null;
  calledInAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  noShowAt: Date | null;
}

const minutesBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));

/**
 * Minutes the patient waited: from check-in to being called in; while still checked in, to `now`. A visit that
 * ended without a call-in (checked in, then completed, cancelled or marked a no-show) waited until that step.
 * Null before check-in. Instants, so a clock change on the day does not add or remove an hour.
 */
export function waitingMinutes(v: VisitStamps, now: Date): number | null {
  if (!v.arrivedAt) return null;
  const end = v.calledInAt ?? (v.status === 'arrived' ? now : v.completedAt ?? v.noShowAt ?? v.cancelledAt);
  return end ? minutesBetween(v.arrivedAt, end) : null;
}

/** Minutes from being called in to completion; null until both happened. */
export function visitMinutes(v: VisitStamps): number | null {
  return v.calledInAt && v.completedAt ? minutesBetween(v.calledInAt, v.completedAt) : null;
}
