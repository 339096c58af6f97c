import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, EmployeeListItem, UserListItem } from '@clinic/shared';
import { refreshFileLinks } from '@/lib/file-links';
import { listRequestQuery, type StatusListQuery } from '@/components/list';
import { http } from '@/lib/http';

/** A users list row: an invited person is listed too (pending invitation, HR record incomplete) until they set up their account. */
export type UserRow = UserListItem & Partial<Pick<EmployeeListItem, 'invitation' | 'incomplete'>>;

export type UsersQuery = StatusListQuery & {
  /** Role name filter (the spec offers Admin only). */
  role: string | null;
};

/** The list's request, its path and query: the CSV export asks the same at `<path>/export.csv`. */
export function usersRequest(query: UsersQuery) {
  return { path: '/employees', query: {
      ...listRequestQuery(query),
      filter_fields: query.role ? JSON.stringify({ roleName: query.role }) : undefined,
      // Only people who can sign in are users; staff without an account are listed under Staff and Doctors.
      hasAccount: 'true',
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
