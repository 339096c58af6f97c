import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';

export const notificationsKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  unread: () => ['notifications', 'unread'] as const,
};

export async function getNotifications(signal?: AbortSignal) {
  return (await call(routes.notifications.list, { query: { limit: 20 } }, { signal, silent: true, background: true })).data;
}

export async function getUnreadCount(signal?: AbortSignal) {
  return (await call(routes.notifications.unreadCount, {}, { signal, silent: true, background: true })).data.unread;
}

export function useUnreadCount() {
  return useQuery(queryOptions({ queryKey: notificationsKeys.unread(), queryFn: ({ signal }) => getUnreadCount(signal), staleTime: 30_000 }));
}

export function useNotifications(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: notificationsKeys.list(), queryFn: ({ signal }) => getNotifications(signal), enabled, staleTime: 10_000 }));
}

export function markRead(id: string) {
  return call(routes.notifications.read, { params: { id } }, { successToast: false });
}

export function markAllRead() {
  return call(routes.notifications.readAll, {}, { successToast: false });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
