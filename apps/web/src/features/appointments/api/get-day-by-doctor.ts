import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { routes, type AvailabilityDay } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { availabilityQueryOptions } from './get-availability';

export interface DayCardsQuery {
  clinic: string;
  search: string;
  /** Instants with offset: the day's first moment and the next day's. */
  from: string;
  to: string;
}

/** Every appointment of a clinic on one day, as the lean cards the calendar draws (`view=calendar`). */
export function getDayCards(query: DayCardsQuery, signal?: AbortSignal) {
  return call(routes.appointments.list, {
    query: { clinic: query.clinic, search: query.search, from: query.from, to: query.to, view: 'calendar', sortBy: 'datetime', order: 'asc' },
  }, { signal });
}

// Under the appointments' root key, so every booking, move and status change refreshes the day.
export const dayCardsQueryOptions = (query: DayCardsQuery) =>
  queryOptions({
    queryKey: ['appointments', 'day-cards', query] as const,
    queryFn: ({ signal }) => getDayCards(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDayCards(query: DayCardsQuery | null) {
  return useQuery({ ...dayCardsQueryOptions(query ?? { clinic: '', search: '', from: '', to: '' }), enabled: Boolean(query) });
}

const NOTHING_YET: ReadonlyMap<string, AvailabilityDay | undefined> = new Map();

/**
 * Each doctor's own day at the clinic (shifts minus breaks, leave, day off), from the availability the week view
 * reads for one doctor, keyed by doctor id. The answers are handed over together once all have arrived (empty until
 * then), so a day of fifteen doctors redraws once rather than fifteen times; a doctor whose answer failed stays
 * undefined (nothing offered in that column).
 */
export function useDoctorsDay(clinic: string | null, date: string, doctorIds: readonly string[]): ReadonlyMap<string, AvailabilityDay | undefined> {
  return useQueries({
    queries: doctorIds.map((doctor) => ({
      ...availabilityQueryOptions({ clinic: clinic ?? '', from: date, to: date, doctor }),
      placeholderData: undefined,
      enabled: Boolean(clinic),
    })),
    combine: (results) => {
      if (!clinic || results.some((r) => r.isPending && r.fetchStatus !== 'idle')) return NOTHING_YET;
      const map = new Map<string, AvailabilityDay | undefined>();
      doctorIds.forEach((id, i) => {
        const data = results[i]?.data;
        map.set(id, data && data.clinic._id === clinic ? data.days.find((d) => d.date === date) : undefined);
      });
      return map;
    },
  });
}
