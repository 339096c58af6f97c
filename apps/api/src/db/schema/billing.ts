import { sql } from 'drizzle-orm';
import { bigint, boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { companies, employees } from './core.js';
import { clinics } from './organisation.js';
import { patients } from './patients.js';

/*
 * Billing. Amounts are integers in minor units of the invoice's currency (bigint read as a JavaScript number: every
 * figure is bounded by MONEY_MAX in the shared schemas, far below 2^53). Issued invoices, credit notes, payments,
 * cash box transactions and closes are never changed or deleted: migrations/0024_hand_billing.sql refuses it in the database.
 */

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** The company's currency (ISO 4217) and VAT rate in basis points (1500 = 15%); no row means SAR and 0%. */
export const billingSettings = pgTable('billing_settings', {
  companyId: uuid('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull().default('SAR'),
  vatRateBasisPoints: integer('vat_rate_basis_points').notNull().default(0),
  version: version(),
  ...timestamps,
});

/**
 * Gapless numbering per clinic and series ('invoice', 'credit_note'): the issuing transaction raises `last_value`
 * and takes the new value, so a rolled-back issue gives its number back and concurrent issues queue on the row.
 */
export const billingCounters = pgTable('billing_counters', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  clinicId: uuid('clinic_id').notNull(),
  series: text('series').notNull(),
  lastValue: integer('last_value').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.companyId, t.clinicId, t.series] })]);

export const invoices = pgTable('invoices', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  clinicId: uuid('clinic_id').notNull(),
  patientId: uuid('patient_id').notNull(),
  doctorId: uuid('doctor_id'),
  /** The visit it bills (kept without a foreign key, like the waitlist's: the appointment's own life goes on). */
  appointmentId: uuid('appointment_id'),
  /** draft | issued | partially_paid | paid | credited */
  status: text('status').notNull().default('draft'),
  /** Gapless per clinic from 1, given when issued. */
  number: integer('number'),
  displayNumber: text('display_number'),
  visitDate: date('visit_date').notNull(),
  currency: text('currency').notNull(),
  minorDigits: integer('minor_digits').notNull(),
  vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
  taxNumber: text('tax_number'),
  /** The computed lines (InvoiceLineRecord[]): part of the document, frozen with it when issued. */
  lines: jsonb('lines').notNull().default([]),
  subtotal: money('subtotal'),
  discountTotal: money('discount_total'),
  taxTotal: money('tax_total'),
  total: money('total'),
  /** { name, coverageBasisPoints, cardExpiryDate } or null. */
  insurer: jsonb('insurer'),
  insurerShare: money('insurer_share'),
  patientShare: money('patient_share'),
  applyInsurance: boolean('apply_insurance').notNull().default(true),
  /** Running figures, kept by the credit note, payment and refund transactions (which lock the invoice row). */
  creditedTotal: money('credited_total'),
  paidTotal: money('paid_total'),
  refundedTotal: money('refunded_total'),
  note: text('note').notNull().default(''),
  issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }),
  issuedBy: uuid('issued_by'),
  createdBy: uuid('created_by'),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('invoices_number_uq').on(t.companyId, t.clinicId, t.number),
  uniqueIndex('invoices_appointment_uq').on(t.companyId, t.appointmentId),
  index('invoices_list_idx').on(t.companyId, t.createdAt),
  index('invoices_patient_idx').on(t.companyId, t.patientId),
  index('invoices_visit_idx').on(t.companyId, t.visitDate),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.doctorId], foreignColumns: [employees.companyId, employees.id] }).onDelete('restrict'),
]);

/** A correction of an issued invoice: a tax-inclusive amount credited to the patient's share, numbered per clinic. */
export const creditNotes = pgTable('credit_notes', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  invoiceId: uuid('invoice_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
  number: integer('number').notNull(),
  displayNumber: text('display_number').notNull(),
  amount: money('amount'),
  taxAmount: money('tax_amount'),
  refundedAmount: money('refunded_amount'),
  reason: text('reason').notNull(),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('credit_notes_number_uq').on(t.companyId, t.clinicId, t.number),
  index('credit_notes_invoice_idx').on(t.companyId, t.invoiceId),
  foreignKey({ columns: [t.companyId, t.invoiceId], foreignColumns: [invoices.companyId, invoices.id] }).onDelete('restrict'),
]);

/**
 * The cash boxes of the company profile and of clinics (their `cashBoxes` rows, which keep the name, person in
 * charge, currency and whether it is active), given a stable id the first time billing lists them.
 */
export const cashBoxes = pgTable('cash_boxes', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  /** Null for the company profile's own cash boxes. */
  clinicId: uuid('clinic_id'),
  name: text('name').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('cash_boxes_owner_name_uq').on(t.companyId, sql`coalesce(${t.clinicId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`),
]);

/** Payments (amount > 0) and refunds (amount < 0) against an invoice. */
export const payments = pgTable('payments', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  invoiceId: uuid('invoice_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
  /** payment | refund */
  kind: text('kind').notNull(),
  /** cash | card | online */
  method: text('method').notNull(),
  amount: money('amount'),
  processingFee: money('processing_fee'),
  cashBoxId: uuid('cash_box_id'),
  paymentMethodName: text('payment_method_name'),
  creditNoteId: uuid('credit_note_id'),
  reference: text('reference').notNull().default(''),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('payments_invoice_idx').on(t.companyId, t.invoiceId),
  index('payments_created_idx').on(t.companyId, t.createdAt),
  foreignKey({ columns: [t.companyId, t.invoiceId], foreignColumns: [invoices.companyId, invoices.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.cashBoxId], foreignColumns: [cashBoxes.companyId, cashBoxes.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.creditNoteId], foreignColumns: [creditNotes.companyId, creditNotes.id] }).onDelete('restrict'),
]);

/** The history of a cash box: its balance is the sum of its amounts. */
export const cashBoxTransactions = pgTable('cash_box_transactions', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  cashBoxId: uuid('cash_box_id').notNull(),
  /** payment | refund | close_difference */
  kind: text('kind').notNull(),
  amount: money('amount'),
  paymentId: uuid('payment_id'),
  invoiceId: uuid('invoice_id'),
  description: text('description').notNull().default(''),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('cash_box_transactions_box_idx').on(t.companyId, t.cashBoxId, t.createdAt),
  foreignKey({ columns: [t.companyId, t.cashBoxId], foreignColumns: [cashBoxes.companyId, cashBoxes.id] }).onDelete('restrict'),
]);

/** The day's close of a cash box: expected (its balance) against counted, once per box and local day. */
export const cashBoxCloses = pgTable('cash_box_closes', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  cashBoxId: uuid('cash_box_id').notNull(),
  day: date('day').notNull(),
  expected: money('expected'),
  counted: money('counted'),
  difference: money('difference'),
  note: text('note').notNull().default(''),
  closedBy: uuid('closed_by'),
  closedAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('cash_box_closes_day_uq').on(t.companyId, t.cashBoxId, t.day),
  foreignKey({ columns: [t.companyId, t.cashBoxId], foreignColumns: [cashBoxes.companyId, cashBoxes.id] }).onDelete('restrict'),
]);

/** The insurer's share of an issued invoice, claimed from the insurer: open, submitted, then paid or rejected. */
export const insuranceClaims = pgTable('insurance_claims', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  invoiceId: uuid('invoice_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
  patientId: uuid('patient_id').notNull(),
  insurer: text('insurer').notNull(),
  amount: money('amount'),
  currency: text('currency').notNull(),
  status: text('status').notNull().default('open'),
  note: text('note').notNull().default(''),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('insurance_claims_invoice_uq').on(t.companyId, t.invoiceId),
  index('insurance_claims_status_idx').on(t.companyId, t.status, t.createdAt),
  foreignKey({ columns: [t.companyId, t.invoiceId], foreignColumns: [invoices.companyId, invoices.id] }).onDelete('restrict'),
]);
