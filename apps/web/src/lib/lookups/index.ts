export {
  LOOKUP_PAGE,
  lookupKeys,
  lookupOptions,
  toSelectOptions,
  useLookup,
  useLookupOptions,
  type LookupFetch,
  type LookupKind,
  type LookupQuery,
  type LookupRow,
  type SelectOption,
} from './lookups';
export { patientLabel, usePatientSearch, type PatientSearch } from './patient-search';
