import { and, asc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type {
  ClaimListQuery, ClaimRecord, ClaimStatus, CreditNoteRecord, InvoiceLineRecord, InvoiceListQuery, InvoiceStatus, InvoiceSummary, PaymentRecord, Ref,
} from '@clinic/shared';
import { pageWindow } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import {
  billingCounters, billingSettings, cashBoxes, clinics, companyProfiles, creditNotes, employees, insuranceClaims, invoices, patients, payments,
  services,
} from '../../db/schema/index.js';
import { likePattern, orderBy, pageTotal, placeholder as ph } from '../../lib/list.js';
import { prepared } from '../../lib/prepared.js';
import { nextVersion } from '../../lib/versioning.js';
import { qualified, refOf } from '../../lib/sql.js';

export type InvoiceRow = typeof invoices.$inferSelect;

const withNames = {
  i: invoices,
  clinic: refOf(clinics, invoices.companyId, invoices.clinicId),
  patient: refOf(patients, invoices.companyId, invoices.patientId),
  doctor: refOf(employees, invoices.companyId, invoices.doctorId),
};
type NamedInvoice = { i: InvoiceRow; clinic: Ref | null; patient: Ref | null; doctor: Ref | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toInvoiceSummary(r: NamedInvoice): InvoiceSummary {
  const i = r.i;
  return {
    _id: i.id,
    number: i.number,
    displayNumber: i.displayNumber,
    status: i.status as InvoiceStatus,
    clinic: r.clinic ?? { _id: i.clinicId, name: '' },
    patient: r.patient ?? { _id: i.patientId, name: '' },
    doctor: i.doctorId ? (r.doctor ?? { _id: i.doctorId, name: '' }) : null,
    appointment: i.appointmentId,
    visitDate: i.visitDate,
    currency: i.currency,
    minorDigits: i.minorDigits,
    vatRateBasisPoints: i.vatRateBasisPoints,
    taxNumber: i.taxNumber,
    subtotal: i.subtotal,
    discountTotal: i.discountTotal,
    taxTotal: i.taxTotal,
    total: i.total,
    insurer: (i.insurer as InvoiceSummary['insurer']) ?? null,
    insurerShare: i.insurerShare,
    patientShare: i.patientShare,
    creditedTotal: i.creditedTotal,
    paidTotal: i.paidTotal,
    refundedTotal: i.refundedTotal,
    balanceDue: i.patientShare - i.creditedTotal - i.paidTotal,
    note: i.note,
    issuedAt: iso(i.issuedAt),
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
    version: i.version,
  };
}

export function linesOf(row: InvoiceRow): InvoiceLineRecord[] {
  return Array.isArray(row.lines) ? (row.lines as InvoiceLineRecord[]) : [];
}

export async function findInvoice(db: Db, companyId: string, id: string, lock = false) {
  const q = db.select().from(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.id, id))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findNamedInvoice(db: Db, companyId: string, id: string) {
  const [row] = await db.select(withNames).from(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.id, id))).limit(1);
  return row ?? null;
}

const sortColumns = {
  createdAt: [invoices.createdAt, invoices.id],
  visitDate: [invoices.visitDate, invoices.createdAt, invoices.id],
  number: [invoices.clinicId, invoices.number, invoices.id],
  total: [invoices.total, invoices.id],
  status: [invoices.status, invoices.createdAt, invoices.id],
  issuedAt: [invoices.issuedAt, invoices.id],
} as const;

function invoiceFilter(companyId: string, q: InvoiceListQuery): SQL {
  const where: SQL[] = [eq(invoices.companyId, companyId)];
  if (q.status) where.push(eq(invoices.status, q.status));
  if (q.clinic) where.push(eq(invoices.clinicId, q.clinic));
  if (q.patient) where.push(eq(invoices.patientId, q.patient));
  if (q.insurer) where.push(sql`lower(${invoices.insurer}->>'name') = ${q.insurer.toLowerCase()}`);
  if (q.from) where.push(gte(invoices.visitDate, q.from));
  if (q.to) where.push(lte(invoices.visitDate, q.to));
  if (q.search) {
    const pattern = likePattern(q.search.toLowerCase());
    where.push(sql`(lower(coalesce(${invoices.displayNumber}, '')) like ${pattern} or exists (
      select 1 from ${patients} p where p.company_id = ${qualified(invoices.companyId)} and p.id = ${qualified(invoices.patientId)} and lower(p.name) like ${pattern}))`);
  }
  return and(...where)!;
}

/** A page of invoices with the list's filters and order; the total counted only as far as needed. */
export async function findInvoices(db: Db, companyId: string, q: InvoiceListQuery) {
  const w = pageWindow(q);
  const where = invoiceFilter(companyId, q);
  const rows = await db.select(withNames).from(invoices).where(where)
    .orderBy(...orderBy([...sortColumns[q.sortBy]], q.order)).limit(w.limit).offset(w.offset);
  const total = await pageTotal(rows.length, w, async (cap) => {
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(
      db.select({ one: sql`1` }).from(invoices).where(where).limit(cap).as('m'),
    );
    return c?.n ?? 0;
  }, { searching: Boolean(q.search) });
  return { rows: rows.map(toInvoiceSummary), total };
}

/** The next number of a clinic's series, taken inside the caller's transaction (gapless: it rolls back with it). */
export async function nextNumber(tx: Db, companyId: string, clinicId: string, series: 'invoice' | 'credit_note'): Promise<number> {
  const [row] = await tx.insert(billingCounters).values({ companyId, clinicId, series, lastValue: 1 })
    .onConflictDoUpdate({
      target: [billingCounters.companyId, billingCounters.clinicId, billingCounters.series],
      set: { lastValue: sql`${billingCounters.lastValue} + 1` },
    })
    .returning({ value: billingCounters.lastValue });
  return row!.value;
}

export async function creditNotesOf(db: Db, companyId: string, invoiceId: string): Promise<CreditNoteRecord[]> {
  const rows = await db.select({ c: creditNotes, by: refOf(employees, creditNotes.companyId, creditNotes.createdBy) }).from(creditNotes)
    .where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.invoiceId, invoiceId))).orderBy(asc(creditNotes.number));
  return rows.map(({ c, by }) => ({
    _id: c.id, invoice: c.invoiceId, number: c.number, displayNumber: c.displayNumber, amount: c.amount, taxAmount: c.taxAmount,
    refundedAmount: c.refundedAmount, reason: c.reason, createdBy: c.createdBy ? (by ?? { _id: c.createdBy, name: '' }) : null, createdAt: c.createdAt.toISOString(),
  }));
}

export async function paymentsOf(db: Db, companyId: string, invoiceId: string): Promise<PaymentRecord[]> {
  const rows = await db.select({
    p: payments,
    by: refOf(employees, payments.companyId, payments.createdBy),
    box: sql<string | null>`(select b.name from ${cashBoxes} b where b.company_id = ${qualified(payments.companyId)} and b.id = ${qualified(payments.cashBoxId)})`,
  }).from(payments).where(and(eq(payments.companyId, companyId), eq(payments.invoiceId, invoiceId))).orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map(({ p, by, box }) => ({
    _id: p.id, invoice: p.invoiceId, kind: p.kind as 'payment' | 'refund', method: p.method as PaymentRecord['method'], amount: p.amount,
    processingFee: p.processingFee, cashBox: p.cashBoxId ? { _id: p.cashBoxId, name: box ?? '' } : null, paymentMethod: p.paymentMethodName,
    creditNote: p.creditNoteId, reference: p.reference, createdBy: p.createdBy ? (by ?? { _id: p.createdBy, name: '' }) : null, createdAt: p.createdAt.toISOString(),
  }));
}

const claimNames = {
  c: insuranceClaims,
  clinic: refOf(clinics, insuranceClaims.companyId, insuranceClaims.clinicId),
  patient: refOf(patients, insuranceClaims.companyId, insuranceClaims.patientId),
  invoiceNumber: sql<string | null>`(select i.display_number from ${invoices} i where i.company_id = ${qualified(insuranceClaims.companyId)} and i.id = ${qualified(insuranceClaims.invoiceId)})`,
};
type NamedClaim = { c: typeof insuranceClaims.$inferSelect; clinic: Ref | null; patient: Ref | null; invoiceNumber: string | null };

export function toClaimRecord(r: NamedClaim): ClaimRecord {
  const c = r.c;
  return {
    _id: c.id, invoice: c.invoiceId, invoiceNumber: r.invoiceNumber, clinic: r.clinic ?? { _id: c.clinicId, name: '' },
    patient: r.patient ?? { _id: c.patientId, name: '' }, insurer: c.insurer, amount: c.amount, currency: c.currency,
    status: c.status as ClaimStatus, note: c.note, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString(), version: c.version,
  };
}

export async function claimOfInvoice(db: Db, companyId: string, invoiceId: string): Promise<ClaimRecord | null> {
  const [row] = await db.select(claimNames).from(insuranceClaims)
    .where(and(eq(insuranceClaims.companyId, companyId), eq(insuranceClaims.invoiceId, invoiceId))).limit(1);
  return row ? toClaimRecord(row) : null;
}

export async function findClaim(db: Db, companyId: string, id: string) {
  const [row] = await db.select(claimNames).from(insuranceClaims)
    .where(and(eq(insuranceClaims.companyId, companyId), eq(insuranceClaims.id, id))).limit(1);
  return row ?? null;
}

const claimSort = {
  createdAt: [insuranceClaims.createdAt, insuranceClaims.id],
  amount: [insuranceClaims.amount, insuranceClaims.id],
  status: [insuranceClaims.status, insuranceClaims.createdAt, insuranceClaims.id],
} as const;

export async function findClaims(db: Db, companyId: string, q: ClaimListQuery) {
  const w = pageWindow(q);
  const where: SQL[] = [eq(insuranceClaims.companyId, companyId)];
  if (q.status) where.push(eq(insuranceClaims.status, q.status));
  if (q.clinic) where.push(eq(insuranceClaims.clinicId, q.clinic));
  if (q.insurer) where.push(sql`lower(${insuranceClaims.insurer}) = ${q.insurer.toLowerCase()}`);
  const filter = and(...where)!;
  const rows = await db.select(claimNames).from(insuranceClaims).where(filter)
    .orderBy(...orderBy([...claimSort[q.sortBy]], q.order)).limit(w.limit).offset(w.offset);
  const total = await pageTotal(rows.length, w, async (cap) => {
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(insuranceClaims).where(filter).limit(cap).as('m'));
    return c?.n ?? 0;
  });
  return { rows: rows.map(toClaimRecord), total };
}

/** The company profile's tax number (commercial record), or null. */
export async function companyTaxNumber(db: Db, companyId: string): Promise<string | null> {
  const [row] = await db.select({ record: companyProfiles.commercialRecord }).from(companyProfiles).where(eq(companyProfiles.companyId, companyId)).limit(1);
  const taxNumber = (row?.record as { taxNumber?: unknown } | null)?.taxNumber;
  return typeof taxNumber === 'string' && taxNumber.trim() ? taxNumber.trim() : null;
}

/**
 * Money taken in a period: payments net of refunds (minor units of the company's currency) made from `fromUtc`
 * (inclusive) to `toUtc` (exclusive), in the given clinics (all clinics when `clinicIds` is null).
 */
export async function paidRevenue(db: Db, companyId: string, clinicIds: readonly string[] | null, fromUtc: Date, toUtc: Date): Promise<number> {
  if (clinicIds && clinicIds.length === 0) return 0;
  const statement = prepared(db, `billing.paidRevenue:${clinicIds !== null}`, (name) => {
    const where: SQL[] = [eq(payments.companyId, ph('companyId')), gte(payments.createdAt, ph('from')), lt(payments.createdAt, ph('to'))];
    if (clinicIds) where.push(sql`${payments.clinicId} = any(${ph('clinicIds')}::uuid[])`);
    return db.select({ sum: sql<string | null>`sum(${payments.amount})` }).from(payments).where(and(...where)).prepare(name);
  });
  const [row] = await statement.execute({ companyId, from: fromUtc, to: toUtc, clinicIds: clinicIds ? [...clinicIds] : null });
  return Number(row?.sum ?? 0);
}

/** The currency of a company that has not saved its billing settings yet. */
export const DEFAULT_BILLING_CURRENCY = 'SAR';

/** The company's billing currency (the dashboard's money is written in it), the default before the settings are first saved. */
export async function billingCurrency(db: Db, companyId: string): Promise<string> {
  const statement = prepared(db, 'billing.currency', (name) => db.select({ currency: billingSettings.currency }).from(billingSettings)
    .where(eq(billingSettings.companyId, ph('companyId'))).limit(1).prepare(name));
  const [row] = await statement.execute({ companyId });
  return row?.currency ?? DEFAULT_BILLING_CURRENCY;
}


/* ------------------------------------------------------------------------------------------------------------------ */
/* Settings                                                                                                           */

/** The company's billing settings; with `lock`, the row held (FOR UPDATE) until the transaction ends; none before the first save. */
export async function findSettings(db: Db, companyId: string, lock = false) {
  const query = db.select().from(billingSettings).where(eq(billingSettings.companyId, companyId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The first save (version 2); false when another request saved first. */
export async function insertFirstSettings(tx: Db, companyId: string, v: { currency: string; vatRateBasisPoints: number }): Promise<boolean> {
  const inserted = await tx.insert(billingSettings).values({ companyId, ...v, version: 2 }).onConflictDoNothing().returning({ v: billingSettings.version });
  return inserted.length > 0;
}

export async function updateSettings(tx: Db, companyId: string, v: { currency: string; vatRateBasisPoints: number }): Promise<void> {
  await tx.update(billingSettings).set({ ...v, updatedAt: new Date(), version: nextVersion(billingSettings.version) }).where(eq(billingSettings.companyId, companyId));
}

/* ------------------------------------------------------------------------------------------------------------------ */
/* Drafts and invoices                                                                                                */

/** The company profile's insurer contracts, as stored. */
export async function companyInsurers(db: Db, companyId: string): Promise<unknown> {
  const [profile] = await db.select({ rows: companyProfiles.insuranceCompanies }).from(companyProfiles).where(eq(companyProfiles.companyId, companyId)).limit(1);
  return profile?.rows;
}

export async function draftClinic(db: Db, companyId: string, clinicId: string) {
  const [clinic] = await db.select({ id: clinics.id, timeZone: clinics.timeZone, details: clinics.details }).from(clinics)
    .where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId))).limit(1);
  return clinic;
}

export async function draftPatient(db: Db, companyId: string, patientId: string) {
  const [patient] = await db.select({ id: patients.id, details: patients.details }).from(patients)
    .where(and(eq(patients.companyId, companyId), eq(patients.id, patientId))).limit(1);
  return patient;
}

export async function doctorExists(db: Db, companyId: string, doctorId: string): Promise<boolean> {
  const rows = await db.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, doctorId))).limit(1);
  return rows.length > 0;
}

/** The doctor's name and consultation fee. */
export async function doctorFee(db: Db, companyId: string, doctorId: string) {
  const [doctor] = await db.select({ name: employees.name, fee: employees.consultationFee }).from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, doctorId))).limit(1);
  return doctor;
}

export function pricedServices(db: Db, companyId: string, ids: string[]) {
  return db.select({ id: services.id, name: services.name, price: services.price, clinicId: services.clinicId }).from(services)
    .where(and(eq(services.companyId, companyId), inArray(services.id, ids)));
}

export async function clinicPublicIdOf(db: Db, companyId: string, clinicId: string): Promise<string | null> {
  const [row] = await db.select({ publicId: clinics.publicId }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId))).limit(1);
  return row?.publicId ?? null;
}

/** The invoice of an appointment, if it has one (its number, null while a draft). */
export async function invoiceOfAppointment(db: Db, companyId: string, appointmentId: string) {
  const [existing] = await db.select({ id: invoices.id, number: invoices.displayNumber }).from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.appointmentId, appointmentId))).limit(1);
  return existing;
}

export async function insertInvoice(tx: Db, values: typeof invoices.$inferInsert): Promise<string> {
  const [row] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
  return row!.id;
}

type InvoiceChanges = Omit<Partial<typeof invoices.$inferInsert>, 'version'>;

/** Changes a draft only while it is a draft at `version`; false when it is not. */
export async function updateDraftAt(tx: Db, companyId: string, id: string, version: number, set: Omit<InvoiceChanges, 'updatedAt'>): Promise<boolean> {
  const [saved] = await tx.update(invoices)
    .set({ ...set, updatedAt: new Date(), version: nextVersion(invoices.version) })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id), eq(invoices.status, 'draft'), eq(invoices.version, version)))
    .returning({ id: invoices.id });
  return Boolean(saved);
}

/** Removes a draft only while it is a draft at `version`; false when it is not. */
export async function deleteDraftAt(tx: Db, companyId: string, id: string, version: number): Promise<boolean> {
  const [gone] = await tx.delete(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id), eq(invoices.status, 'draft'), eq(invoices.version, version)))
    .returning({ id: invoices.id });
  return Boolean(gone);
}

/** Sets an invoice's status and figures (raising its version); the caller holds the invoice's lock. */
export async function setInvoiceFigures(tx: Db, companyId: string, id: string, set: InvoiceChanges): Promise<void> {
  await tx.update(invoices).set({ ...set, version: nextVersion(invoices.version) }).where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

export async function insertClaim(tx: Db, values: typeof insuranceClaims.$inferInsert): Promise<void> {
  await tx.insert(insuranceClaims).values(values);
}

export async function insertCreditNote(tx: Db, values: typeof creditNotes.$inferInsert): Promise<string> {
  const [note] = await tx.insert(creditNotes).values(values).returning({ id: creditNotes.id });
  return note!.id;
}

export async function insertPayment(tx: Db, values: typeof payments.$inferInsert): Promise<string> {
  const [payment] = await tx.insert(payments).values(values).returning({ id: payments.id });
  return payment!.id;
}

/** A credit note of the invoice, locked for the transaction. */
export async function lockCreditNote(tx: Db, companyId: string, invoiceId: string, id: string) {
  const [note] = await tx.select().from(creditNotes)
    .where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.id, id), eq(creditNotes.invoiceId, invoiceId))).limit(1).for('update');
  return note;
}

export async function addRefunded(tx: Db, companyId: string, creditNoteId: string, refundedAmount: number): Promise<void> {
  await tx.update(creditNotes).set({ refundedAmount }).where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.id, creditNoteId)));
}

/** Moves a claim only from status `from` at `version`; false when it is not. */
export async function updateClaimAt(
  db: Db, companyId: string, id: string, version: number, from: string, set: { status: ClaimStatus; note: string },
): Promise<boolean> {
  const [saved] = await db.update(insuranceClaims)
    .set({ ...set, updatedAt: new Date(), version: nextVersion(insuranceClaims.version) })
    .where(and(eq(insuranceClaims.companyId, companyId), eq(insuranceClaims.id, id), eq(insuranceClaims.version, version), eq(insuranceClaims.status, from)))
    .returning({ id: insuranceClaims.id });
  return Boolean(saved);
}
