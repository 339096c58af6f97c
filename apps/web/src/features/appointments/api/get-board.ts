import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, AppointmentBoard } from '@clinic/shared';
import { http } from '@/lib/http';
import { appointmentsKeys } from './appointments-keys';

/** How often the board asks again, so changes made at another desk show without a reload. */
export const BOARD_REFRESH_MS = 15_000;

/** One clinic's day at the front desk (`date` null: today in the clinic's time zone). */
export async function getBoard(clinic: string, date: string | null, signal?: AbortSignal): Promise<AppointmentBoard> {
  const body = await http.get<ApiSuccess<AppointmentBoard>>('/appointments/board', { signal, query: { clinic, date } });
  return body.data;
}

export const boardQueryOptions = (clinic: string, date: string | null) =>
  queryOptions({
    queryKey: appointmentsKeys.board(clinic, date),
    queryFn: ({ signal }) => getBoard(clinic, date, signal),
    placeholderData: keepPreviousData,
    refetchInterval: BOARD_REFRESH_MS,
  });

export function useBoard(clinic: string | null, date: string | null) {
  return useQuery({ ...boardQueryOptions(clinic ?? '', date), enabled: Boolean(clinic) });
}
