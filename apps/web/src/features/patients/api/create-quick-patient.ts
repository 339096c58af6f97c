import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type QuickPatientData } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { patientsKeys } from './patients-keys';

/** Quick registration: the patient is created marked incomplete until the full form is saved. */
export function createQuickPatient(values: QuickPatientData) {
  return call(routes.patients.quick, { body: values });
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
