import { useQuery } from '@tanstack/react-query';
import { lookupOptions, toSelectOptions, type LookupKind, type LookupRow, type SelectOption } from '@/lib/lookups';

export type ReferenceList = 'clinics' | 'departments' | 'cliniccollections' | 'specializations' | 'roles';
export type ReferenceOption = SelectOption;

const KINDS: Record<ReferenceList, LookupKind> = {
  clinics: 'clinics',
  departments: 'departments',
  cliniccollections: 'complexes',
  specializations: 'specializations',
  roles: 'roles',
};

const byLabel = (rows: LookupRow[]) => toSelectOptions(rows).sort((a, b) => a.label.localeCompare(b.label));

/**
 * Options for the employee form's selects, from the lookups (every row, sorted by name). A list the server does not
 * offer (yet) or refuses comes back empty, so the select shows its empty text.
 */
export function useReferenceList(name: ReferenceList, enabled = true) {
  const query = name === 'roles' ? { sortBy: 'name', order: 'asc' } : { sortBy: '_id', order: 'desc' };
  return useQuery({ ...lookupOptions(KINDS[name], query, { silent: true, emptyOnError: true }), select: byLabel, enabled });
}
