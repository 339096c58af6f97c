import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/http';
import { getPublicTicket, queueDisplayKeys, ticketLiveUrl } from '../api/queue-display';
import { useEventStream } from './use-event-stream';

/** The ticket is read again this often besides the live events (the minutes of the estimate move on their own). */
export const TICKET_FALLBACK_MS = 60_000;

/** A refusal that will not change by asking again: the link lapsed (410) or is not one (401, 404). */
const final = (error: unknown) => isApiError(error) && [401, 404, 410].includes(error.status);

/**
 * The patient's ticket by their link's token, kept current by the ticket's event stream (refetched on each event and
 * on every connection, which catches up after the phone lost the network) and a refetch every minute.
 */
export function usePublicTicket(token: string) {
  const client = useQueryClient();
  const ticket = useQuery({
    queryKey: queueDisplayKeys.ticket(token),
    queryFn: ({ signal }) => getPublicTicket(token, signal),
    enabled: Boolean(token),
    refetchInterval: (query) => (final(query.state.error) ? false : TICKET_FALLBACK_MS),
    retry: false,
  });
  const refetch = useCallback(() => void client.invalidateQueries({ queryKey: queueDisplayKeys.ticket(token) }), [client, token]);
  const gone = final(ticket.error);
  const closed = gone || ticket.data?.state === 'done' || ticket.data?.state === 'left';
  const { connected } = useEventStream({
    url: token && !closed ? ticketLiveUrl(token) : null,
    onEvent: refetch,
    // The stream ended for good (the link lapsed at the end of the day): the ticket's answer says so on the page.
    onRefused: refetch,
  });
  const offline = !closed && (!connected || (isApiError(ticket.error) && ticket.error.status === 0));
  return { ticket, offline, gone };
}
