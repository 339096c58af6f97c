import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type PatientData } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { toPatientFormData, type PatientImageChange } from './patient-form-data';
import { patientsKeys } from './patients-keys';

export interface UpdatePatientInput {
  id: string;
  /** The version of the patient the form was loaded with: the server refuses the change (409) if it is not current. */
  version: number;
  values: PatientData;
  image: PatientImageChange;
}

/** Replaces the patient's form fields (PUT); the picture changes only when a new one is chosen or removed. */
export function updatePatient({ id, version, values, image }: UpdatePatientInput) {
  const form = toPatientFormData(values, image);
  form.append('version', String(version));
  return call(routes.patients.update, { params: { id }, body: form });
}

export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePatient,
    onSuccess: async (result, { id }) => {
      queryClient.setQueryData(patientsKeys.detail(id), result.data);
      await queryClient.invalidateQueries({ queryKey: patientsKeys.lists() });
    },
  });
}
