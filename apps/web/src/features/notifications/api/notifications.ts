import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, NotificationRecord } from '@clinic/shared';
import { http } from '@/lib/http';

export const notificationsKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  unread: () => ['notifications', 'unread'] as const,
};

export async function getNotifications(signal?: AbortSignal): Promise<NotificationRecord[]> {
  return (await http.get<ApiSuccess<NotificationRecord[]>>('/notifications', { signal, silent: true, query: { limit: 20 } })).data;
}

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await http.get<ApiSuccess<{ unread: number }>>('/notifications/unread-count', { signal, silent: true })).data.unread;
}

export function useUnreadCount() {
  return useQuery(queryOptions({ queryKey: notificationsKeys.unread(), queryFn: ({ signal }) => getUnreadCount(signal), staleTime: 30_000 }));
}

export function useNotifications(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: notificationsKeys.list(), queryFn: ({ signal }) => getNotifications(signal), enabled, staleTime: 10_000 }));
}

export function markRead(id: string) {
  return http.post(`/notifications/${encodeURIComponent(id)}/read`, undefined, { successToast: false });
}

export function markAllRead() {
  return http.post('/notifications/read-all', undefined, { successToast: false });
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
