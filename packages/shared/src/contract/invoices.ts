import {
  creditNoteInput, invoiceCreateInput, invoiceFromAppointmentInput, invoiceListQuery, invoiceRecord, invoiceSummary, invoiceUpdateInput,
  invoiceVersionInput, invoiceVersionQuery, paymentInput, refundInput,
} from '../schemas/billing.js';
import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import { route } from './route.js';

const tags = ['billing'];
const one = okSchema(invoiceRecord);
const readers = 'billing_read';
const writers = 'billing_write';
/** Credit notes and refunds give money back: a permission of their own. */
const refunders = 'billing_refund';

/** Invoices: drafts, issuing (gapless numbers), payments, credit notes and refunds. */
export const invoiceRoutes = {
  list: route({ method: 'GET', path: '/api/invoices', access: readers, tags, query: invoiceListQuery, response: { 200: listSchema(invoiceSummary) } }),
  get: route({ method: 'GET', path: '/api/invoices/:id', access: readers, tags, params: idParams, response: { 200: one } }),
  create: route({ method: 'POST', path: '/api/invoices', access: writers, tags, body: invoiceCreateInput, response: { 201: one } }),
  fromAppointment: route({
    method: 'POST', path: '/api/invoices/from-appointment/:id', access: writers, tags, params: idParams, body: invoiceFromAppointmentInput.optional(), response: { 201: one },
  }),
  update: route({ method: 'PUT', path: '/api/invoices/:id', access: writers, tags, params: idParams, body: invoiceUpdateInput, response: { 200: one } }),
  remove: route({ method: 'DELETE', path: '/api/invoices/:id', access: writers, tags, params: idParams, query: invoiceVersionQuery, response: { 200: messageOnlySchema } }),
  issue: route({ method: 'POST', path: '/api/invoices/:id/issue', access: writers, tags, params: idParams, body: invoiceVersionInput, response: { 200: one } }),
  creditNote: route({ method: 'POST', path: '/api/invoices/:id/credit-notes', access: refunders, stepUp: true, tags, params: idParams, body: creditNoteInput, response: { 201: one } }),
  payment: route({ method: 'POST', path: '/api/invoices/:id/payments', access: writers, tags, params: idParams, body: paymentInput, response: { 201: one } }),
  refund: route({ method: 'POST', path: '/api/invoices/:id/refunds', access: refunders, stepUp: true, tags, params: idParams, body: refundInput, response: { 201: one } }),
};
