/** What other features use of the specialities feature. */
export { useCreateSpeciality } from './api/create-speciality';
// Each list's request, which its export asks at `<path>/export.csv` (pinned together in components/export-requests.test.tsx).
export { specialitiesRequest } from './api/get-specialities';
