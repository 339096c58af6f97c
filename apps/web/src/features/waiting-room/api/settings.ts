import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type WaitingRoomSettingsInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { waitingRoomKeys } from './waiting-room-keys';

const r = routes.waitingRoom;

export async function getSettings(clinic: string, signal?: AbortSignal) {
  return (await call(r.settings, { params: { id: clinic } }, { signal, silent: true })).data;
}

export function useWaitingRoomSettings(clinic: string | null) {
  return useQuery({ queryKey: waitingRoomKeys.settings(clinic ?? ''), queryFn: ({ signal }) => getSettings(clinic ?? '', signal), enabled: Boolean(clinic) });
}

export function saveSettings(clinic: string, input: WaitingRoomSettingsInput) {
  return call(r.saveSettings, { params: { id: clinic }, body: input });
}

export function useSaveSettings(clinic: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WaitingRoomSettingsInput) => saveSettings(clinic, input),
    onSuccess: (body) => client.setQueryData(waitingRoomKeys.settings(clinic), body.data),
  });
}

/** The waiting-time accuracy report: estimates given at check-in against the waits that followed. */
export async function getAccuracy(query: { clinic?: string; from?: string; to?: string }, signal?: AbortSignal) {
  return (await call(r.accuracy, { query }, { signal, silent: true })).data;
}

export function useWaitAccuracy(query: { clinic?: string; from?: string; to?: string }, enabled = true) {
  return useQuery({ queryKey: waitingRoomKeys.accuracy(query), queryFn: ({ signal }) => getAccuracy(query, signal), enabled });
}
