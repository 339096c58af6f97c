/** The e-invoices module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { recordEInvoice } from './e-invoices.service.js';
export { eInvoiceRefs } from './e-invoices.repository.js';
export { SUBMISSION_JOB, submissionJobHandler } from './zatca-submissions.js';
