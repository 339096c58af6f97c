/** What other features use of the specializations feature. */
export { useCreateSpecialization } from './api/create-specialization';
// Each list's request, which its export asks at `<path>/export.csv` (pinned together in components/export-requests.test.tsx).
export { specializationsRequest } from './api/get-specializations';
