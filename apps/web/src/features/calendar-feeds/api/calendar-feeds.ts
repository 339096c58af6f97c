import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiList, ApiSuccess, CalendarFeedCreateInput, CalendarFeedRecord } from '@clinic/shared';
import { http } from '@/lib/http';

const key = ['calendar-feeds'] as const;

/** The caller's feeds (an administrator: every feed of the organisation, up to the list's all-data cap). */
export async function getCalendarFeeds(signal?: AbortSignal) {
  return (await http.get<ApiList<CalendarFeedRecord>>('/calendar-feeds', { signal, query: { allData: true } })).data;
}

export function useCalendarFeeds() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => getCalendarFeeds(signal) });
}

export type FeedAction = { kind: 'create'; input: Partial<CalendarFeedCreateInput> } | { kind: 'rotate' | 'revoke'; id: string };

/** Create, rotate or revoke; each answers the feed (with its new address when there is one). */
export async function runFeedAction(action: FeedAction) {
  if (action.kind === 'create') return (await http.post<ApiSuccess<CalendarFeedRecord>>('/calendar-feeds', action.input)).data;
  if (action.kind === 'rotate') return (await http.post<ApiSuccess<CalendarFeedRecord>>(`/calendar-feeds/${action.id}/rotate`, {})).data;
  await http.delete(`/calendar-feeds/${action.id}`);
  return null;
}

export function useFeedAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runFeedAction,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
