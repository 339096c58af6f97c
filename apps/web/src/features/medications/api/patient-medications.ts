import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type MedicationStopInput, type PatientMedicationCreate } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { medicationsKeys } from './medications-keys';

/** A patient's medications (active first), the whole list up to the list cap. */
export function getPatientMedications(patientId: string, signal?: AbortSignal) {
  return call(routes.medications.patientList, { params: { id: patientId }, query: { allData: 'true' } }, { signal, silent: true });
}

export const patientMedicationsQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: medicationsKeys.patient(patientId),
    queryFn: ({ signal }) => getPatientMedications(patientId, signal),
    staleTime: 30_000,
  });

export function usePatientMedications(patientId: string, enabled = true) {
  return useQuery({ ...patientMedicationsQueryOptions(patientId), enabled: enabled && Boolean(patientId) });
}

export function addPatientMedication(patientId: string, body: PatientMedicationCreate) {
  return call(routes.medications.add, { params: { id: patientId }, body });
}

export function stopMedication(id: string, body: MedicationStopInput) {
  return call(routes.medications.stop, { params: { id }, body });
}

export function completeMedication(id: string, body: { reason?: string; version: number }) {
  return call(routes.medications.complete, { params: { id }, body });
}

export function useAddPatientMedication(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientMedicationCreate) => addPatientMedication(patientId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicationsKeys.patient(patientId) }),
  });
}

/** Stops (a reason is required) or completes one of the patient's medications. */
export function useCloseMedication(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason, version }: { id: string; action: 'stop' | 'complete'; reason: string; version: number }) =>
      action === 'stop' ? stopMedication(id, { reason, version }) : completeMedication(id, { ...(reason ? { reason } : {}), version }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: medicationsKeys.patient(patientId) }),
  });
}
