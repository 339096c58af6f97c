/**
 * Demo billing: VAT at 15%, and invoices for the 30 latest completed visits before today (about a second and a half of
 * the first start): most issued, some paid in cash or by card, one corrected by a credit note and refunded, one left as a
 * draft. Written through the billing services, so the figures follow the same rules as the screens.
 */
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import { safeTimeZone, todayIn, zonedInstant } from '@clinic/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { appointments, billingSettings, companies, eInvoiceSettings, employees, insuranceClaims, invoices } from '../db/schema/index.js';
import type { Caller, Deps } from '../lib/app-types.js';
import { systemContext } from '../lib/request-context.js';
import { createFromAppointment, issueInvoice } from '../modules/billing/billing.service.js';
import { addCreditNote, addPayment, addRefund } from '../modules/billing/invoice-payments.service.js';
import { updateClaim } from '../modules/billing/claims.service.js';
import { listCashBoxes } from '../modules/billing/cash-boxes.service.js';

/** The seed runs before any logger exists and the billing services write no log lines: a logger that drops them. */
const quiet: FastifyBaseLogger = {
  level: 'silent', fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {}, silent: () => {},
  child: () => quiet,
} as unknown as FastifyBaseLogger;

/** English, no address: the seed's audit entries say no one asked from anywhere. */
const seedContext = systemContext(quiet);

export async function seedBilling(db: Db, companyId: string, opts: { invoices?: number } = {}): Promise<void> {
  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  const [admin] = await db.select({ id: employees.id }).from(employees).where(eq(employees.companyId, companyId)).limit(1);
  if (!company || !admin) return;
  const caller: Caller = { id: admin.id, companyId, permissions: ['admin'], plan: null, employeeType: 'Admin', timeZone: company.timeZone };
  const deps = { db } as Deps;
  await db.insert(billingSettings).values({ companyId, currency: 'SAR', vatRateBasisPoints: 1500 }).onConflictDoNothing();
  // A Saudi company: its issued invoices and credit notes are e-invoices (the ZATCA QR code, the chain, the XML).
  await db.insert(eInvoiceSettings).values({
    companyId, enabled: true, sellerName: 'مجموعة النور الطبية', vatNumber: '300234567800003', crn: '1010234567', street: 'طريق الملك فهد',
    buildingNumber: '7235', district: 'العليا', city: 'الرياض', postalCode: '12214',
  }).onConflictDoNothing();
  const boxes = await listCashBoxes(deps, caller, {});

  // Visits before today: today's are still being seen and billed at the front desk, and yesterday's day close (the
  // doctor's share seed) locks what these took, so none of them may be later than that close.
  const today = zonedInstant(todayIn(safeTimeZone(company.timeZone)), '00:00', safeTimeZone(company.timeZone));
  const visits = await db.select({ id: appointments.id, clinicId: appointments.clinicId }).from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.status, 'completed'), lt(appointments.startsAt, today)))
    .orderBy(desc(appointments.startsAt)).limit(opts.invoices ?? 30);
  for (const [i, visit] of visits.entries()) {
    const draft = await createFromAppointment(deps, seedContext, caller, visit.id, { applyInsurance: true, note: '' });
    if (i === visits.length - 1 && visits.length > 1) continue; // the latest stays a draft
    const inv = await issueInvoice(deps, seedContext, caller, draft._id, draft.version);
    const box = boxes.find((b) => b.clinic?._id === visit.clinicId) ?? boxes.find((b) => b.clinic === null);
    if (inv.balanceDue <= 0 || i % 4 === 3) continue; // some stay unpaid
    if (i % 4 === 2) {
      await addPayment(deps, seedContext, caller, inv._id, { method: 'card', amount: inv.balanceDue, paymentMethod: 'Mada', reference: '', cashBox: null });
      continue;
    }
    if (!box) continue;
    const paid = await addPayment(deps, seedContext, caller, inv._id, { method: 'cash', amount: inv.balanceDue, cashBox: box._id, reference: '' });
    if (i === 0 && paid.patientShare >= 100) {
      const credited = await addCreditNote(deps, seedContext, caller, inv._id, { amount: Math.floor(paid.patientShare / 2), reason: 'Discount agreed after the visit' });
      const note = credited.creditNotes[0]!;
      await addRefund(deps, seedContext, caller, inv._id, { creditNote: note._id, method: 'cash', amount: note.amount, cashBox: box._id, reference: '' });
    }
  }

  // The insurers' claims those invoices opened, by visit, oldest first, moved along as the claims desk would: the
  // oldest paid, the next submitted, one rejected with its reason; the newest stay open.
  const claims = await db.select({ id: insuranceClaims.id, version: insuranceClaims.version }).from(insuranceClaims)
    .innerJoin(invoices, and(eq(invoices.companyId, insuranceClaims.companyId), eq(invoices.id, insuranceClaims.invoiceId)))
    .where(eq(insuranceClaims.companyId, companyId)).orderBy(asc(invoices.visitDate), asc(invoices.issuedAt), asc(insuranceClaims.id));
  const moves: Array<Array<{ status: 'submitted' | 'paid' | 'rejected'; note?: string }>> = [
    [{ status: 'submitted' }, { status: 'paid', note: 'Paid in the monthly settlement' }],
    [{ status: 'submitted', note: 'Sent with the visit report' }],
    [{ status: 'rejected', note: 'Card not valid on the visit date (insurer)' }],
  ];
  for (const [i, steps] of moves.entries()) {
    const claim = claims[i];
    if (!claim || claims.length - i < 2) break;
    let version = claim.version;
    for (const step of steps) version = (await updateClaim(deps, seedContext, caller, claim.id, { ...step, version })).version;
  }
}
