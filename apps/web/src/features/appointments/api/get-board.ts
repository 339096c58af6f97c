import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';

/** How often the board asks again, so changes made at another desk show without a reload. */
export const BOARD_REFRESH_MS = 15_000;

/** One clinic's day at the front desk (`date` null: today in the clinic's time zone). */
export async function getBoard(clinic: string, date: string | null, signal?: AbortSignal) {
  const body = await call(routes.appointments.board, { query: { clinic, date: date ?? undefined } }, { signal });
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
