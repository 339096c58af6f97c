import { z } from 'zod';
import {
  billingSettingsInput, billingSettingsRecord, cashBoxClose, cashBoxCloseInput, cashBoxCloseParams, cashBoxCloseReport, cashBoxDetails, cashBoxListQuery, cashBoxSummary, claimListQuery,
  claimRecord, claimUpdateInput, creditNoteInput, idParams, invoiceCreateInput, invoiceFromAppointmentInput, invoiceListQuery, invoiceRecord,
  invoiceSummary, invoiceUpdateInput, invoiceVersionInput, invoiceVersionQuery, listSchema, messageOnlySchema, okSchema, pageWindow, paymentInput, refundInput, routes,
  type InvoiceSummary,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { registerExport } from '../../lib/csv-export.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import {
  createFromAppointment, createInvoice, deleteDraft, getBillingSettings, getInvoice, issueInvoice, listInvoices, saveBillingSettings, updateInvoice,
} from './billing.service.js';
import { listClaims, updateClaim } from './claims.service.js';
import { addCreditNote, addPayment, addRefund } from './invoice-payments.service.js';
import { closeCashBox, getCashBox, getCloseReport, listCashBoxes } from './cash-boxes.service.js';

const tags = ['billing'];

export function billingRoutes(app: App, deps: Deps) {
  app.get('/api/billing/settings', {
    config: { permission: 'billing_read' },
    schema: { tags, description: 'The company\'s currency, VAT rate and tax number.', response: { 200: okSchema(billingSettingsRecord) } },
    handler: async (req) => ({ success: true as const, data: await getBillingSettings(deps.db, callerOf(req).companyId) }),
  });

  app.put('/api/billing/settings', {
    config: { permission: 'company_write', accessNeutral: true },
    schema: { tags, body: billingSettingsInput, response: { 200: okSchema(billingSettingsRecord) } },
    handler: async (req) => ({
      success: true as const, message: t(req, 'success.billing.settingsSaved'), data: await saveBillingSettings(deps, requestContext(req), callerOf(req), req.body),
    }),
  });

  // Before GET /api/invoices/:id in the route table (a static path wins in the router whatever the order).
  registerExport<z.output<typeof invoiceListQuery>, InvoiceSummary>(app, deps, {
    route: routes.exports.invoices, entity: 'invoices',
    batch: async (d, caller, q, page, limit) => ({ rows: (await listInvoices(d, caller, { ...q, page, limit, allData: undefined })).rows, last: false }),
    columns: [
      { header: 'invoiceNumber', cell: (r) => r.displayNumber },
      { header: 'status', cell: (r) => r.status },
      { header: 'clinic', cell: (r) => r.clinic },
      { header: 'patient', cell: (r) => r.patient },
      { header: 'visitDate', cell: (r) => r.visitDate },
      { header: 'issuedAt', cell: (r) => r.issuedAt },
      { header: 'currency', cell: (r) => r.currency },
      { header: 'subtotal', cell: (r) => r.subtotal },
      { header: 'discountTotal', cell: (r) => r.discountTotal },
      { header: 'taxTotal', cell: (r) => r.taxTotal },
      { header: 'invoiceTotal', cell: (r) => r.total },
      { header: 'insurer', cell: (r) => r.insurer?.name ?? '' },
      { header: 'insurerShare', cell: (r) => r.insurerShare },
      { header: 'patientShare', cell: (r) => r.patientShare },
      { header: 'creditedTotal', cell: (r) => r.creditedTotal },
      { header: 'paidTotal', cell: (r) => r.paidTotal },
      { header: 'balanceDue', cell: (r) => r.balanceDue },
    ],
  });

  app.get('/api/invoices', {
    config: { permission: 'billing_read' },
    schema: { tags, querystring: invoiceListQuery, response: { 200: listSchema(invoiceSummary) } },
    handler: async (req) => {
      const { rows, total } = await listInvoices(deps, callerOf(req), req.query);
      return listEnvelope(rows, req.query, total);
    },
  });

  app.post('/api/invoices', {
    config: { permission: 'billing_write', accessNeutral: true },
    schema: { tags, description: 'A draft invoice by hand.', body: invoiceCreateInput, response: { 201: okSchema(invoiceRecord) } },
    handler: async (req, reply) => {
      const data = await createInvoice(deps, requestContext(req), callerOf(req), req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.billing.invoiceCreated'), data });
    },
  });

  app.post('/api/invoices/from-appointment/:id', {
    config: { permission: 'billing_write', accessNeutral: true },
    schema: {
      tags, description: 'A draft for the appointment: its service at its price and the doctor\'s consultation fee when set.',
      params: idParams, body: invoiceFromAppointmentInput.optional(), response: { 201: okSchema(invoiceRecord) },
    },
    handler: async (req, reply) => {
      const data = await createFromAppointment(deps, requestContext(req), callerOf(req), req.params.id, req.body ?? { applyInsurance: true, note: '' });
      return reply.status(201).send({ success: true as const, message: t(req, 'success.billing.invoiceCreated'), data });
    },
  });

  app.get('/api/invoices/:id', {
    config: { permission: 'billing_read' },
    schema: { tags, params: idParams, response: { 200: okSchema(invoiceRecord) } },
    handler: async (req) => ({ success: true as const, data: await getInvoice(deps, callerOf(req), req.params.id) }),
  });

  app.put('/api/invoices/:id', {
    config: { permission: 'billing_write', accessNeutral: true },
    schema: { tags, description: 'Only while draft (409 INVOICE_NOT_DRAFT otherwise).', params: idParams, body: invoiceUpdateInput, response: { 200: okSchema(invoiceRecord) } },
    handler: async (req) => ({
      success: true as const, message: t(req, 'success.billing.invoiceUpdated'), data: await updateInvoice(deps, requestContext(req), callerOf(req), req.params.id, req.body),
    }),
  });

  app.delete('/api/invoices/:id', {
    config: { permission: 'billing_write', accessNeutral: true },
    schema: { tags, description: 'Only a draft (409 INVOICE_NOT_DRAFT otherwise).', params: idParams, querystring: invoiceVersionQuery, response: { 200: messageOnlySchema } },
    handler: async (req) => {
      await deleteDraft(deps, requestContext(req), callerOf(req), req.params.id, req.query.version);
      return { success: true as const, message: t(req, 'success.billing.invoiceDeleted') };
    },
  });

  app.post('/api/invoices/:id/issue', {
    config: { permission: 'billing_write', accessNeutral: true },
    schema: { tags, description: 'Numbers the draft (gapless per clinic) and freezes it.', params: idParams, body: invoiceVersionInput, response: { 200: okSchema(invoiceRecord) } },
    handler: async (req) => {
      const data = await issueInvoice(deps, requestContext(req), callerOf(req), req.params.id, req.body.version);
      return { success: true as const, message: t(req, 'success.billing.invoiceIssued', { number: data.displayNumber ?? '' }), data };
    },
  });

  app.post('/api/invoices/:id/credit-notes', {
    config: { permission: 'billing_refund', accessNeutral: true },
    schema: { tags, params: idParams, body: creditNoteInput, response: { 201: okSchema(invoiceRecord) } },
    handler: async (req, reply) => {
      const data = await addCreditNote(deps, requestContext(req), callerOf(req), req.params.id, req.body);
      const note = data.creditNotes.at(-1);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.billing.creditNoteIssued', { number: note?.displayNumber ?? '' }), data });
    },
  });

  app.post('/api/invoices/:id/payments', {
    config: { permission: 'billing_write', accessNeutral: true },
    schema: { tags, params: idParams, body: paymentInput, response: { 201: okSchema(invoiceRecord) } },
    handler: async (req, reply) => {
      const data = await addPayment(deps, requestContext(req), callerOf(req), req.params.id, req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.billing.paymentRecorded'), data });
    },
  });

  app.post('/api/invoices/:id/refunds', {
    config: { permission: 'billing_refund', accessNeutral: true },
    schema: { tags, params: idParams, body: refundInput, response: { 201: okSchema(invoiceRecord) } },
    handler: async (req, reply) => {
      const data = await addRefund(deps, requestContext(req), callerOf(req), req.params.id, req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.billing.refundRecorded'), data });
    },
  });

  app.get('/api/cash-boxes', {
    config: { permission: 'billing_read' },
    schema: { tags, description: 'The company\'s and clinics\' cash boxes with their balances.', querystring: cashBoxListQuery, response: { 200: listSchema(cashBoxSummary) } },
    handler: async (req) => {
      const all = await listCashBoxes(deps, callerOf(req), req.query);
      const w = pageWindow(req.query);
      return listEnvelope(all.slice(w.offset, w.offset + w.limit), req.query, all.length);
    },
  });

  app.get('/api/cash-boxes/:id', {
    config: { permission: 'billing_read' },
    schema: { tags, params: idParams, response: { 200: okSchema(cashBoxDetails) } },
    handler: async (req) => ({ success: true as const, data: await getCashBox(deps, callerOf(req), req.params.id) }),
  });

  app.get('/api/cash-boxes/:id/closes/:closeId', {
    config: { permission: 'billing_read' },
    schema: { tags, description: 'A day close\'s (Z) report.', params: cashBoxCloseParams, response: { 200: okSchema(cashBoxCloseReport) } },
    handler: async (req) => ({ success: true as const, data: await getCloseReport(deps, callerOf(req), req.params.id, req.params.closeId) }),
  });

  app.post('/api/cash-boxes/:id/close', {
    config: { permission: 'cashbox_close', accessNeutral: true },
    schema: { tags, params: idParams, body: cashBoxCloseInput, response: { 201: okSchema(cashBoxClose) } },
    handler: async (req, reply) => {
      const data = await closeCashBox(deps, requestContext(req), callerOf(req), req.params.id, req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.billing.cashBoxClosed', { date: data.date }), data });
    },
  });

  app.get('/api/claims', {
    config: { permission: 'billing_read' },
    schema: { tags, querystring: claimListQuery, response: { 200: listSchema(claimRecord) } },
    handler: async (req) => {
      const { rows, total } = await listClaims(deps, callerOf(req), req.query);
      return listEnvelope(rows, req.query, total);
    },
  });

  app.patch('/api/claims/:id', {
    config: { permission: 'billing_write', accessNeutral: true },
    schema: { tags, params: idParams, body: claimUpdateInput, response: { 200: okSchema(claimRecord) } },
    handler: async (req) => ({
      success: true as const, message: t(req, 'success.billing.claimUpdated'), data: await updateClaim(deps, requestContext(req), callerOf(req), req.params.id, req.body),
    }),
  });
}
