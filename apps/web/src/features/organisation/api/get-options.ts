import { useLookupOptions, type SelectOption } from '@/lib/lookups';

export type Option = SelectOption;

/** Every row, sorted by name. */
const BY_NAME = { sortBy: 'name', order: 'asc' } as const;

/** People who can be put in charge (any employee of the organisation). */
export function usePersonOptions() {
  return useLookupOptions('staff', BY_NAME, { silent: true });
}

/** Specializations of the catalogue; an empty list when the catalogue cannot be read. */
export function useSpecializationOptions() {
  return useLookupOptions('specializations', BY_NAME, { silent: true, emptyOnError: true });
}

export function useComplexOptions(enabled = true) {
  return useLookupOptions('complexes', BY_NAME, { silent: true, enabled });
}

export function useDepartmentOptions(enabled = true) {
  return useLookupOptions('departments', BY_NAME, { silent: true, enabled });
}
