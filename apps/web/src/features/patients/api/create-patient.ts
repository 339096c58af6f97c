import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, PatientData, PatientDetails } from '@clinic/shared';
import { http } from '@/lib/http';
import { toPatientFormData, type PatientImageChange } from './patient-form-data';
import { patientsKeys } from './patients-keys';

export interface CreatePatientInput {
  values: PatientData;
  image: PatientImageChange;
}

export function createPatient({ values, image }: CreatePatientInput): Promise<ApiSuccess<PatientDetails>> {
  return http.post<ApiSuccess<PatientDetails>>('/patients', toPatientFormData(values, image));
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: patientsKeys.lists() });
    },
  });
}
