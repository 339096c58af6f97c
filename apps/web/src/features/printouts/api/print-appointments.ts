import { routes } from '@clinic/shared';
import { wholeRecords } from '@/features/appointments';
import { call } from '@/lib/api-client';

/** The appointment a slip is printed for. */
export async function getSlipAppointment(id: string, signal?: AbortSignal) {
  return (await call(routes.appointments.get, { params: { id } }, { signal })).data;
}

/** A clinic's day (or one doctor's there), every appointment in time order, each with its patient's phone. */
export async function getScheduleDay(clinic: string | null, doctor: string | null, date: string, signal?: AbortSignal) {
  const page = await call(routes.appointments.list, {
    query: { clinic: clinic ?? undefined, doctor: doctor ?? undefined, date, allData: 'true', sortBy: 'datetime', order: 'asc', withPhone: 'true' },
  }, { signal });
  return wholeRecords(page).data;
}
