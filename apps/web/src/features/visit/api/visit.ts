import { routes } from '@clinic/shared';
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
