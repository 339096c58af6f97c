import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { employeeSortFields, routes } from '@clinic/shared';
import { refreshFileLinks } from '@/lib/file-links';
import { listRequestQuery, type StatusListQuery } from '@/components/list';
import { call } from '@/lib/api-client';

export type UsersQuery = StatusListQuery & {
  /** Role name filter (the spec offers Admin only). */
  role: string | null;
};

/** The list's query, and the export that asks the same (every row the filters select, as CSV). */
export function usersRequest(query: UsersQuery) {
  return { route: routes.exports.employees, query: {
      ...listRequestQuery(query, employeeSortFields),
      filter_fields: query.role ? JSON.stringify({ roleName: query.role }) : undefined,
      // Only people who can sign in are users; staff without an account are listed under Staff and Doctors.
      hasAccount: 'true' as const,
    } };
}

/**
 * The users list: employees who can sign in, as the employees list answers them (an invited person is listed too,
 * with their pending invitation and an incomplete HR record, until they set up their account).
 */
export function getUsers(query: UsersQuery, signal?: AbortSignal) {
  return call(routes.employees.list, { query: usersRequest(query).query }, { signal });
}

export const usersKeys = {
  all: ['users'] as const,
  list: (query: UsersQuery) => ['users', 'list', query] as const,
};

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
    // The spec keeps the users list fresh for 4 seconds (accounts change status often).
    staleTime: 4000,
    // Pictures are signed links that live minutes: refreshed before they lapse while the list is on screen.
    refetchInterval: refreshFileLinks,
  });

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}
