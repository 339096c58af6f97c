import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type AllergyCreate, type AllergyUpdate } from '@clinic/shared';
import { call } from '@/lib/api-client';

/** Query keys of the allergies feature: one patient's state under `['allergies', patientId]`. */
export const allergiesKeys = { patient: (patientId: string) => ['allergies', patientId] as const };

export async function getAllergies(patientId: string, signal?: AbortSignal) {
  return (await call(routes.allergies.list, { params: { id: patientId } }, { signal, silent: true })).data;
}

/** The patient's allergy state (unknown, none or allergies) and entries. */
export function useAllergies(patientId: string) {
  return useQuery({ queryKey: allergiesKeys.patient(patientId), queryFn: ({ signal }) => getAllergies(patientId, signal), staleTime: 30_000 });
}

export const createAllergy = (patientId: string, body: AllergyCreate) => call(routes.allergies.create, { params: { id: patientId }, body });
export const updateAllergy = (patientId: string, allergyId: string, body: AllergyUpdate) => call(routes.allergies.update, { params: { id: patientId, allergyId }, body });
export const recordNoKnownAllergies = (patientId: string) => call(routes.allergies.noKnownAllergies, { params: { id: patientId } });

function useAllergyChange<A>(patientId: string, send: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: allergiesKeys.patient(patientId) }) });
}

export const useCreateAllergy = (patientId: string) => useAllergyChange(patientId, (body: AllergyCreate) => createAllergy(patientId, body));
export const useUpdateAllergy = (patientId: string) =>
  useAllergyChange(patientId, ({ id, body }: { id: string; body: AllergyUpdate }) => updateAllergy(patientId, id, body));
export const useRecordNoKnownAllergies = (patientId: string) => useAllergyChange(patientId, () => recordNoKnownAllergies(patientId));
