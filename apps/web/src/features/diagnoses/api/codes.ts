import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type DiagnosisCodeRecord } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { diagnosesKeys } from './diagnoses-keys';

export function searchCodes(search: string, limit = 20, signal?: AbortSignal) {
  return call(routes.diagnosisCodes.search, { query: { search, limit } }, { signal });
}

/** The best matches of a search (the previous answer stays on screen while the next one loads). */
export function useCodeSearch(search: string, limit = 20) {
  return useQuery<DiagnosisCodeRecord[]>({
    queryKey: diagnosesKeys.search(search, limit),
    queryFn: ({ signal }) => searchCodes(search, limit, signal).then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function getCodeSummary(signal?: AbortSignal) {
  return call(routes.diagnosisCodes.summary, {}, { signal });
}

export function useCodeSummary() {
  return useQuery({ queryKey: diagnosesKeys.summary(), queryFn: ({ signal }) => getCodeSummary(signal).then((r) => r.data) });
}

export function importCodes(file: File, system: string) {
  const form = new FormData();
  form.append('system', system);
  form.append('file', file, file.name);
  return call(routes.diagnosisCodes.import, { body: form });
}

export function installStarterCodes() {
  return call(routes.diagnosisCodes.installStarter, {});
}

/** Import a CSV, or load the starter list; either refreshes the counts and every search. */
export function useCodeListChange() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: diagnosesKeys.codes() });
  return {
    importFile: useMutation({ mutationFn: ({ file, system }: { file: File; system: string }) => importCodes(file, system), onSuccess: refresh }),
    installStarter: useMutation({ mutationFn: installStarterCodes, onSuccess: refresh }),
  };
}
