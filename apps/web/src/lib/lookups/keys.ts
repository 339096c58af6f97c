/*
 * The lookups' names and cache keys, apart from their sources (the contract's list routes): the query client, which
 * comes with the sign-in page, refreshes lookups by key without carrying the routes of every entity.
 */

/** The records other screens choose from in a select. */
export type LookupKind = 'clinics' | 'doctors' | 'staff' | 'services' | 'specializations' | 'departments' | 'complexes' | 'roles';

/** List parameters next to `allData` (the sort, an active-only filter, ...). */
export type LookupQuery = Record<string, string | number | boolean | undefined>;

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
