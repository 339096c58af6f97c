import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@clinic/shared';

export type SortOrder = 'asc' | 'desc';

export interface ListStateOptions<F extends string> {
  /** Names of the filters kept in the URL next to search, page, limit and sort (for example `status`). */
  filters?: readonly F[];
  defaultSortBy?: string;
  defaultOrder?: SortOrder;
  defaultLimit?: number;
}

export interface ListState<F extends string> {
  search: string;
  page: number;
  limit: number;
  sortBy: string;
  order: SortOrder;
  filters: Record<F, string | null>;
  /** True when a search or filter narrows the list. */
  isFiltered: boolean;
  setSearch: (search: string) => void;
  setFilter: (name: F, value: string | null) => void;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  /** Cycles a column: ascending, descending, then back to the default order. */
  toggleSort: (sortBy: string) => void;
  /** Newest first from page 1, without search or filters: where a record just added is seen. */
  showNewest: (createdField?: string) => void;
  clearFilters: () => void;
}

function positiveInt(text: string | null): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}

/**
 * Search, filters, page, page size and sort of a list screen, kept in the URL: they survive a reload,
 * and a different route starts from the defaults. Changing the search, a filter or the page size goes
 * back to page 1. Defaults are left out of the URL.
 */
export function useListState<F extends string = never>(options: ListStateOptions<F> = {}): ListState<F> {
  const { filters: filterNames = [] as readonly F[], defaultSortBy = '_id', defaultOrder = 'desc', defaultLimit = DEFAULT_PAGE_SIZE } = options;
  const [params, setParams] = useSearchParams();

  const search = params.get('search') ?? '';
  const page = positiveInt(params.get('page')) ?? 1;
  const limitParam = positiveInt(params.get('limit'));
  const limit = limitParam && (PAGE_SIZES as readonly number[]).includes(limitParam) ? limitParam : defaultLimit;
  const sortBy = params.get('sortBy') || defaultSortBy;
  const orderParam = params.get('order');
  const order: SortOrder = orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaultOrder;

  const filters = {} as Record<F, string | null>;
  for (const name of filterNames) filters[name] = params.get(name) || null;

  // The address as last changed here or rendered: the router hands a change the parameters of its last render, so two
  // changes before the list renders again (the search's pause ending just after a date is picked) would keep only the
  // second. Each change starts from this and leaves its result here.
  const latest = useRef(params);
  latest.current = params;

  const update = useCallback(
    (changes: Record<string, string | number | null>, resetPage: boolean) => {
      setParams(
        () => {
          const next = new URLSearchParams(latest.current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (resetPage) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          if (next.get('limit') === String(defaultLimit)) next.delete('limit');
          if (next.get('sortBy') === defaultSortBy && next.get('order') === defaultOrder) {
            next.delete('sortBy');
            next.delete('order');
          }
          latest.current = next;
          return next;
        },
        { replace: true },
      );
    },
    [setParams, defaultLimit, defaultSortBy, defaultOrder],
  );

  return {
    search,
    page,
    limit,
    sortBy,
    order,
    filters,
    isFiltered: Boolean(search) || Object.values<string | null>(filters).some(Boolean),
    setSearch: (value) => update({ search: value.trim() }, true),
    setFilter: (name, value) => update({ [name]: value }, true),
    setPage: (value) => update({ page: value }, false),
    setLimit: (value) => update({ limit: value }, true),
    toggleSort: (column) => {
      if (column !== sortBy) return update({ sortBy: column, order: 'asc' }, true);
      if (order === 'asc') return update({ sortBy: column, order: 'desc' }, true);
      if (column === defaultSortBy) return update({ sortBy: column, order: 'asc' }, true);
      return update({ sortBy: null, order: null }, true);
    },
    showNewest: (createdField = 'createdAt') =>
      update(Object.fromEntries([['search', null], ...filterNames.map((name) => [name, null]), ['sortBy', createdField], ['order', 'desc']]), true),
    clearFilters: () =>
      update(Object.fromEntries([['search', null], ...filterNames.map((name) => [name, null])]), true),
  };
}
