import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { companies } from './core.js';
import { patients } from './patients.js';
import { encounters } from './clinical-encounter.js';

/**
 * The organisation's medication catalogue, filled by CSV import. A drug is never deleted (patients' lists and
 * prescriptions name it); it is taken out of use. `match_key` (name, form and strength, normalised) is what a
 * re-import matches on; `name_key` and `generic_key` (`normalizeDrugName`) are what the safety checks compare with
 * allergy substances; `search_text` holds every name normalised for search (Arabic letters unified).
 */
export const medications = pgTable('medications', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  name: text('name').notNull(),
  genericName: text('generic_name').notNull().default(''),
  form: text('form').notNull().default(''),
  strength: text('strength').notNull().default(''),
  nameAr: text('name_ar').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  matchKey: text('match_key').notNull(),
  nameKey: text('name_key').notNull(),
  genericKey: text('generic_key').notNull().default(''),
  searchText: text('search_text').notNull(),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('medications_match_key_uq').on(t.companyId, t.matchKey),
  index('medications_name_idx').on(t.companyId, t.name),
]);

/**
 * A patient's medications: entered by hand, or (later) from a prescription (`prescription_id`, no foreign key
 * until prescriptions exist). `encounter_id` names the visit it was recorded in (an encounter of the same patient). Stopping and completing record who, when and why.
 */
export const patientMedications = pgTable('patient_medications', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  patientId: uuid('patient_id').notNull(),
  medicationId: uuid('medication_id'),
  /** The drug's name as shown: the catalogue's at the time, or the name written by hand. */
  name: text('name').notNull(),
  genericName: text('generic_name').notNull().default(''),
  strength: text('strength').notNull().default(''),
  form: text('form').notNull().default(''),
  nameKey: text('name_key').notNull(),
  genericKey: text('generic_key').notNull().default(''),
  dose: numeric('dose', { precision: 12, scale: 3 }),
  unit: text('unit'),
  route: text('route').notNull(),
  frequency: text('frequency').notNull(),
  startDate: date('start_date').notNull(),
  endDate: date('end_date'),
  notes: text('notes').notNull().default(''),
  status: text('status').notNull().default('active'),
  statusReason: text('status_reason').notNull().default(''),
  statusChangedBy: uuid('status_changed_by'),
  statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' }),
  source: text('source').notNull().default('manual'),
  prescriptionId: uuid('prescription_id'),
  encounterId: uuid('encounter_id'),
  /** Employees, as billing's authors are: kept as history, no foreign key. */
  createdBy: uuid('created_by'),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.medicationId], foreignColumns: [medications.companyId, medications.id] }).onDelete('restrict'),
  index('patient_medications_patient_idx').on(t.companyId, t.patientId, t.status),
  // The patient's chart reads medications newest first.
  index('patient_medications_patient_created_idx').on(t.companyId, t.patientId, t.createdAt),
  check('patient_medications_status_ck', sql`${t.status} in ('active', 'stopped', 'completed')`),
  check('patient_medications_source_ck', sql`${t.source} in ('manual', 'prescription')`),
  check('patient_medications_dates_ck', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  check('patient_medications_stopped_ck', sql`${t.status} = 'active' or ${t.statusChangedAt} is not null`),
  foreignKey({ columns: [t.companyId, t.encounterId, t.patientId], foreignColumns: [encounters.companyId, encounters.id, encounters.patientId] }).onDelete('restrict'),
]);
