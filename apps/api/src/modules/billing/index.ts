/** The billing module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { billingCurrency, paidRevenue } from './billing.repository.js';
export { getBillingSettings } from './billing.service.js';
export { cashBoxesWithLedger } from './cash-boxes.repository.js';
export { getInvoice } from './billing.service.js';
