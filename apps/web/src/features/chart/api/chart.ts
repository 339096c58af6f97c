import { useInfiniteQuery } from '@tanstack/react-query';
import { routes, type ChartKind } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { refreshFileLinks } from '@/lib/file-links';

/** What the chart is filtered by: the kinds shown (all when empty) and a range of days in the browser's zone. */
export interface ChartFilters { kinds: ChartKind[]; from: string | null; to: string | null }

export const CHART_PAGE_SIZE = 30;

export const chartKeys = {
  all: ['chart'] as const,
  /** Every view of one patient's chart, whatever its filters. */
  ofPatient: (patientId: string) => ['chart', patientId] as const,
  patient: (patientId: string, filters: ChartFilters) => [...chartKeys.ofPatient(patientId), filters] as const,
};

/** A day's start or end in the browser's zone, as an instant. */
function dayBound(day: string, end: boolean): string {
  return new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString();
}

/** One page of the patient's chart, after `cursor` (the page before's `nextCursor`). */
export function getChartPage(patientId: string, filters: ChartFilters, cursor: string | null, signal?: AbortSignal) {
  const query = {
    ...(filters.kinds.length ? { kinds: filters.kinds.join(',') } : {}),
    ...(filters.from ? { from: dayBound(filters.from, false) } : {}),
    ...(filters.to ? { to: dayBound(filters.to, true) } : {}),
    ...(cursor ? { cursor } : {}),
    limit: String(CHART_PAGE_SIZE),
  };
  return call(routes.chart.get, { params: { id: patientId }, query }, { signal, silent: true });
}

/** The chart, page after page ("load more"); refetched before the documents' links lapse. */
export function useChart(patientId: string, filters: ChartFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: chartKeys.patient(patientId, filters),
    queryFn: ({ pageParam, signal }) => getChartPage(patientId, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: enabled && Boolean(patientId),
    staleTime: 30_000,
    refetchInterval: refreshFileLinks,
  });
}
