import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditSortFields, routes } from '@clinic/shared';
import { listRequestQuery, type ListParams } from '@/components/list';
import { call } from '@/lib/api-client';

export type AuditQuery = Omit<ListParams, 'search'> & {
  actor: string | null;
  entity: string | null;
  action: string | null;
  entityId?: string | null;
  from: string | null;
  to: string | null;
};

/** The list's query, and the export that asks the same (every row the filters select, as CSV). */
export function auditRequest(query: AuditQuery) {
  return { route: routes.exports.audit, query: {
      ...listRequestQuery(query, auditSortFields),
      actor: query.actor ?? undefined,
      entity: query.entity ?? undefined,
      action: query.action ?? undefined,
      entityId: query.entityId ?? undefined,
      from: query.from ?? undefined,
      to: query.to ?? undefined,
    } };
}

export function getAudit(query: AuditQuery, signal?: AbortSignal) {
  return call(routes.audit.list, { query: auditRequest(query).query }, { signal });
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

export async function getAuditFilters(signal?: AbortSignal) {
  return (await call(routes.audit.filters, {}, { signal })).data;
}

export function useAuditFilters() {
  return useQuery({
    queryKey: auditKeys.filters,
    queryFn: ({ signal }) => getAuditFilters(signal),
    staleTime: 60_000,
  });
}
