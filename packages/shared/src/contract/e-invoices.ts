import { idParams, listSchema, okSchema } from '../schemas/common.js';
import {
  eInvoiceOnboardInput, eInvoiceSettingsInput, eInvoiceSettingsView, eInvoiceStampInput, eInvoiceSubmissionListQuery, eInvoiceSubmissionRecord,
} from '../schemas/e-invoice.js';
import { route } from './route.js';

const tags = ['e-invoicing'];

/**
 * Saudi e-invoicing: the company's settings, its cryptographic stamp (phase 2), and each issued document's UBL XML
 * (the invoice's QR payload is on the invoice's record, `eInvoice.qr`).
 */
export const eInvoiceRoutes = {
  settings: route({ method: 'GET', path: '/api/e-invoicing/settings', access: 'billing_read', tags, response: { 200: okSchema(eInvoiceSettingsView) } }),
  saveSettings: route({
    method: 'PUT', path: '/api/e-invoicing/settings', access: 'company_write', stepUp: true, tags, body: eInvoiceSettingsInput, response: { 200: okSchema(eInvoiceSettingsView) },
  }),
  saveStamp: route({
    method: 'PUT', path: '/api/e-invoicing/stamp', access: 'admin', stepUp: true, tags, body: eInvoiceStampInput, response: { 200: okSchema(eInvoiceSettingsView) },
  }),
  /** Onboarding with the authority (needs the network in production): the stamp, then documents are sent as issued. */
  onboard: route({
    method: 'POST', path: '/api/e-invoicing/onboard', access: 'admin', stepUp: true, tags, body: eInvoiceOnboardInput, response: { 200: okSchema(eInvoiceSettingsView) },
  }),
  /** The documents sent to the authority (reporting or clearance) and what it answered, newest first. */
  submissions: route({
    method: 'GET', path: '/api/e-invoicing/submissions', access: 'billing_read', tags, query: eInvoiceSubmissionListQuery, response: { 200: listSchema(eInvoiceSubmissionRecord) },
  }),
  /** Sends a failed submission again now. */
  retrySubmission: route({
    method: 'POST', path: '/api/e-invoicing/submissions/:id/retry', access: 'billing_write', tags, params: idParams, response: { 200: okSchema(eInvoiceSubmissionRecord) },
  }),
  invoiceXml: route({ method: 'GET', path: '/api/invoices/:id/xml', access: 'billing_read', tags, params: idParams, response: 'file' }),
  creditNoteXml: route({ method: 'GET', path: '/api/credit-notes/:id/xml', access: 'billing_read', tags, params: idParams, response: 'file' }),
};
