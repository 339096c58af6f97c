/** What other features use of the company feature. */
export type { CompanyCreated } from './api/save-company';
export { companyQueryOptions } from './api/get-company';
