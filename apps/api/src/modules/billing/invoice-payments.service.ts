import {
  formatMinor, type CreditNoteValues, type InvoiceRecord, type PaymentValues, type RefundValues,
} from '@clinic/shared';
import { creditNoteDisplayNumber, creditNoteTax, issuedStatus, processingFee } from '../../domain/billing/billing.domain.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { emit } from '../events/index.js';
import type { RequestContext } from '../../lib/request-context.js';
import {
  addRefunded, findInvoice, insertCreditNote, insertPayment, lockCreditNote, nextNumber, setInvoiceFigures, type InvoiceRow,
} from './billing.repository.js';
import { clinicPublicId, err, fieldError, getInvoice, inTx, invoiceNotFound, notIssued, type Tx } from './billing.service.js';
import { addCashBoxTransaction, cashBoxBalance, configuredCashBoxes, lockCashBox, paymentMethodsFor } from './cash-boxes.repository.js';
import { recordEInvoice } from '../e-invoices/index.js';
import { recordDoctorShares } from '../doctor-shares/index.js';

/*
 * The money of an issued invoice: credit notes against it, payments into a cash box or an online method, and refunds
 * against a credit note. Each locks the invoice, checks the amount against what is owed, and keeps its figures.
 */

/** The invoice, locked for the rest of the transaction, and issued. */
async function lockIssued(tx: Tx, companyId: string, id: string): Promise<InvoiceRow> {
  const row = await findInvoice(tx, companyId, id, true);
  if (!row) throw invoiceNotFound();
  if (row.status === 'draft') throw notIssued();
  return row;
}

const money = (row: InvoiceRow, amount: number) => `${formatMinor(amount, row.minorDigits)} ${row.currency}`;

export async function addCreditNote(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: CreditNoteValues): Promise<InvoiceRecord> {
  await inTx(deps, async (tx) => {
    const inv = await lockIssued(tx, caller.companyId, id);
    const max = inv.patientShare - inv.creditedTotal;
    if (input.amount > max) throw fieldError('amount', 'errors.billing.overCredit', { max: money(inv, Math.max(0, max)) });
    const n = await nextNumber(tx, caller.companyId, inv.clinicId, 'credit_note');
    const displayNumber = creditNoteDisplayNumber(await clinicPublicId(tx, caller.companyId, inv.clinicId), n);
    const noteId = await insertCreditNote(tx, {
      companyId: caller.companyId, invoiceId: id, clinicId: inv.clinicId, number: n, displayNumber, amount: input.amount,
      taxAmount: creditNoteTax(input.amount, inv.taxTotal, inv.total), reason: input.reason, createdBy: caller.id,
    });
    const creditedTotal = inv.creditedTotal + input.amount;
    await setInvoiceFigures(tx, caller.companyId, id, {
      creditedTotal, status: issuedStatus({ patientShare: inv.patientShare, creditedTotal, paidTotal: inv.paidTotal }), updatedAt: new Date(),
    });
    await recordDoctorShares(tx, caller.companyId, id, 'credit_note');
    await recordEInvoice(tx, deps.config?.jwtSecret, caller.companyId, 'credit_note', noteId, inv.clinicId, new Date());
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'credit_note', entity: 'invoice', entityId: id,
      changes: { after: { creditNote: noteId, number: displayNumber, amount: input.amount } },
    });
  });
  return getInvoice(deps, caller, id);
}

/** Where the money goes: a cash box of the invoice's clinic or the company (locked), or an online method and its fee. */
async function resolveMethod(tx: Tx, caller: Caller, inv: InvoiceRow, p: PaymentValues | RefundValues) {
  if (p.method === 'cash') {
    const box = await lockCashBox(tx, caller.companyId, p.cashBox!);
    if (!box || (box.clinicId !== null && box.clinicId !== inv.clinicId)) throw err(404, 'CASH_BOX_NOT_FOUND', 'cashBoxNotFound');
    const configured = await configuredCashBoxes(tx, caller.companyId, box.clinicId ?? undefined);
    const config = [...configured.values()].find((c) => (c.clinic?._id ?? null) === box.clinicId && c.config.name.trim().toLowerCase() === box.name.toLowerCase());
    if (!config || config.config.isActive === false) throw err(409, 'CASH_BOX_INACTIVE', 'cashBoxInactive');
    return { cashBoxId: box.id, paymentMethodName: null, fee: 0 };
  }
  const methods = await paymentMethodsFor(tx, caller.companyId, inv.clinicId);
  const wanted = p.paymentMethod!.trim().toLowerCase();
  const method = methods.find((m) => m.companyName.trim().toLowerCase() === wanted && m.isActive !== false);
  if (!method) throw err(404, 'PAYMENT_METHOD_NOT_FOUND', 'paymentMethodNotFound');
  return { cashBoxId: null, paymentMethodName: method.companyName, fee: processingFee(p.amount, Number(method.processingFees ?? 0)) };
}

export async function addPayment(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: PaymentValues): Promise<InvoiceRecord> {
  await inTx(deps, async (tx) => {
    const inv = await lockIssued(tx, caller.companyId, id);
    const due = inv.patientShare - inv.creditedTotal - inv.paidTotal;
    if (due <= 0) throw err(409, 'NOTHING_TO_PAY', 'nothingToPay');
    if (input.amount > due) throw fieldError('amount', 'errors.billing.overpayment', { due: money(inv, due) });
    const target = await resolveMethod(tx, caller, inv, input);
    const paymentId = await insertPayment(tx, {
      companyId: caller.companyId, invoiceId: id, clinicId: inv.clinicId, kind: 'payment', method: input.method, amount: input.amount,
      processingFee: target.fee, cashBoxId: target.cashBoxId, paymentMethodName: target.paymentMethodName, reference: input.reference, createdBy: caller.id,
    });
    if (target.cashBoxId) {
      await addCashBoxTransaction(tx, {
        companyId: caller.companyId, cashBoxId: target.cashBoxId, kind: 'payment', amount: input.amount, paymentId, invoiceId: id,
        description: inv.displayNumber ?? '', createdBy: caller.id,
      });
    }
    const paidTotal = inv.paidTotal + input.amount;
    await setInvoiceFigures(tx, caller.companyId, id, {
      paidTotal, status: issuedStatus({ patientShare: inv.patientShare, creditedTotal: inv.creditedTotal, paidTotal }), updatedAt: new Date(),
    });
    await recordDoctorShares(tx, caller.companyId, id, 'payment');
    if (paidTotal + inv.creditedTotal >= inv.patientShare) await emit(tx, { type: 'invoice.paid', companyId: caller.companyId, actorId: caller.id, invoiceId: id, at: new Date().toISOString() });
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'payment', entity: 'invoice', entityId: id,
      changes: { after: { payment: paymentId, method: input.method, amount: input.amount, processingFee: target.fee, cashBox: target.cashBoxId } },
    });
  });
  return getInvoice(deps, caller, id);
}

/** Money back against a credit note: at most what the note has not refunded and what was paid beyond what is owed. */
export async function addRefund(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: RefundValues): Promise<InvoiceRecord> {
  await inTx(deps, async (tx) => {
    const inv = await lockIssued(tx, caller.companyId, id);
    const note = await lockCreditNote(tx, caller.companyId, id, input.creditNote);
    if (!note) throw err(404, 'CREDIT_NOTE_NOT_FOUND', 'creditNoteNotFound');
    const overpaid = inv.creditedTotal + inv.paidTotal - inv.patientShare;
    const max = Math.max(0, Math.min(note.amount - note.refundedAmount, overpaid));
    if (input.amount > max) throw fieldError('amount', 'errors.billing.overRefund', { max: money(inv, max) });
    const target = await resolveMethod(tx, caller, inv, input);
    const refundId = await insertPayment(tx, {
      companyId: caller.companyId, invoiceId: id, clinicId: inv.clinicId, kind: 'refund', method: input.method, amount: -input.amount,
      processingFee: target.fee, cashBoxId: target.cashBoxId, paymentMethodName: target.paymentMethodName, creditNoteId: note.id,
      reference: input.reference, createdBy: caller.id,
    });
    // Cash out needs the cash: the box (locked by resolveMethod) never goes below zero.
    if (target.cashBoxId && !(await addCashBoxTransaction(tx, {
      companyId: caller.companyId, cashBoxId: target.cashBoxId, kind: 'refund', amount: -input.amount, paymentId: refundId, invoiceId: id,
      description: note.displayNumber, createdBy: caller.id,
    }))) {
      throw err(409, 'CASH_BOX_SHORT', 'cashBoxShort', { balance: money(inv, Math.max(0, await cashBoxBalance(tx, caller.companyId, target.cashBoxId))) });
    }
    await addRefunded(tx, caller.companyId, note.id, note.refundedAmount + input.amount);
    const paidTotal = inv.paidTotal - input.amount;
    await setInvoiceFigures(tx, caller.companyId, id, {
      paidTotal, refundedTotal: inv.refundedTotal + input.amount,
      status: issuedStatus({ patientShare: inv.patientShare, creditedTotal: inv.creditedTotal, paidTotal }), updatedAt: new Date(),
    });
    await recordDoctorShares(tx, caller.companyId, id, 'refund');
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'refund', entity: 'invoice', entityId: id,
      changes: { after: { refund: refundId, creditNote: note.id, method: input.method, amount: input.amount, cashBox: target.cashBoxId } },
    });
  });
  return getInvoice(deps, caller, id);
}
