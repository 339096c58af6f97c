/**
 * Vitals and allergies of the clinical record. `encounter_id` links a row to the visit it was taken in; its foreign
 * key is on company, encounter and patient, so a row can only name an encounter of its own patient.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, version } from './columns.js';
import { companies } from './core.js';
import { patients } from './patients.js';
import { encounters } from './clinical-encounter.js';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One set of vital signs, in canonical units (cm, kg, °C, mmol/L; counts as whole numbers), with the unit each value
 * was entered in (`entered_units`, for display). A set is never edited or deleted: a wrong one is marked entered in
 * error (who, when, why) and kept; migration `vitals_append_only` refuses any other change in the database.
 */
export const vitalSigns = pgTable('vital_signs', {
  companyId: tenantId(),
  id: rowId(),
  patientId: uuid('patient_id').notNull(),
  encounterId: uuid('encounter_id'),
  takenAt: instant('taken_at').notNull().defaultNow(),
  recordedBy: uuid('recorded_by'),
  recordedAt: instant('recorded_at').notNull().defaultNow(),
  heightCm: doublePrecision('height_cm'),
  weightKg: doublePrecision('weight_kg'),
  bmi: doublePrecision('bmi'),
  temperatureC: doublePrecision('temperature_c'),
  pulse: integer('pulse'),
  respiratoryRate: integer('respiratory_rate'),
  systolic: integer('systolic'),
  diastolic: integer('diastolic'),
  spo2: integer('spo2'),
  painScore: integer('pain_score'),
  glucoseMmol: doublePrecision('glucose_mmol'),
  /** The unit each convertible value was entered in: `{ "weight": "lb", "temperature": "F" }`. */
  enteredUnits: jsonb('entered_units').$type<Record<string, string>>().notNull().default({}),
  note: text('note'),
  enteredInErrorAt: instant('entered_in_error_at'),
  enteredInErrorBy: uuid('entered_in_error_by'),
  enteredInErrorReason: text('entered_in_error_reason'),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('cascade'),
  index('vital_signs_patient_taken_idx').on(t.companyId, t.patientId, t.takenAt.desc()),
  index('vital_signs_encounter_idx').on(t.companyId, t.encounterId).where(sql`${t.encounterId} is not null`),
  // The plausibility limits of the shared rules (packages/shared/src/clinical/vitals.ts PLAUSIBLE), held by the database too.
  check('vital_signs_height_ck', sql`${t.heightCm} between 20 and 250`),
  check('vital_signs_weight_ck', sql`${t.weightKg} between 0.3 and 350`),
  check('vital_signs_temperature_ck', sql`${t.temperatureC} between 25 and 45`),
  check('vital_signs_pulse_ck', sql`${t.pulse} between 20 and 300`),
  check('vital_signs_respiratory_ck', sql`${t.respiratoryRate} between 2 and 80`),
  check('vital_signs_pressure_ck', sql`${t.systolic} between 40 and 300 and ${t.diastolic} between 20 and 200 and ${t.diastolic} < ${t.systolic}`),
  check('vital_signs_spo2_ck', sql`${t.spo2} between 40 and 100`),
  check('vital_signs_pain_ck', sql`${t.painScore} between 0 and 10`),
  check('vital_signs_glucose_ck', sql`${t.glucoseMmol} between 0.5 and 60`),
  check('vital_signs_error_ck', sql`(${t.enteredInErrorAt} is null) = (${t.enteredInErrorReason} is null)`),
  foreignKey({ columns: [t.companyId, t.encounterId, t.patientId], foreignColumns: [encounters.companyId, encounters.id, encounters.patientId] }).onDelete('restrict'),
]);

/** An allergy or intolerance: the substance as written and its normalised key (what drug names are matched against). */
export const patientAllergies = pgTable('patient_allergies', {
  companyId: tenantId(),
  id: rowId(),
  patientId: uuid('patient_id').notNull(),
  encounterId: uuid('encounter_id'),
  substance: text('substance').notNull(),
  substanceKey: text('substance_key').notNull(),
  /** 'allergy' | 'intolerance' */
  type: text('type').notNull().default('allergy'),
  reaction: text('reaction'),
  /** 'mild' | 'moderate' | 'severe' | 'life_threatening', or null when not stated. */
  severity: text('severity'),
  /** 'active' | 'inactive' | 'resolved' */
  status: text('status').notNull().default('active'),
  recordedBy: uuid('recorded_by'),
  recordedAt: instant('recorded_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
  version: version(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('cascade'),
  uniqueIndex('patient_allergies_substance_uq').on(t.companyId, t.patientId, t.substanceKey),
  // The patient's chart reads allergies newest first.
  index('patient_allergies_patient_recorded_idx').on(t.companyId, t.patientId, t.recordedAt),
  check('patient_allergies_type_ck', sql`${t.type} in ('allergy', 'intolerance')`),
  check('patient_allergies_severity_ck', sql`${t.severity} in ('mild', 'moderate', 'severe', 'life_threatening')`),
  check('patient_allergies_status_ck', sql`${t.status} in ('active', 'inactive', 'resolved')`),
  foreignKey({ columns: [t.companyId, t.encounterId, t.patientId], foreignColumns: [encounters.companyId, encounters.id, encounters.patientId] }).onDelete('restrict'),
]);

/**
 * Whether the patient was asked about allergies: a row with `no_known_allergies` true is "no known allergies"
 * recorded (by whom, when); no row, or false, with no active allergy is "not asked". The row is also the lock that
 * serialises recording an allergy against recording "no known allergies" for one patient.
 */
export const patientAllergyStates = pgTable('patient_allergy_states', {
  companyId: tenantId(),
  patientId: uuid('patient_id').notNull(),
  noKnownAllergies: boolean('no_known_allergies').notNull().default(false),
  recordedBy: uuid('recorded_by'),
  recordedAt: instant('recorded_at'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.patientId] }),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('cascade'),
]);

/** A company's overrides of the default vital reference ranges (canonical units), edited by its administrators. */
export const vitalReferenceRanges = pgTable('vital_reference_ranges', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }).primaryKey(),
  ranges: jsonb('ranges').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  updatedBy: uuid('updated_by'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
