import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';

export interface DashboardScope {
  clinic: string | null;
  complex: string | null;
  from: string;
  to: string;
}

/** The scope as the figures' query: a clinic or a complex (neither: the company) and the days. */
const scopeQuery = (scope: DashboardScope) => ({ clinic: scope.clinic ?? undefined, complex: scope.complex ?? undefined, from: scope.from, to: scope.to });

export async function getDashboard(scope: DashboardScope, signal?: AbortSignal) {
  return (await call(routes.dashboard.get, { query: scopeQuery(scope) }, { signal, silent: true })).data;
}

export function useDashboard(scope: DashboardScope) {
  return useQuery({ queryKey: ['dashboard', scope], queryFn: ({ signal }) => getDashboard(scope, signal) });
}

/** The figures counted again now (the server keeps those of several clinics for a minute). */
export async function refreshDashboard(scope: DashboardScope) {
  return (await call(routes.dashboard.get, { query: { ...scopeQuery(scope), fresh: 'true' } })).data;
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
      call(routes.complexes.list, { query: { allData: 'true', sortBy: 'name', order: 'asc' } }, { signal }).then((r) => r.data),
  });
}
