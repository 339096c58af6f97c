import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList } from '@clinic/shared';
import { http } from '@/lib/http';
import { orgKeys } from '../org-keys';

export interface Option {
  value: string;
  label: string;
}

interface Named {
  _id: string;
  name: string;
  publicId?: string;
}

/** Every row of a list endpoint (allData, capped by the server), as select options sorted by name. */
async function options(path: string, extra: Record<string, string> = {}, signal?: AbortSignal): Promise<Option[]> {
  const body = await http.get<ApiList<Named>>(path, {
    signal,
    silent: true,
    query: { allData: 'true', page: 1, limit: 10, sortBy: 'name', order: 'asc', ...extra },
  });
  return body.data.map((row) => ({ value: row._id, label: row.name }));
}

const OPTIONS_STALE_MS = 60_000;

/** People who can be put in charge (any employee of the organisation). */
export function usePersonOptions() {
  return useQuery(
    queryOptions({ queryKey: orgKeys.options('people'), queryFn: ({ signal }) => options('/employees', {}, signal), staleTime: OPTIONS_STALE_MS }),
  );
}

/** Specialities of the catalogue; an empty list when the catalogue cannot be read. */
export function useSpecialityOptions() {
  return useQuery(
    queryOptions({
      queryKey: orgKeys.options('specialities'),
      queryFn: ({ signal }) => options('/specializations', {}, signal).catch(() => [] as Option[]),
      staleTime: OPTIONS_STALE_MS,
    }),
  );
}

export function useComplexOptions(enabled = true) {
  return useQuery(
    queryOptions({ queryKey: orgKeys.options('complexes'), queryFn: ({ signal }) => options('/cliniccollections', {}, signal), staleTime: OPTIONS_STALE_MS, enabled }),
  );
}

export function useDepartmentOptions(enabled = true) {
  return useQuery(
    queryOptions({ queryKey: orgKeys.options('departments'), queryFn: ({ signal }) => options('/departments', {}, signal), staleTime: OPTIONS_STALE_MS, enabled }),
  );
}
