import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, PatientDetails, PatientNote } from '@clinic/shared';
import { http } from '@/lib/http';
import { patientsKeys } from './patients-keys';

export function addPatientNote(patientId: string, body: string): Promise<ApiSuccess<PatientNote>> {
  return http.post<ApiSuccess<PatientNote>>(`/patients/${encodeURIComponent(patientId)}/notes`, { body });
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
