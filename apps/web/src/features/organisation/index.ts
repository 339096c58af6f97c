/** What other features use of the organisation feature (the shared parts of company, complexes, departments, clinics). */
export { formatDate } from './org-format';
