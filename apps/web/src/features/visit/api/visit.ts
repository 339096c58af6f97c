import { onlineBookingRoutes, routes } from '@clinic/shared';
import { call } from '@/lib/api-client';

/** The patient's page of one appointment, opened by the signed link's token (no sign-in). */
export async function getVisit(token: string, signal?: AbortSignal) {
  return (await call(routes.reminders.visit, { query: { token } }, { signal, silent: true, skipAuthRefresh: true })).data;
}

/** The patient's answer: confirm the visit, or cancel it with a reason. */
export async function actOnVisit(action: 'confirm' | 'cancel', token: string, reason: string) {
  const options = { silent: true, skipAuthRefresh: true };
  const answer = action === 'cancel'
    ? await call(routes.reminders.cancelVisit, { body: { token, reason } }, options)
    : await call(routes.reminders.confirmVisit, { body: { token } }, options);
  return answer.data;
}

const publicOptions = { silent: true, skipAuthRefresh: true } as const;

/** The clinic-local days from `from` to `to` with a free time the visit of the link can move to. */
export async function getVisitDays(token: string, from: string, to: string, signal?: AbortSignal) {
  return (await call(onlineBookingRoutes.visitDays, { query: { token, from, to } }, { ...publicOptions, signal })).data;
}

/** The free times of one clinic-local day the visit of the link can move to (same clinic, service and doctor). */
export async function getVisitTimes(token: string, date: string, signal?: AbortSignal) {
  return (await call(onlineBookingRoutes.visitTimes, { query: { token, date } }, { ...publicOptions, signal })).data;
}

/** Moves the visit of the link to another free time, in one step. */
export async function rescheduleVisit(token: string, datetime: string) {
  return (await call(onlineBookingRoutes.rescheduleVisit, { body: { token, datetime } }, publicOptions)).data;
}

