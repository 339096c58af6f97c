/** What other features use of the audit feature. */
export { RecordAccessCard } from './components/record-access-card';
// Each list's request, which its export asks at `<path>/export.csv` (pinned together in components/export-requests.test.tsx).
export { auditRequest } from './api/get-audit';
