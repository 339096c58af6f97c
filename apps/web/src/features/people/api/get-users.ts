import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { employeeSortFields, routes, type ApiList, type EmployeeListItem, type UserListItem } from '@clinic/shared';
import { refreshFileLinks } from '@/lib/file-links';
import { listRequestQuery, type StatusListQuery } from '@/components/list';
import { http } from '@/lib/http';

/** A users list row: an invited person is listed too (pending invitation, HR record incomplete) until they set up their account. */
export type UserRow = UserListItem & Partial<Pick<EmployeeListItem, 'invitation' | 'incomplete'>>;

export type UsersQuery = StatusListQuery & {
  /** Role name filter (the spec offers Admin only). */
  role: string | null;
};

/** The list's request, its path and query, and the export that asks the same (every row the filters select, as CSV). */
export function usersRequest(query: UsersQuery) {
  return { path: '/employees', route: routes.exports.employees, query: {
      ...listRequestQuery(query, employeeSortFields),
      filter_fields: query.role ? JSON.stringify({ roleName: query.role }) : undefined,
      // Only people who can sign in are users; staff without an account are listed under Staff and Doctors.
      hasAccount: 'true' as const,
    } };
}

export function getUsers(query: UsersQuery, signal?: AbortSignal): Promise<ApiList<UserRow>> {
  const request = usersRequest(query);
  return http.get<ApiList<UserRow>>(request.path, { signal, query: request.query });
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
