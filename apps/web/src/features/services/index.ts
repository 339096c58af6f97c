/** What other features use of the services feature. */
// Each list's request, which its export asks at `<path>/export.csv` (pinned together in components/export-requests.test.tsx).
export { servicesRequest } from './api/get-services';
