import { APPOINTMENT_TRANSITIONS, type AppointmentStatus } from '@clinic/shared';

/** The steps a user can take on an appointment: the statuses it may move to next. */
export type VisitStep = Exclude<AppointmentStatus, 'scheduled' | 'requested'>;

/** The order the buttons come in, the visit's own order. */
const STEP_ORDER: readonly VisitStep[] = ['arrived', 'in_consultation', 'completed', 'no_show', 'cancelled'];

/**
 * The steps the API allows from `status` (APPOINTMENT_TRANSITIONS), less a no-show before the start has passed: the
 * server would refuse it, so it is not offered.
 */
export function visitSteps(status: AppointmentStatus, startsAt: string, now: number = Date.now()): VisitStep[] {
  const allowed = APPOINTMENT_TRANSITIONS[status];
  const started = Date.parse(startsAt) <= now;
  return STEP_ORDER.filter((step) => allowed.includes(step) && (step !== 'no_show' || started));
}
