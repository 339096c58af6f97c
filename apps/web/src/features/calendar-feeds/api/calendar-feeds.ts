import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiList, ApiSuccess, CalendarFeedCreateInput, CalendarFeedRecord } from '@clinic/shared';
import { http } from '@/lib/http';

const key = ['calendar-feeds'] as const;

/** The caller's feeds (an administrator: every feed of the organisation, up to the list's all-data cap). */
export function useCalendarFeeds() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => http.get<ApiList<CalendarFeedRecord>>('/calendar-feeds', { signal, query: { allData: true } }).then((r) => r.data),
  });
}

/** Create, rotate or revoke; each answers the feed (with its new address when there is one). */
export function useFeedAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: { kind: 'create'; input: Partial<CalendarFeedCreateInput> } | { kind: 'rotate' | 'revoke'; id: string }) => {
      if (action.kind === 'create') return (await http.post<ApiSuccess<CalendarFeedRecord>>('/calendar-feeds', action.input)).data;
      if (action.kind === 'rotate') return (await http.post<ApiSuccess<CalendarFeedRecord>>(`/calendar-feeds/${action.id}/rotate`, {})).data;
      await http.delete(`/calendar-feeds/${action.id}`);
      return null;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
