import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList } from '@clinic/shared';
import { http } from '@/lib/http';
import { employeesKeys } from './employees-keys';

export type ReferenceList = 'clinics' | 'departments' | 'cliniccollections' | 'specializations' | 'roles';
export interface ReferenceOption {
  value: string;
  label: string;
}

/**
 * Options for the employee form's selects, from the real lists (every row, sorted by name). A list the
 * server does not offer (yet) or refuses comes back empty, so the select shows its empty text.
 */
export async function getReferenceList(name: ReferenceList, signal?: AbortSignal): Promise<ReferenceOption[]> {
  try {
    const body = await http.get<ApiList<{ _id: string; name: string }>>(`/${name}`, {
      signal,
      silent: true,
      query: { allData: 'true', sortBy: name === 'roles' ? 'name' : '_id', order: name === 'roles' ? 'asc' : 'desc' },
    });
    return body.data
      .map((row) => ({ value: row._id, label: row.name }))
      .sort((a, b) => a.label.localeCompare(b.label));
  } catch {
    return [];
  }
}

export const referenceListOptions = (name: ReferenceList) =>
  queryOptions({
    queryKey: employeesKeys.references(name),
    queryFn: ({ signal }) => getReferenceList(name, signal),
    staleTime: 120_000,
  });

export function useReferenceList(name: ReferenceList, enabled = true) {
  return useQuery({ ...referenceListOptions(name), enabled });
}
