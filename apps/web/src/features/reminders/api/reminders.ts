import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiList, ApiSuccess, PatientLinkRecord, ReminderRecord, ReminderSettings, ReminderSettingsInput, ReminderStatus } from '@clinic/shared';
import { http } from '@/lib/http';

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

export function useOutbox(query: OutboxQuery) {
  return useQuery(queryOptions({
    queryKey: remindersKeys.outbox(query),
    queryFn: ({ signal }) => http.get<ApiList<ReminderRecord>>('/reminders', { signal, query: { page: query.page, limit: query.limit, status: query.status ?? undefined } }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  }));
}

/** What was sent for one appointment (its details show it). */
export function useAppointmentReminders(id: string | null) {
  return useQuery(queryOptions({
    queryKey: remindersKeys.ofAppointment(id ?? ''),
    queryFn: async ({ signal }) => (await http.get<ApiSuccess<ReminderRecord[]>>(`/appointments/${encodeURIComponent(id ?? '')}/reminders`, { signal, silent: true })).data,
    enabled: Boolean(id),
  }));
}

export function useRetryReminder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.post<ApiSuccess<ReminderRecord>>(`/reminders/${encodeURIComponent(id)}/retry`),
    onSettled: () => client.invalidateQueries({ queryKey: remindersKeys.all }),
  });
}

export function useReminderSettings(clinicId: string | null) {
  return useQuery(queryOptions({
    queryKey: ['reminders', 'settings', clinicId ?? ''] as const,
    queryFn: async ({ signal }) => (await http.get<ApiSuccess<ReminderSettings>>(`/clinics/${encodeURIComponent(clinicId ?? '')}/reminder-settings`, { signal })).data,
    enabled: Boolean(clinicId),
  }));
}

export function useSaveReminderSettings(clinicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderSettingsInput) => http.put<ApiSuccess<ReminderSettings>>(`/clinics/${encodeURIComponent(clinicId)}/reminder-settings`, input),
    onSuccess: (body) => client.setQueryData(['reminders', 'settings', clinicId], body.data),
  });
}

/** The patient's page of a visit still to come, for staff to copy or send (each one handed out is audited). */
export function usePatientLink() {
  return useMutation({
    mutationFn: async (appointmentId: string) =>
      (await http.post<ApiSuccess<PatientLinkRecord>>(`/appointments/${encodeURIComponent(appointmentId)}/patient-link`)).data,
  });
}
