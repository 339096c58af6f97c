export {
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
