import { idParams, okSchema } from '../schemas/common.js';
import { eInvoiceSettingsInput, eInvoiceSettingsView, eInvoiceStampInput } from '../schemas/e-invoice.js';
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
  invoiceXml: route({ method: 'GET', path: '/api/invoices/:id/xml', access: 'billing_read', tags, params: idParams, response: 'file' }),
  creditNoteXml: route({ method: 'GET', path: '/api/credit-notes/:id/xml', access: 'billing_read', tags, params: idParams, response: 'file' }),
};
