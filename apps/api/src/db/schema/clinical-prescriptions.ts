import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { companies, employees } from './core.js';
import { medications } from './clinical-medications.js';
import { clinics } from './organisation.js';
import { patients } from './patients.js';
import { encounters } from './clinical-encounter.js';

/** A reason given for one warning of the checks when the prescription was issued (kept with it, and audited). */
export interface StoredAcknowledgement {
  key: string; kind: string; item: number; text: string; reason: string;
  /**
   * A duplicate's: the medication on the patient's list it duplicates, and the new drug's name. Not answered: they let
   * the text be told without the other drug's name to a reader that medication is masked for (marked sensitive since).
   */
  patientMedicationId?: string; drugName?: string;
}

/*
 * Prescriptions: a draft while the doctor writes it, then issued (printed, verifiable, never changed again) and
 * perhaps cancelled (with a reason). Triggers keep an issued prescription and its items as issued, whatever writes to
 * the database; only its cancellation is allowed (migration prescription_locks). `encounter_id` names the visit
 * (an encounter of the same patient).
 */
export const prescriptions = pgTable('prescriptions', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  /** RX-000042, per company, taken by the insert (next_public_id). */
  number: text('number').notNull(),
  patientId: uuid('patient_id').notNull(),
  prescriberId: uuid('prescriber_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
  encounterId: uuid('encounter_id'),
  /** The printout's language: 'en' or 'ar'. */
  language: text('language').notNull(),
  /** 'draft', 'issued' or 'cancelled'. */
  status: text('status').notNull().default('draft'),
  validDays: integer('valid_days').notNull().default(30),
  issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }),
  /** The last day it may be dispensed (the company's calendar). */
  validUntil: date('valid_until'),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  cancelledBy: uuid('cancelled_by'),
  cancelReason: text('cancel_reason').notNull().default(''),
  /** The random key in the printed QR code: the public page finds the prescription by it and answers only its state. */
  verificationToken: text('verification_token').notNull(),
  acknowledgements: jsonb('acknowledgements').$type<StoredAcknowledgement[]>().notNull().default([]),
  createdBy: uuid('created_by'),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('prescriptions_number_uq').on(t.companyId, t.number),
  // The printed code is random (192 bits): unique per company as every key here, and found by itself on the public page.
  uniqueIndex('prescriptions_company_token_uq').on(t.companyId, t.verificationToken),
  index('prescriptions_token_idx').on(t.verificationToken),
  index('prescriptions_patient_idx').on(t.companyId, t.patientId, t.createdAt),
  index('prescriptions_encounter_idx').on(t.companyId, t.encounterId),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.prescriberId], foreignColumns: [employees.companyId, employees.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.encounterId, t.patientId], foreignColumns: [encounters.companyId, encounters.id, encounters.patientId] }).onDelete('restrict'),
  check('prescriptions_status_ck', sql`${t.status} in ('draft', 'issued', 'cancelled')`),
  check('prescriptions_language_ck', sql`${t.language} in ('en', 'ar')`),
  check('prescriptions_valid_days_ck', sql`${t.validDays} between 1 and 180`),
  check('prescriptions_issued_ck', sql`${t.status} = 'draft' or (${t.issuedAt} is not null and ${t.validUntil} is not null)`),
  check('prescriptions_cancelled_ck', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null) and (${t.status} <> 'cancelled' or ${t.cancelReason} <> '')`),
]);

/** The drugs of a prescription, with the catalogue's names as they were when prescribed. */
export const prescriptionItems = pgTable('prescription_items', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  prescriptionId: uuid('prescription_id').notNull(),
  position: integer('position').notNull(),
  medicationId: uuid('medication_id').notNull(),
  name: text('name').notNull(),
  genericName: text('generic_name').notNull().default(''),
  nameAr: text('name_ar').notNull().default(''),
  strength: text('strength').notNull().default(''),
  form: text('form').notNull().default(''),
  dose: numeric('dose', { precision: 12, scale: 3 }).notNull(),
  unit: text('unit').notNull(),
  route: text('route').notNull(),
  frequency: text('frequency').notNull(),
  durationDays: integer('duration_days').notNull(),
  quantity: integer('quantity').notNull(),
  instructions: text('instructions').notNull().default(''),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('prescription_items_position_uq').on(t.companyId, t.prescriptionId, t.position),
  foreignKey({ columns: [t.companyId, t.prescriptionId], foreignColumns: [prescriptions.companyId, prescriptions.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.medicationId], foreignColumns: [medications.companyId, medications.id] }).onDelete('restrict'),
  check('prescription_items_dose_ck', sql`${t.dose} > 0`),
  check('prescription_items_duration_ck', sql`${t.durationDays} between 1 and 366`),
  check('prescription_items_quantity_ck', sql`${t.quantity} between 1 and 10000`),
]);
