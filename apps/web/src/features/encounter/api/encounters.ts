import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes, type AddendumInput, type EncounterDetails, type NoteContent,
} from '@clinic/shared';
import { call } from '@/lib/api-client';
import { encounterKeys } from './encounter-keys';

/** The encounter with its note and addenda (every read is recorded on the patient's access log). */
export async function getEncounter(id: string, signal?: AbortSignal): Promise<EncounterDetails> {
  return (await call(routes.encounters.get, { params: { id } }, { signal, silent: true })).data;
}

export const encounterQueryOptions = (id: string) => queryOptions({
  queryKey: encounterKeys.detail(id),
  queryFn: ({ signal }) => getEncounter(id, signal),
  // A refused read (sensitive, no access) is an answer, not a glitch to retry.
  retry: false,
  // The draft on screen is the doctor's: no refetch replaces it behind their back.
  refetchOnWindowFocus: false,
});

export function useEncounter(id: string) {
  return useQuery(encounterQueryOptions(id));
}

/** The appointment's encounter, opened now if it was not (idempotent). */
export async function openForAppointment(appointmentId: string) {
  return (await call(routes.encounters.openForAppointment, { params: { id: appointmentId } }, { silent: true, successToast: false })).data;
}

/** Saves the draft based on `version`; a 409 STALE_RECORD carries the note as it now is. */
export async function saveNote(id: string, version: number, content: NoteContent) {
  return (await call(routes.encounters.saveNote, { params: { id }, body: { version, content } }, { silent: true, successToast: false })).data;
}

export async function setSensitive(id: string, version: number, content: NoteContent, sensitive: boolean) {
  return (await call(routes.encounters.saveNote, { params: { id }, body: { version, content, sensitive } }, { silent: true })).data;
}

export async function signNote(id: string, version: number, password: string) {
  return (await call(routes.encounters.sign, { params: { id }, body: { version, password } }, { silent: true })).data;
}

export async function addAddendum(id: string, input: AddendumInput) {
  return (await call(routes.encounters.addAddendum, { params: { id }, body: input }, { silent: true })).data;
}

export async function breakGlass(id: string, reason: string) {
  return (await call(routes.encounters.breakGlass, { params: { id }, body: { reason } }, { silent: true })).data;
}

export async function getPatientEncounters(query: { patient: string; limit: number }, signal?: AbortSignal) {
  return call(routes.encounters.list, { query }, { signal, silent: true });
}

export function usePatientEncounters(patientId: string) {
  return useQuery({
    queryKey: encounterKeys.list({ patient: patientId }),
    queryFn: ({ signal }) => getPatientEncounters({ patient: patientId, limit: 10 }, signal),
  });
}

export function useSignNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, password }: { version: number; password: string }) => signNote(id, version, password),
    onSuccess: (data) => queryClient.setQueryData(encounterKeys.detail(id), data),
  });
}

export function useAddAddendum(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddendumInput) => addAddendum(id, input),
    onSuccess: (addendum) => queryClient.setQueryData<EncounterDetails>(encounterKeys.detail(id), (old) => (old ? { ...old, addenda: [...old.addenda, addendum] } : old)),
  });
}
