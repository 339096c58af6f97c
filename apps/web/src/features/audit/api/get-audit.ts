import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditSortFields, routes, type ApiList, type ApiSuccess, type AuditEntry, type Ref } from '@clinic/shared';
import { oneOf, type ListParams } from '@/components/list';
import { http } from '@/lib/http';

export type AuditQuery = Omit<ListParams, 'search'> & {
  actor: string | null;
  entity: string | null;
  action: string | null;
  entityId?: string | null;
  from: string | null;
  to: string | null;
};

/** The list's request, its path and query, and the export that asks the same (every row the filters select, as CSV). */
export function auditRequest(query: AuditQuery) {
  return { path: '/audit', route: routes.exports.audit, query: {
      page: query.page,
      limit: query.limit,
      sortBy: oneOf(query.sortBy, auditSortFields) ?? undefined,
      order: query.order,
      actor: query.actor ?? undefined,
      entity: query.entity ?? undefined,
      action: query.action ?? undefined,
      entityId: query.entityId ?? undefined,
      from: query.from ?? undefined,
      to: query.to ?? undefined,
    } };
}

export function getAudit(query: AuditQuery, signal?: AbortSignal) {
  const request = auditRequest(query);
  return http.get<ApiList<AuditEntry>>(request.path, { signal, query: request.query });
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditQuery) => ['audit', 'list', query] as const,
  filters: ['audit', 'filters'] as const,
};

export function useAudit(query: AuditQuery, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: auditKeys.list(query),
      queryFn: ({ signal }) => getAudit(query, signal),
      placeholderData: keepPreviousData,
      staleTime: 10_000,
      enabled,
    }),
  );
}

export interface AuditFilterValues {
  entities: string[];
  actions: string[];
  actors: Ref[];
}

export function useAuditFilters() {
  return useQuery({
    queryKey: auditKeys.filters,
    queryFn: ({ signal }) => http.get<ApiSuccess<AuditFilterValues>>('/audit/filters', { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}
