import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type PatientDetails } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { patientsKeys } from './patients-keys';

export function addPatientNote(patientId: string, body: string) {
  return call(routes.patients.addNote, { params: { id: patientId }, body: { body } });
}

export function useAddPatientNote(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addPatientNote(patientId, body),
    onSuccess: (result) => {
      // The new note goes on top at once; the details refresh in the background.
      queryClient.setQueryData<PatientDetails>(patientsKeys.detail(patientId), (old) =>
        old ? { ...old, notes: [result.data, ...old.notes.filter((n) => n._id !== result.data._id)] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: patientsKeys.detail(patientId) });
    },
  });
}
