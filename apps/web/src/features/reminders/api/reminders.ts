import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type ReminderSettingsInput, type ReminderStatus } from '@clinic/shared';
import { call } from '@/lib/api-client';

export interface OutboxQuery {
  page: number;
  limit: number;
  status: ReminderStatus | null;
}

export const remindersKeys = {
  all: ['reminders'] as const,
  outbox: (query: OutboxQuery) => ['reminders', 'outbox', query] as const,
  ofAppointment: (id: string) => ['appointments', 'reminders', id] as const,
};

export function getOutbox(query: OutboxQuery, signal?: AbortSignal) {
  return call(routes.reminders.list, { query: { page: query.page, limit: query.limit, status: query.status ?? undefined } }, { signal });
}

export function useOutbox(query: OutboxQuery) {
  return useQuery(queryOptions({
    queryKey: remindersKeys.outbox(query),
    queryFn: ({ signal }) => getOutbox(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  }));
}

/** What was sent for one appointment (its details show it). */
export async function getAppointmentReminders(id: string, signal?: AbortSignal) {
  return (await call(routes.appointments.reminders, { params: { id } }, { signal, silent: true })).data;
}

export function useAppointmentReminders(id: string | null) {
  return useQuery(queryOptions({
    queryKey: remindersKeys.ofAppointment(id ?? ''),
    queryFn: ({ signal }) => getAppointmentReminders(id ?? '', signal),
    enabled: Boolean(id),
  }));
}

export function retryReminder(id: string) {
  return call(routes.reminders.retry, { params: { id } });
}

export function useRetryReminder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryReminder,
    onSettled: () => client.invalidateQueries({ queryKey: remindersKeys.all }),
  });
}

export async function getReminderSettings(clinicId: string, signal?: AbortSignal) {
  return (await call(routes.reminders.settings, { params: { id: clinicId } }, { signal })).data;
}

export function useReminderSettings(clinicId: string | null) {
  return useQuery(queryOptions({
    queryKey: ['reminders', 'settings', clinicId ?? ''] as const,
    queryFn: ({ signal }) => getReminderSettings(clinicId ?? '', signal),
    enabled: Boolean(clinicId),
  }));
}

export function saveReminderSettings(clinicId: string, input: ReminderSettingsInput) {
  return call(routes.reminders.saveSettings, { params: { id: clinicId }, body: input });
}

export function useSaveReminderSettings(clinicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderSettingsInput) => saveReminderSettings(clinicId, input),
    onSuccess: (body) => client.setQueryData(['reminders', 'settings', clinicId], body.data),
  });
}

/** The patient's page of a visit still to come, for staff to copy or send (each one handed out is audited). */
export async function getPatientLink(appointmentId: string) {
  return (await call(routes.appointments.patientLink, { params: { id: appointmentId } })).data;
}

export function usePatientLink() {
  return useMutation({ mutationFn: getPatientLink });
}
