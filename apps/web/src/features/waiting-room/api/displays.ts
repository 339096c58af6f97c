import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type displayPairing } from '@clinic/shared';
import type { z } from 'zod';
import { call } from '@/lib/api-client';
import { waitingRoomKeys } from './waiting-room-keys';

const r = routes.waitingRoom;

/** A display with its one-time pairing code. */
export type DisplayPairing = z.infer<typeof displayPairing>;

export async function getDisplays(clinic: string, signal?: AbortSignal) {
  // Every display of the clinic (a clinic has a handful): the whole list, not its first page.
  return (await call(r.displays, { query: { clinic, allData: 'true' } }, { signal, silent: true })).data;
}

export function useDisplays(clinic: string | null) {
  return useQuery({ queryKey: waitingRoomKeys.displays(clinic ?? ''), queryFn: ({ signal }) => getDisplays(clinic ?? '', signal), enabled: Boolean(clinic) });
}

export async function createDisplay(input: { clinic: string; name: string; room?: string | null }) {
  return (await call(r.createDisplay, { body: input })).data;
}

/** A new one-time code for a display: its current pairing ends. */
export async function newPairingCode(id: string) {
  return (await call(r.pairingCode, { params: { id } })).data;
}

export function revokeDisplay(id: string) {
  return call(r.revokeDisplay, { params: { id } });
}

/** A change to the displays; the list is read again afterwards. */
export function useDisplayChange<V, R>(change: (input: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: change, onSettled: () => client.invalidateQueries({ queryKey: ['waiting-room', 'displays'] }) });
}
