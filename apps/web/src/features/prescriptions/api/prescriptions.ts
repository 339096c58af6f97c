import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type PrescriptionCancelInput, type PrescriptionCheckInput, type PrescriptionCreateInput, type PrescriptionIssueInput, type PrescriptionUpdateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';

/** Query keys: a patient's prescriptions under `['prescriptions', 'patient', id]`, one under `['prescriptions', 'one', id]`. */
export const prescriptionKeys = {
  all: ['prescriptions'] as const,
  /** Every list of one patient's prescriptions (all of them, or one visit's). */
  ofPatient: (patientId: string) => ['prescriptions', 'patient', patientId] as const,
  patient: (patientId: string, encounterId?: string) => [...prescriptionKeys.ofPatient(patientId), encounterId ?? null] as const,
  one: (id: string) => ['prescriptions', 'one', id] as const,
};

export function getPrescriptions(patientId: string, encounterId?: string, signal?: AbortSignal) {
  return call(routes.prescriptions.list, { params: { id: patientId }, query: { allData: 'true', ...(encounterId ? { encounterId } : {}) } }, { signal, silent: true });
}
export const getPrescription = async (id: string, signal?: AbortSignal) => (await call(routes.prescriptions.get, { params: { id } }, { signal, silent: true })).data;
export const checkPrescription = async (patientId: string, body: PrescriptionCheckInput, signal?: AbortSignal) =>
  (await call(routes.prescriptions.check, { params: { id: patientId }, body }, { signal, silent: true })).data;
export const createPrescription = async (patientId: string, body: PrescriptionCreateInput) => (await call(routes.prescriptions.create, { params: { id: patientId }, body })).data;
export const updatePrescription = async (id: string, body: PrescriptionUpdateInput) => (await call(routes.prescriptions.update, { params: { id }, body })).data;
export const issuePrescription = async (id: string, body: PrescriptionIssueInput) => (await call(routes.prescriptions.issue, { params: { id }, body })).data;
export const cancelPrescription = async (id: string, body: PrescriptionCancelInput) => (await call(routes.prescriptions.cancel, { params: { id }, body })).data;
/** The public page: the token travels in the body. */
export const verifyPrescription = async (token: string, signal?: AbortSignal) =>
  (await call(routes.prescriptions.verify, { body: { token } }, { signal, silent: true, skipAuthRefresh: true })).data;

export function usePrescriptions(patientId: string, encounterId?: string) {
  return useQuery({ queryKey: prescriptionKeys.patient(patientId, encounterId), queryFn: ({ signal }) => getPrescriptions(patientId, encounterId, signal), enabled: Boolean(patientId) });
}

export function usePrescription(id: string) {
  return useQuery({ queryKey: prescriptionKeys.one(id), queryFn: ({ signal }) => getPrescription(id, signal), enabled: Boolean(id) });
}

/** After any change: the prescriptions and the patient's medication list (issuing adds to it, cancelling stops). */
export function useRefreshAfterChange() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: prescriptionKeys.all }), client.invalidateQueries({ queryKey: ['medications', 'patient'] })]);
}

export function useCancelPrescription() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: ({ id, ...body }: PrescriptionCancelInput & { id: string }) => cancelPrescription(id, body), onSettled: refresh });
}
