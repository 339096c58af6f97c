import type { z } from 'zod';
import { invoiceListQuery, pageWindow, routes, type InvoiceSummary } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
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

const { invoices, cashBoxes, claims, billingSettings } = routes;
/** Writes are refused the same way whether or not the record exists in another company. */
const neutral = { config: { accessNeutral: true } };
const described = (description: string) => ({ schema: { description } });

export function billingRoutes(app: App, deps: Deps) {
  serve(app, billingSettings.get, async (req) => ({ success: true as const, data: await getBillingSettings(deps.db, callerOf(req).companyId) }),
    described('The company\'s currency, VAT rate and tax number.'));

  serve(app, billingSettings.update, async (req) => ({
    success: true as const, message: t(req, 'success.billing.settingsSaved'), data: await saveBillingSettings(deps, requestContext(req), callerOf(req), req.body),
  }), neutral);

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

  serve(app, invoices.list, async (req) => {
    const { rows, total } = await listInvoices(deps, callerOf(req), req.query);
    return listEnvelope(rows, req.query, total);
  });

  serve(app, invoices.create, async (req, reply) => {
    const data = await createInvoice(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.billing.invoiceCreated'), data });
  }, { ...neutral, ...described('A draft invoice by hand.') });

  serve(app, invoices.fromAppointment, async (req, reply) => {
    const data = await createFromAppointment(deps, requestContext(req), callerOf(req), req.params.id, req.body ?? { applyInsurance: true, note: '' });
    return reply.status(201).send({ success: true as const, message: t(req, 'success.billing.invoiceCreated'), data });
  }, { ...neutral, ...described('A draft for the appointment: its service at its price and the doctor\'s consultation fee when set.') });

  serve(app, invoices.get, async (req) => ({ success: true as const, data: await getInvoice(deps, callerOf(req), req.params.id) }));

  serve(app, invoices.update, async (req) => ({
    success: true as const, message: t(req, 'success.billing.invoiceUpdated'), data: await updateInvoice(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), { ...neutral, ...described('Only while draft (409 INVOICE_NOT_DRAFT otherwise).') });

  serve(app, invoices.remove, async (req) => {
    await deleteDraft(deps, requestContext(req), callerOf(req), req.params.id, req.query.version);
    return { success: true as const, message: t(req, 'success.billing.invoiceDeleted') };
  }, { ...neutral, ...described('Only a draft (409 INVOICE_NOT_DRAFT otherwise).') });

  serve(app, invoices.issue, async (req) => {
    const data = await issueInvoice(deps, requestContext(req), callerOf(req), req.params.id, req.body.version);
    return { success: true as const, message: t(req, 'success.billing.invoiceIssued', { number: data.displayNumber ?? '' }), data };
  }, { ...neutral, ...described('Numbers the draft (gapless per clinic) and freezes it.') });

  serve(app, invoices.creditNote, async (req, reply) => {
    const data = await addCreditNote(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    const note = data.creditNotes.at(-1);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.billing.creditNoteIssued', { number: note?.displayNumber ?? '' }), data });
  }, neutral);

  serve(app, invoices.payment, async (req, reply) => {
    const data = await addPayment(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.billing.paymentRecorded'), data });
  }, neutral);

  serve(app, invoices.refund, async (req, reply) => {
    const data = await addRefund(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.billing.refundRecorded'), data });
  }, neutral);

  serve(app, cashBoxes.list, async (req) => {
    const all = await listCashBoxes(deps, callerOf(req), req.query);
    const w = pageWindow(req.query);
    return listEnvelope(all.slice(w.offset, w.offset + w.limit), req.query, all.length);
  }, described('The company\'s and clinics\' cash boxes with their balances.'));

  serve(app, cashBoxes.get, async (req) => ({ success: true as const, data: await getCashBox(deps, callerOf(req), req.params.id) }));

  serve(app, cashBoxes.closeReport, async (req) => ({
    success: true as const, data: await getCloseReport(deps, callerOf(req), req.params.id, req.params.closeId),
  }), described('A day close\'s (Z) report.'));

  serve(app, cashBoxes.close, async (req, reply) => {
    const data = await closeCashBox(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.billing.cashBoxClosed', { date: data.date }), data });
  }, neutral);

  serve(app, claims.list, async (req) => {
    const { rows, total } = await listClaims(deps, callerOf(req), req.query);
    return listEnvelope(rows, req.query, total);
  });

  serve(app, claims.update, async (req) => ({
    success: true as const, message: t(req, 'success.billing.claimUpdated'), data: await updateClaim(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), neutral);
}
