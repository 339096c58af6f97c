/** What other features use of the medical complexes feature. */
export { useCreateComplex } from './api/save-complex';
export { ComplexForm, complexFormValues, emptyComplex } from './components/complex-form';
// Each list's request, which its export asks at `<path>/export.csv` (pinned together in components/export-requests.test.tsx).
export { complexesRequest } from './api/get-complexes';
