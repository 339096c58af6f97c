import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type MedicationStatusInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { medicationsKeys } from './medications-keys';

type CatalogueQuery = { search: string; page: number; limit: number; isActive?: boolean };

export function getCatalogue(query: CatalogueQuery, signal?: AbortSignal) {
  return call(routes.medications.list, {
    query: { search: query.search || undefined, page: query.page, limit: query.limit, ...(query.isActive === undefined ? {} : { isActive: String(query.isActive) as 'true' | 'false' }) },
  }, { signal, silent: true });
}

export const catalogueQueryOptions = (query: CatalogueQuery) =>
  queryOptions({
    queryKey: medicationsKeys.search(query),
    queryFn: ({ signal }) => getCatalogue(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useCatalogue(query: CatalogueQuery, enabled = true) {
  return useQuery({ ...catalogueQueryOptions(query), enabled });
}

/** Sends the CSV file; a refusal names its lines (`fields`, `line.N`). */
export function importCatalogue(file: File) {
  const form = new FormData();
  form.append('file', file);
  return call(routes.medications.import, { body: form }, { silent: true });
}

export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicationsKeys.catalogue() }),
  });
}

export function setMedicationStatus(id: string, body: MedicationStatusInput) {
  return call(routes.medications.setStatus, { params: { id }, body });
}

export function useSetMedicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MedicationStatusInput & { id: string }) => setMedicationStatus(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicationsKeys.catalogue() }),
  });
}
