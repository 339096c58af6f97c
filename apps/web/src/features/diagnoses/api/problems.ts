import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type EncounterDiagnosisInput, type PatientProblemInput, type PatientProblemUpdateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { diagnosesKeys } from './diagnoses-keys';

export function getProblems(patientId: string, signal?: AbortSignal) {
  return call(routes.problems.list, { params: { id: patientId } }, { signal });
}

export function useProblems(patientId: string) {
  return useQuery({ queryKey: diagnosesKeys.problems(patientId), queryFn: ({ signal }) => getProblems(patientId, signal).then((r) => r.data) });
}

export function addProblem(patientId: string, input: PatientProblemInput) {
  return call(routes.problems.add, { params: { id: patientId }, body: input });
}

export function updateProblem(patientId: string, problemId: string, input: PatientProblemUpdateInput) {
  return call(routes.problems.update, { params: { id: patientId, problemId }, body: input });
}

export function getEncounterDiagnoses(patientId: string, encounterId: string, signal?: AbortSignal) {
  return call(routes.problems.diagnoses, { params: { id: patientId }, query: { encounterId } }, { signal });
}

export function useEncounterDiagnoses(patientId: string, encounterId: string) {
  return useQuery({
    queryKey: diagnosesKeys.encounter(patientId, encounterId),
    queryFn: ({ signal }) => getEncounterDiagnoses(patientId, encounterId, signal).then((r) => r.data),
  });
}

export function addDiagnosis(patientId: string, input: EncounterDiagnosisInput) {
  return call(routes.problems.addDiagnosis, { params: { id: patientId }, body: input });
}

export function updateDiagnosis(patientId: string, diagnosisId: string, input: { rank?: 'primary' | 'secondary'; note?: string }) {
  return call(routes.problems.updateDiagnosis, { params: { id: patientId, diagnosisId }, body: input });
}

export function removeDiagnosis(patientId: string, diagnosisId: string) {
  return call(routes.problems.removeDiagnosis, { params: { id: patientId, diagnosisId } });
}

/** Every change of a patient's diagnoses or problems refreshes both the visit's list and the problem list. */
export function usePatientDiagnosisChanges(patientId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: diagnosesKeys.patient(patientId) });
  return {
    add: useMutation({ mutationFn: (input: EncounterDiagnosisInput) => addDiagnosis(patientId, input), onSuccess }),
    update: useMutation({ mutationFn: ({ id, input }: { id: string; input: { rank?: 'primary' | 'secondary'; note?: string } }) => updateDiagnosis(patientId, id, input), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => removeDiagnosis(patientId, id), onSuccess }),
    addProblem: useMutation({ mutationFn: (input: PatientProblemInput) => addProblem(patientId, input), onSuccess }),
    updateProblem: useMutation({ mutationFn: ({ id, input }: { id: string; input: PatientProblemUpdateInput }) => updateProblem(patientId, id, input), onSuccess }),
  };
}
