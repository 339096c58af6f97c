import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type ApiList, type RouteSpec } from '@clinic/shared';
import { pathOf } from '@/lib/api-client';
import { http } from '@/lib/http';

/** The records other screens choose from in a select. */
export type LookupKind = 'clinics' | 'doctors' | 'staff' | 'services' | 'specialities' | 'departments' | 'complexes' | 'roles';

/**
 * Where each lookup's rows come from: the list's contract route (every row: `allData`, capped by the server). Staff
 * and doctors name the employees list by its path until that list is in the contract.
 */
const SOURCES: Record<LookupKind, { route: RouteSpec | '/employees'; query?: Record<string, string> }> = {
  clinics: { route: routes.clinics.list },
  doctors: { route: '/employees', query: { employeeType: 'Doctor' } },
  staff: { route: '/employees' },
  services: { route: routes.services.list },
  specialities: { route: routes.specializations.list },
  departments: { route: routes.departments.list },
  complexes: { route: routes.complexes.list },
  roles: { route: routes.roles.list },
};

const pathOfSource = ({ route }: (typeof SOURCES)[LookupKind]) => (typeof route === 'string' ? route : pathOf(route));

/**
 * One cache key per lookup: `['lookups', kind]`, below it one entry per set of list parameters. The mutations of an
 * entity name the lookups they change (`meta.lookups`) and the query client refreshes them (query-client.ts), so a
 * speciality just created is in the clinic form's select at once.
 */
export const lookupKeys = {
  all: ['lookups'] as const,
  kind: (kind: LookupKind) => ['lookups', kind] as const,
  list: (kind: LookupKind, query: LookupQuery) => ['lookups', kind, query] as const,
};

/** A row of a lookup: at least an id and a name. */
export interface LookupRow {
  _id: string;
  name: string;
  publicId?: string;
}

/** List parameters next to `allData` (the sort, an active-only filter, ...). */
export type LookupQuery = Record<string, string | number | boolean | undefined>;

export interface LookupFetch {
  /** A list the server refuses (or does not offer) comes back empty, so the select shows its empty text. */
  emptyOnError?: boolean;
  /** No error toast: the select says it is empty. */
  silent?: boolean;
}

/** The query of a lookup with the given list parameters. */
export function lookupOptions<R extends LookupRow = LookupRow>(kind: LookupKind, query: LookupQuery = {}, fetch: LookupFetch = {}) {
  const source = SOURCES[kind];
  return queryOptions({
    queryKey: lookupKeys.list(kind, query),
    queryFn: async ({ signal }) => {
      try {
        const body = await http.get<ApiList<R>>(pathOfSource(source), { signal, silent: fetch.silent, query: { allData: 'true', ...source.query, ...query } });
        return body.data;
      } catch (error) {
        if (fetch.emptyOnError) return [] as R[];
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** The rows of a lookup. */
export function useLookup<R extends LookupRow = LookupRow>(kind: LookupKind, query: LookupQuery = {}, fetch: LookupFetch & { enabled?: boolean } = {}) {
  return useQuery({ ...lookupOptions<R>(kind, query, fetch), enabled: fetch.enabled ?? true });
}

/** A choice in a Mantine select. */
export interface SelectOption {
  value: string;
  label: string;
}

export function toSelectOptions(rows: readonly LookupRow[]): SelectOption[] {
  return rows.map((row) => ({ value: row._id, label: row.name }));
}

/** A lookup as select options. */
export function useLookupOptions(kind: LookupKind, query: LookupQuery = {}, fetch: LookupFetch & { enabled?: boolean } = {}) {
  return useQuery({ ...lookupOptions(kind, query, fetch), select: toSelectOptions, enabled: fetch.enabled ?? true });
}
