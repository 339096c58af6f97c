import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type CalendarFeedCreateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';

const key = ['calendar-feeds'] as const;

/** The caller's feeds (an administrator: every feed of the organisation, up to the list's all-data cap). */
export async function getCalendarFeeds(signal?: AbortSignal) {
  return (await call(routes.calendarFeeds.list, { query: { allData: 'true' } }, { signal })).data;
}

export function useCalendarFeeds() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => getCalendarFeeds(signal) });
}

export type FeedAction = { kind: 'create'; input: Partial<CalendarFeedCreateInput> } | { kind: 'rotate' | 'revoke'; id: string };

/** Create, rotate or revoke; each answers the feed (with its new address when there is one). */
export async function runFeedAction(action: FeedAction) {
  if (action.kind === 'create') return (await call(routes.calendarFeeds.create, { body: action.input })).data;
  if (action.kind === 'rotate') return (await call(routes.calendarFeeds.rotate, { params: { id: action.id } })).data;
  await call(routes.calendarFeeds.remove, { params: { id: action.id } });
  return null;
}

export function useFeedAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runFeedAction,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
