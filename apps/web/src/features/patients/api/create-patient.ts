import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type PatientData } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { toPatientFormData, type PatientImageChange } from './patient-form-data';
import { patientsKeys } from './patients-keys';

export interface CreatePatientInput {
  values: PatientData;
  image: PatientImageChange;
}

export function createPatient({ values, image }: CreatePatientInput) {
  return call(routes.patients.create, { body: toPatientFormData(values, image) });
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
