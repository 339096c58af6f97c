import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { routes, type ApiList } from '@clinic/shared';
import { callWithQuery } from '@/lib/api-client';
import { lookupKeys, type LookupKind, type LookupQuery } from './keys';

export { lookupKeys, type LookupKind, type LookupQuery };

/** Where each lookup's rows come from: the list's contract route (every row: `allData`, capped by the server). */
type ListRoute =
  | typeof routes.clinics.list | typeof routes.employees.list | typeof routes.services.list | typeof routes.specializations.list
  | typeof routes.departments.list | typeof routes.complexes.list | typeof routes.roles.list;

const SOURCES: Record<LookupKind, { route: ListRoute; query?: Record<string, string> }> = {
  clinics: { route: routes.clinics.list },
  doctors: { route: routes.employees.list, query: { employeeType: 'Doctor' } },
  staff: { route: routes.employees.list },
  services: { route: routes.services.list },
  specializations: { route: routes.specializations.list },
  departments: { route: routes.departments.list },
  complexes: { route: routes.complexes.list },
  roles: { route: routes.roles.list },
};

/**
 * What a lookup relies on in a list's answer, checked in development and tests: a page of rows, each with an id and a
 * name. The lists' own screens check their whole records against the contract.
 */
export const LOOKUP_PAGE = z.object({ success: z.literal(true), data: z.array(z.object({ _id: z.string(), name: z.string() })) });

/** A row of a lookup: at least an id and a name. */
export interface LookupRow {
  _id: string;
  name: string;
  publicId?: string;
}


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
        // Every lookup is a list route of the contract, answering a page of rows (checked against it in development and tests).
        const reply = await callWithQuery(source.route, { allData: 'true', ...source.query, ...query }, { signal, silent: fetch.silent }, LOOKUP_PAGE);
        const body = reply as ApiList<unknown> as ApiList<R>;
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
