import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiList, listQuerySchema } from '@clinic/shared';
import type { ListState } from './use-list-state';

/** The list query every list endpoint reads (the shared `listQuerySchema`), as the API parses it. */
type SharedListQuery = z.output<ReturnType<typeof listQuerySchema>>;

/** What every list request carries: the page, its size, the sort and the search, as the shared list query has them. */
export type ListParams = Required<Pick<SharedListQuery, 'page' | 'limit' | 'sortBy' | 'order' | 'search'>>;

/** The page, size, sort and search of a list screen's URL state, as a list request takes them. */
export function listParams<F extends string>(list: ListState<F>): ListParams {
  return { page: list.page, limit: list.limit, sortBy: list.sortBy, order: list.order, search: list.search };
}

/** A filter value from the URL when it is one of `allowed`, else no filter (a hand-edited URL shows everything). */
export function oneOf<V extends string>(value: string | null, allowed: readonly V[]): V | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as V) : null;
}

/** A `YYYY-MM-DD` day from the URL, else no filter. */
export function dayOf(value: string | null | undefined): string | null {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

/** The active / inactive filter most lists offer. */
export const STATUS_VALUES = ['active', 'inactive'] as const;
export type StatusFilter = (typeof STATUS_VALUES)[number];

/** A list request with the active / inactive filter. */
export type StatusListQuery = ListParams & { status: StatusFilter | null };

/**
 * The common part of a list request's query string: page, size, sort, search, and the status filter as the shared
 * list query's `isActive`. Given the entity's sort fields, the sort is typed as they are, and a sort the URL names
 * that the list does not have (a hand-edited address) is left out, so the list shows in its default order.
 */
export function listRequestQuery<S extends string = string>(
  q: Omit<ListParams, 'search'> & { search?: string; status?: StatusFilter | null },
  sortFields?: readonly S[],
) {
  return {
    page: q.page,
    limit: q.limit,
    sortBy: (sortFields ? (oneOf(q.sortBy, sortFields) ?? undefined) : q.sortBy) as S | undefined,
    order: q.order,
    search: q.search,
    isActive: q.status ? (String(q.status === 'active') as 'true' | 'false') : undefined,
  };
}

/**
 * The list query of a list screen: the URL list state (page, size, sort, search) and the screen's own filters,
 * handed to the feature's `queryOptions` factory.
 */
export function useListQuery<F extends string, Q extends ListParams, T, K extends QueryKey>(
  list: ListState<F>,
  options: (query: Q) => UseQueryOptions<ApiList<T>, Error, ApiList<T>, K>,
  filters: Omit<Q, keyof ListParams>,
): UseQueryResult<ApiList<T>> {
  return useQuery(options({ ...listParams(list), ...filters } as Q));
}
