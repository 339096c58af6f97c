import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type SessionPolicyInput } from '@clinic/shared';
import { call } from '@/lib/api-client';

/** Sign-in sessions, the sign-in history and the organisation's session rules. */

const r = routes.sessions;

export const sessionsKeys = {
  all: ['sessions'] as const,
  mine: () => ['sessions', 'mine'] as const,
  history: (who: string, page: number) => ['sessions', 'history', who, page] as const,
  person: (id: string) => ['sessions', 'person', id] as const,
  rules: () => ['sessions', 'rules'] as const,
  policy: () => ['sessions', 'policy'] as const,
};

export const HISTORY_PAGE = 10;

export function useMySessions() {
  return useQuery({ queryKey: sessionsKeys.mine(), queryFn: async ({ signal }) => (await call(r.mine, {}, { signal })).data });
}

/** A person's sessions; silent: the card says itself why it has none (an administrator's, for anyone else, is refused). */
export function usePersonSessions(id: string) {
  return useQuery({
    queryKey: sessionsKeys.person(id), queryFn: async ({ signal }) => (await call(r.ofEmployee, { params: { id } }, { signal, silent: true })).data, retry: false,
  });
}

/** A page of sign-in history: the caller's own (`who` = 'me') or a person's. */
export function useSignInHistory(who: 'me' | { id: string }, page: number) {
  const key = who === 'me' ? 'me' : who.id;
  return useQuery({
    queryKey: sessionsKeys.history(key, page),
    queryFn: async ({ signal }) => {
      const query = { page, limit: HISTORY_PAGE };
      return who === 'me'
        ? (await call(r.myHistory, { query }, { signal })).data
        : (await call(r.historyOfEmployee, { params: { id: who.id }, query }, { signal })).data;
    },
    placeholderData: keepPreviousData,
  });
}

function useSessionsMutation<V>(fn: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: sessionsKeys.all }) });
}

export const useEndSession = () => useSessionsMutation((sessionId: string) => call(r.end, { params: { sessionId } }));
export const useEndOtherSessions = () => useSessionsMutation(() => call(r.endOthers, {}));
export const useEndPersonSessions = () => useSessionsMutation((id: string) => call(r.endAllOfEmployee, { params: { id } }));

/** The organisation's idle timeout, for the idle warning (any signed-in person). */
export function useSessionRules(enabled = true) {
  return useQuery({ queryKey: sessionsKeys.rules(), queryFn: async ({ signal }) => (await call(r.rules, {}, { signal, silent: true, background: true })).data, enabled, staleTime: 5 * 60_000 });
}

export function useSessionPolicy() {
  return useQuery({ queryKey: sessionsKeys.policy(), queryFn: async ({ signal }) => (await call(r.policy, {}, { signal })).data });
}

export function useSaveSessionPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SessionPolicyInput) => call(r.savePolicy, { body: input }, { silent: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKeys.all }),
  });
}

/** Tells the server the person is at work on the page (their session's idle timeout starts again). */
export function keepSessionAlive() {
  return call(r.rules, {}, { silent: true });
}
