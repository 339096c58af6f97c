import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, PatientDetails, QuickPatientData } from '@clinic/shared';
import { http } from '@/lib/http';
import { patientsKeys } from './patients-keys';

/** Quick registration: the patient is created marked incomplete until the full form is saved. */
export function createQuickPatient(values: QuickPatientData): Promise<ApiSuccess<PatientDetails>> {
  return http.post<ApiSuccess<PatientDetails>>('/patients/quick', values);
}

export function useCreateQuickPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuickPatient,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: patientsKeys.lists() });
    },
  });
}
