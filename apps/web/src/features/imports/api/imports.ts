import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type ImportBatch, type ImportKind } from '@clinic/shared';
import { call } from '@/lib/api-client';

export const importsKeys = {
  all: ['imports'] as const,
  list: (page: number) => ['imports', 'list', page] as const,
  one: (id: string) => ['imports', 'one', id] as const,
};

export const importListOptions = (page: number) => queryOptions({
  queryKey: importsKeys.list(page),
  queryFn: ({ signal }) => listImports(page, signal),
  placeholderData: keepPreviousData,
});

/** A batch being imported is asked for again every second, for its progress bar. */
export function useImportBatch(id: string | null) {
  return useQuery({
    queryKey: importsKeys.one(id ?? ''),
    queryFn: ({ signal }) => getImport(id!, signal),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.data.status === 'importing' ? 1000 : false),
  });
}

/** Sends the file with its kind (and a mapping, when the user changed the detected one): the dry run answers. */
export function uploadImport(input: { kind: ImportKind; file: File }) {
  const form = new FormData();
  form.append('kind', input.kind);
  form.append('fileName', input.file.name);
  form.append('file', input.file);
  return call(routes.imports.upload, { body: form }, { silent: true });
}

export const listImports = (page: number, signal?: AbortSignal) => call(routes.imports.list, { query: { page, limit: 10 } }, { signal });
export const getImport = (id: string, signal?: AbortSignal) => call(routes.imports.get, { params: { id } }, { signal });
export const remapImport = (v: { id: string; mapping: Record<string, string>; version: number }) =>
  call(routes.imports.remap, { params: { id: v.id }, body: { mapping: v.mapping, version: v.version } });
export const startImport = (v: { id: string; duplicates: 'keep' | 'skip'; version: number }) =>
  call(routes.imports.start, { params: { id: v.id }, body: { duplicates: v.duplicates, version: v.version } });
export const undoImport = (b: Pick<ImportBatch, '_id' | 'version'>) => call(routes.imports.undo, { params: { id: b._id }, body: { version: b.version } });

export function useImports(page: number) {
  return useQuery(importListOptions(page));
}

export function useImportActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: importsKeys.all });
  return {
    upload: useMutation({ mutationFn: uploadImport, onSuccess: refresh }),
    remap: useMutation({ mutationFn: remapImport, onSuccess: refresh }),
    start: useMutation({ mutationFn: startImport, onSuccess: refresh }),
    undo: useMutation({ mutationFn: undoImport, onSuccess: refresh }),
  };
}
