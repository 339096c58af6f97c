import { listRequestQuery, type StatusListQuery } from '@/components/list';
/**
 * Query keys of the organisation screens. Everything lives under `['organisation']`, so a change to any
 * level (a new clinic changes its complex's counts) refreshes every organisation view at once.
 */
export const orgKeys = {
  all: ['organisation'] as const,
  company: () => ['organisation', 'company'] as const,
  complexes: () => ['organisation', 'complexes'] as const,
  complexList: (query: object) => ['organisation', 'complexes', 'list', query] as const,
  complex: (id: string) => ['organisation', 'complexes', 'details', id] as const,
  departments: () => ['organisation', 'departments'] as const,
  departmentList: (query: object) => ['organisation', 'departments', 'list', query] as const,
  department: (id: string) => ['organisation', 'departments', 'details', id] as const,
  clinics: () => ['organisation', 'clinics'] as const,
  clinicList: (query: object) => ['organisation', 'clinics', 'list', query] as const,
  clinic: (id: string) => ['organisation', 'clinics', 'details', id] as const,
  clinicPatientCount: (id: string) => ['organisation', 'clinics', 'patient-count', id] as const,
};

/** The common list parameters of the organisation lists. */
export type OrgListQuery = StatusListQuery;

/** The query string of an organisation list, its sort one of the list's own. */
export const listParams = <S extends string>(q: OrgListQuery, sortFields: readonly S[]) => listRequestQuery(q, sortFields);
