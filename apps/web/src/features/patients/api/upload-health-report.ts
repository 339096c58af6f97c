import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type PatientDetails } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { patientsKeys } from './patients-keys';

export interface HealthReportUpload {
  title: string;
  file: File;
}

export function uploadHealthReport(patientId: string, { title, file }: HealthReportUpload) {
  const form = new FormData();
  form.append('title', title);
  form.append('file', file, file.name);
  return call(routes.patients.uploadDocument, { params: { id: patientId }, body: form });
}

export function useUploadHealthReport(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: HealthReportUpload) => uploadHealthReport(patientId, upload),
    onSuccess: (result) => {
      queryClient.setQueryData<PatientDetails>(patientsKeys.detail(patientId), (old) =>
        old ? { ...old, healthReports: [result.data, ...old.healthReports] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: patientsKeys.detail(patientId) });
    },
  });
}
