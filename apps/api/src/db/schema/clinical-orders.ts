/**
 * Lab and imaging orders: each clinic's order catalogue, orders with their items (a copy of the catalogue entry at
 * ordering time), the per-company running numbers, and results per analyte. `encounter_id` names the visit the
 * order was placed in (an encounter of the same patient).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Analyte } from '@clinic/shared';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { companies, employees } from './core.js';
import { files } from './files.js';
import { clinics } from './organisation.js';
import { patients } from './patients.js';
import { encounters } from './clinical-encounter.js';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A lab test (with its analytes, units and ranges) or imaging study a clinic offers. Taken out of use, never deleted. */
export const orderCatalogueItems = pgTable('order_catalogue_items', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  clinicId: uuid('clinic_id').notNull(),
  code: text('code').notNull(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  kind: text('kind').notNull(),
  analytes: jsonb('analytes').$type<Analyte[]>().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('restrict'),
  uniqueIndex('order_catalogue_code_uq').on(t.companyId, t.clinicId, sql`upper(${t.code})`),
  check('order_catalogue_kind_ck', sql`${t.kind} in ('lab', 'imaging')`),
]);

/** The last running number given per company, kind prefix and year: taken with one upsert, so numbers never repeat. */
export const orderCounters = pgTable('order_counters', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull(),
  year: integer('year').notNull(),
  last: integer('last').notNull(),
}, (t) => [primaryKey({ columns: [t.companyId, t.prefix, t.year] })]);

export const orders = pgTable('orders', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  /** The full order number (`LAB-2026-000123`), unique in the company: what results are entered against. */
  number: text('number').notNull(),
  kind: text('kind').notNull(),
  patientId: uuid('patient_id').notNull(),
  doctorId: uuid('doctor_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
  encounterId: uuid('encounter_id'),
  priority: text('priority').notNull().default('routine'),
  notes: text('notes').notNull().default(''),
  /** 'ordered' | 'collected' | 'resulted' | 'cancelled' */
  status: text('status').notNull().default('ordered'),
  orderedAt: instant('ordered_at').notNull().defaultNow(),
  orderedBy: uuid('ordered_by'),
  collectedAt: instant('collected_at'),
  collectedBy: uuid('collected_by'),
  resultedAt: instant('resulted_at'),
  resultedBy: uuid('resulted_by'),
  cancelledAt: instant('cancelled_at'),
  cancelledBy: uuid('cancelled_by'),
  cancelReason: text('cancel_reason').notNull().default(''),
  resultNote: text('result_note').notNull().default(''),
  resultFileId: uuid('result_file_id'),
  /** Any result flagged low, high or critical. */
  abnormal: boolean('abnormal').notNull().default(false),
  acknowledgedAt: instant('acknowledged_at'),
  acknowledgedBy: uuid('acknowledged_by'),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('orders_number_uq').on(t.companyId, t.number),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.encounterId, t.patientId], foreignColumns: [encounters.companyId, encounters.id, encounters.patientId] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.doctorId], foreignColumns: [employees.companyId, employees.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.resultFileId], foreignColumns: [files.companyId, files.id] }).onDelete('restrict'),
  index('orders_patient_idx').on(t.companyId, t.patientId, t.orderedAt.desc()),
  // The patient's results in the chart, newest first.
  index('orders_patient_resulted_idx').on(t.companyId, t.patientId, t.resultedAt.desc()).where(sql`${t.resultedAt} is not null`),
  index('orders_encounter_idx').on(t.companyId, t.encounterId).where(sql`${t.encounterId} is not null`),
  index('orders_to_review_idx').on(t.companyId, t.doctorId, t.resultedAt.desc()).where(sql`${t.status} = 'resulted' and ${t.acknowledgedAt} is null`),
  check('orders_kind_ck', sql`${t.kind} in ('lab', 'imaging')`),
  check('orders_priority_ck', sql`${t.priority} in ('routine', 'urgent')`),
  check('orders_status_ck', sql`${t.status} in ('ordered', 'collected', 'resulted', 'cancelled')`),
  check('orders_cancel_ck', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
  check('orders_resulted_ck', sql`(${t.status} = 'resulted') = (${t.resultedAt} is not null)`),
  check('orders_acknowledged_ck', sql`${t.acknowledgedAt} is null or ${t.status} = 'resulted'`),
]);

/** A test or study of an order: the catalogue entry's code, names and analytes as they were when ordered. */
export const orderItems = pgTable('order_items', {
  companyId: tenantId(),
  id: rowId(),
  orderId: uuid('order_id').notNull(),
  catalogueItemId: uuid('catalogue_item_id').notNull(),
  position: integer('position').notNull(),
  code: text('code').notNull(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  analytes: jsonb('analytes').$type<Analyte[]>().notNull().default([]),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.catalogueItemId], foreignColumns: [orderCatalogueItems.companyId, orderCatalogueItems.id] }).onDelete('restrict'),
  uniqueIndex('order_items_order_uq').on(t.companyId, t.orderId, t.catalogueItemId),
]);

/** One analyte's result: the value, the unit and range it was read against, and the flag the server computed. */
export const orderResults = pgTable('order_results', {
  companyId: tenantId(),
  id: rowId(),
  orderId: uuid('order_id').notNull(),
  orderItemId: uuid('order_item_id').notNull(),
  analyteCode: text('analyte_code').notNull(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  value: doublePrecision('value').notNull(),
  unit: text('unit').notNull().default(''),
  low: doublePrecision('low'),
  high: doublePrecision('high'),
  criticalLow: doublePrecision('critical_low'),
  criticalHigh: doublePrecision('critical_high'),
  flag: text('flag').notNull(),
  enteredBy: uuid('entered_by'),
  enteredAt: instant('entered_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.orderItemId], foreignColumns: [orderItems.companyId, orderItems.id] }).onDelete('cascade'),
  uniqueIndex('order_results_analyte_uq').on(t.companyId, t.orderItemId, t.analyteCode),
  check('order_results_flag_ck', sql`${t.flag} in ('normal', 'low', 'high', 'criticalLow', 'criticalHigh', 'noRange')`),
]);
