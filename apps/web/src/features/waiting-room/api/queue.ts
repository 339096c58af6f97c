import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type TicketRecord, type TicketUpdateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { waitingRoomKeys } from './waiting-room-keys';

const r = routes.waitingRoom;

/** How often the queue asks again when no live event came (estimates move with the clock). */
export const QUEUE_REFRESH_MS = 30_000;

/** A clinic's queue today: every ticket of the day and each doctor's line. */
export async function getQueue(clinic: string, signal?: AbortSignal) {
  return (await call(r.queue, { query: { clinic } }, { signal, silent: true })).data;
}

export const queueQueryOptions = (clinic: string) =>
  queryOptions({
    queryKey: waitingRoomKeys.queue(clinic),
    queryFn: ({ signal }) => getQueue(clinic, signal),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });

export function useQueue(clinic: string | null, enabled = true) {
  return useQuery({ ...queueQueryOptions(clinic ?? ''), enabled: Boolean(clinic) && enabled });
}

/** One ticket with its history (who did what, when). */
export async function getTicket(id: string, signal?: AbortSignal) {
  return (await call(r.ticket, { params: { id } }, { signal })).data;
}

export function useTicket(id: string | null) {
  return useQuery({ queryKey: waitingRoomKeys.ticket(id ?? ''), queryFn: ({ signal }) => getTicket(id ?? '', signal), enabled: Boolean(id) });
}

export async function callNext(clinic: string, doctor?: string) {
  return (await call(r.callNext, { body: { clinic, ...(doctor ? { doctor } : {}) } })).data;
}

/** Calls a waiting or skipped ticket now, or announces a called one again. */
export async function callTicket(ticket: Pick<TicketRecord, '_id' | 'version'>) {
  return (await call(r.call, { params: { id: ticket._id }, body: { version: ticket.version } })).data;
}

export async function skipTicket(ticket: Pick<TicketRecord, '_id' | 'version'>) {
  return (await call(r.skip, { params: { id: ticket._id }, body: { version: ticket.version } })).data;
}

/** Priority, or a transfer to another doctor and/or room. */
export async function updateTicket(id: string, input: TicketUpdateInput) {
  return (await call(r.update, { params: { id }, body: input })).data;
}

/**
 * A change to the queue: afterwards the queue, the ticket and the board (the ticket moves a card) are read again.
 * A refusal (409: someone else called or changed it first) refreshes them too, so the screen shows what is true now.
 */
export function useQueueChange<V>(change: (input: V) => Promise<TicketRecord>, onDone?: (ticket: TicketRecord) => void) {
  const client = useQueryClient();
  const refresh = async () => {
    await Promise.all([client.invalidateQueries({ queryKey: waitingRoomKeys.all }), client.invalidateQueries({ queryKey: ['appointments'] })]);
  };
  return useMutation({
    mutationFn: change,
    onSuccess: async (ticket) => {
      onDone?.(ticket);
      await refresh();
    },
    onError: refresh,
  });
}
