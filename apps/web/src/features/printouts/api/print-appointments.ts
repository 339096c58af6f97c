import type { ApiList, ApiSuccess, AppointmentRecord } from '@clinic/shared';
import { http } from '@/lib/http';

/** The appointment a slip is printed for. */
export async function getSlipAppointment(id: string, signal?: AbortSignal) {
  return (await http.get<ApiSuccess<AppointmentRecord>>(`/appointments/${id}`, { signal })).data;
}

/** A clinic's day (or one doctor's there), every appointment in time order, each with its patient's phone. */
export async function getScheduleDay(clinic: string | null, doctor: string | null, date: string, signal?: AbortSignal) {
  return (await http.get<ApiList<AppointmentRecord>>('/appointments', {
    signal, query: { clinic, doctor, date, allData: true, sortBy: 'datetime', order: 'asc', withPhone: true },
  })).data;
}
