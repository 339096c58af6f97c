import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type Vital, type VitalsInput } from '@clinic/shared';
import { call } from '@/lib/api-client';

/** Query keys of the vitals feature: every vitals query of a patient lives under `['vitals', patientId]`. */
export const vitalsKeys = {
  patient: (patientId: string) => ['vitals', patientId] as const,
  list: (patientId: string, vital: Vital | null, limit: number) => ['vitals', patientId, 'list', vital, limit] as const,
};

export async function getVitals(patientId: string, opts: { vital?: Vital | null; limit?: number; from?: string; to?: string } = {}, signal?: AbortSignal) {
  const query = {
    limit: opts.limit ?? 100,
    ...(opts.vital ? { vital: opts.vital } : {}),
    ...(opts.from ? { from: opts.from } : {}),
    ...(opts.to ? { to: opts.to } : {}),
  };
  return (await call(routes.vitals.list, { params: { id: patientId }, query }, { signal, silent: true })).data;
}

/** The patient's vitals, newest first (`limit` sets; 500, the most the API answers, for a trend). */
export function useVitals(patientId: string, vital: Vital | null = null, limit = 100) {
  return useQuery({ queryKey: vitalsKeys.list(patientId, vital, limit), queryFn: ({ signal }) => getVitals(patientId, { vital, limit }, signal), staleTime: 30_000 });
}

export function recordVitals(patientId: string, body: VitalsInput) {
  return call(routes.vitals.record, { params: { id: patientId }, body }, { successToast: true });
}

export function markVitalsInError(patientId: string, vitalsId: string, reason: string) {
  return call(routes.vitals.enteredInError, { params: { id: patientId, vitalsId }, body: { reason } }, { successToast: true });
}

/** A change to the patient's vitals refreshes every vitals view of the patient. */
function useVitalsChange<A>(patientId: string, send: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vitalsKeys.patient(patientId) }),
  });
}

export const useRecordVitals = (patientId: string) => useVitalsChange(patientId, (body: VitalsInput) => recordVitals(patientId, body));
export const useMarkVitalsInError = (patientId: string) =>
  useVitalsChange(patientId, ({ id, reason }: { id: string; reason: string }) => markVitalsInError(patientId, id, reason));
