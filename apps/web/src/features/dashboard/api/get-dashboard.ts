import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiList, ApiSuccess, DashboardFigures } from '@clinic/shared';
import { http } from '@/lib/http';

export interface DashboardScope {
  clinic: string | null;
  complex: string | null;
  from: string;
  to: string;
}

export async function getDashboard(scope: DashboardScope, signal?: AbortSignal) {
  return (await http.get<ApiSuccess<DashboardFigures>>('/dashboard', { signal, silent: true, query: { ...scope } })).data;
}

export function useDashboard(scope: DashboardScope) {
  return useQuery({ queryKey: ['dashboard', scope], queryFn: ({ signal }) => getDashboard(scope, signal) });
}

/** The figures counted again now (the server keeps those of several clinics for a minute). */
export async function refreshDashboard(scope: DashboardScope) {
  return (await http.get<ApiSuccess<DashboardFigures>>('/dashboard', { query: { ...scope, fresh: 'true' } })).data;
}

/** Counts the figures of several clinics again now (the server keeps them for a minute) and shows the new ones. */
export function useRefreshDashboard(scope: DashboardScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshDashboard(scope),
    onSuccess: (data) => queryClient.setQueryData(['dashboard', scope], data),
  });
}

/** Complexes of the company, for the scope picker. */
export function useComplexOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'complexes'],
    enabled,
    queryFn: ({ signal }) =>
      http.get<ApiList<{ _id: string; name: string }>>('/cliniccollections', { signal, query: { allData: true, sortBy: 'name', order: 'asc' } }).then((r) => r.data),
  });
}
