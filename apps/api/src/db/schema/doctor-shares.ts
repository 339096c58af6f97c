import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId } from './columns.js';
import { cashBoxCloses, invoices } from './billing.js';
import { companies, employees } from './core.js';
import { clinics } from './organisation.js';

/*
 * The doctor's share (modules/doctor-shares): the rules a company pays its doctors by, the share each visit's money
 * earned (entries, one per line and money event, locked with a cash box's day close), and the payouts made against a
 * doctor's statement. Amounts are integers in minor units, like billing. Entries and payouts are never changed or
 * deleted (an entry is only stamped once with the close that locked it): migration 0058 refuses anything else.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const amount = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * A doctor's rule for one service (or every service: `service_id` null), from `effective_from` on. A rule is never
 * edited: a change is a new rule with a later date, and only a rule not yet in effect may be withdrawn.
 */
export const doctorShareRules = pgTable('doctor_share_rules', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  doctorId: uuid('doctor_id').notNull(),
  /** Null: every service of the doctor without a rule of its own. */
  serviceId: uuid('service_id'),
  /** percent | fixed | tiers */
  kind: text('kind').notNull(),
  /** percent: the share of the line's net amount, in basis points (3500 = 35%). */
  percentBasisPoints: integer('percent_basis_points'),
  /** fixed: the amount per unit of the line (minor units of the company's currency). */
  fixedAmount: bigint('fixed_amount', { mode: 'number' }),
  /** tiers: [{ fromVisit, percentBasisPoints }], ascending from visit 1: the month's n-th visit of the doctor earns its tier's rate. */
  tiers: jsonb('tiers').$type<Array<{ fromVisit: number; percentBasisPoints: number }>>(),
  effectiveFrom: date('effective_from').notNull(),
  note: text('note').notNull().default(''),
  createdBy: uuid('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('doctor_share_rules_uq').on(t.companyId, t.doctorId, sql`coalesce(${t.serviceId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.effectiveFrom),
  foreignKey({ columns: [t.companyId, t.doctorId], foreignColumns: [employees.companyId, employees.id] }).onDelete('restrict'),
]);

/**
 * What one money event earned one line of a visit's invoice: the money taken for the line (tax-inclusive), its net
 * base and the share, each the change since the line's previous entries (negative after a credit note or refund).
 * Open until a day close of the clinic's (or the company's) cash box locks it into that close's day.
 */
export const doctorShareEntries = pgTable('doctor_share_entries', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  doctorId: uuid('doctor_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
  invoiceId: uuid('invoice_id').notNull(),
  /** The line's place in the invoice's lines. */
  lineIndex: integer('line_index').notNull(),
  serviceId: uuid('service_id'),
  /** The line's description as invoiced. */
  description: text('description').notNull(),
  patientId: uuid('patient_id').notNull(),
  visitDate: date('visit_date').notNull(),
  /** payment | refund | credit_note | claim_paid | claim_reversed */
  cause: text('cause').notNull(),
  currency: text('currency').notNull(),
  taken: amount('taken'),
  base: amount('base'),
  share: amount('share'),
  ruleId: uuid('rule_id').notNull(),
  /** The rule as applied: { kind, percentBasisPoints?, fixedAmount?, tier? }. */
  applied: jsonb('applied').$type<Record<string, unknown>>().notNull(),
  /** The day close that locked it, and that close's day (the statement period it belongs to). */
  closeId: uuid('close_id'),
  periodDay: date('period_day'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('doctor_share_entries_line_idx').on(t.companyId, t.invoiceId, t.lineIndex),
  index('doctor_share_entries_period_idx').on(t.companyId, t.doctorId, t.periodDay),
  index('doctor_share_entries_open_idx').on(t.companyId, t.clinicId).where(sql`${t.closeId} is null`),
  foreignKey({ columns: [t.companyId, t.invoiceId], foreignColumns: [invoices.companyId, invoices.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.doctorId], foreignColumns: [employees.companyId, employees.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.closeId], foreignColumns: [cashBoxCloses.companyId, cashBoxCloses.id] }).onDelete('restrict'),
]);

/** Money paid to a doctor against their statement of a period. */
export const doctorSharePayouts = pgTable('doctor_share_payouts', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  doctorId: uuid('doctor_id').notNull(),
  periodFrom: date('period_from').notNull(),
  periodTo: date('period_to').notNull(),
  currency: text('currency').notNull(),
  amount: amount('amount'),
  /** cash | transfer */
  method: text('method').notNull(),
  reference: text('reference').notNull().default(''),
  note: text('note').notNull().default(''),
  createdBy: uuid('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('doctor_share_payouts_doctor_idx').on(t.companyId, t.doctorId, t.periodFrom),
  foreignKey({ columns: [t.companyId, t.doctorId], foreignColumns: [employees.companyId, employees.id] }).onDelete('restrict'),
]);
