import type { ApiSuccess, VisitView } from '@clinic/shared';
import { http } from '@/lib/http';

/** The patient's page of one appointment, opened by the signed link's token (no sign-in). */
export async function getVisit(token: string, signal?: AbortSignal) {
  return (await http.get<ApiSuccess<VisitView>>('/public/visit', { query: { token }, signal, silent: true, skipAuthRefresh: true })).data;
}

/** The patient's answer: confirm the visit, or cancel it with a reason. */
export async function actOnVisit(action: 'confirm' | 'cancel', token: string, reason: string) {
  return (await http.post<ApiSuccess<VisitView>>(`/public/visit/${action}`, action === 'cancel' ? { token, reason } : { token }, { silent: true, skipAuthRefresh: true })).data;
}
