import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type WaitlistBookInput, type WaitlistCreateInput, type WaitlistStatus } from '@clinic/shared';
import { appointmentsKeys } from '@/features/appointments';
import { call } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';

export const waitlistKeys = {
  all: ['waitlist'] as const,
  list: (status: WaitlistStatus, page: number, limit: number) => ['waitlist', 'list', status, page, limit] as const,
  matches: (appointment: string) => ['waitlist', 'matches', appointment] as const,
};

/** A page of the entries of a status, highest priority first, then the longest waiting (the server's order). */
export function getWaitlist(status: WaitlistStatus, page: number, limit: number, signal?: AbortSignal) {
  return call(routes.waitlist.list, { query: { status, page, limit } }, { signal });
}

export function useWaitlist(status: WaitlistStatus, page: number, limit: number) {
  return useQuery({
    queryKey: waitlistKeys.list(status, page, limit),
    queryFn: ({ signal }) => getWaitlist(status, page, limit, signal),
    placeholderData: keepPreviousData,
  });
}

/** The open entries the slot of a cancelled or no-show appointment fits. */
export async function getWaitlistMatches(appointment: string, signal?: AbortSignal) {
  return (await call(routes.waitlist.matches, { query: { appointment } }, { signal, silent: true })).data;
}

/** The matches of an appointment's slot (null: nothing to ask). */
export function useWaitlistMatches(appointment: string | null) {
  return useQuery({
    queryKey: waitlistKeys.matches(appointment ?? ''),
    queryFn: ({ signal }) => getWaitlistMatches(appointment!, signal),
    enabled: Boolean(appointment),
    retry: false,
  });
}

export async function addToWaitlist(input: WaitlistCreateInput) {
  const body = await call(routes.waitlist.create, { body: input }, { silent: true });
  notifySuccess(body.message ?? i18n.t('success.done'));
  return body.data;
}

export function useAddToWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWaitlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}

/** Books the entry's patient into a slot; the server closes the entry with the appointment in the same step. */
export async function bookFromWaitlist({ id, ...input }: WaitlistBookInput & { id: string }) {
  const body = await call(routes.waitlist.book, { params: { id }, body: input }, { silent: true });
  notifySuccess(body.message ?? i18n.t('success.done'));
  return body.data;
}

export function useBookFromWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookFromWaitlist,
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: waitlistKeys.all }), queryClient.invalidateQueries({ queryKey: appointmentsKeys.all })]);
    },
  });
}

export async function closeWaitlistEntry({ id, version }: { id: string; version: number }) {
  const body = await call(routes.waitlist.remove, { params: { id }, query: { version } });
  notifySuccess(body.message ?? i18n.t('success.done'));
}

export function useCloseWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeWaitlistEntry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}
