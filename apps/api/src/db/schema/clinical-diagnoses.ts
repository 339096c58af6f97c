import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { companies } from './core.js';
import { patients } from './patients.js';
import { encounters } from './clinical-encounter.js';

/**
 * The company's diagnosis code list (ICD-10 or a national variant, imported from CSV; a starter list for the demo).
 * `search_text` is the code and both titles through `normalizeSearchText` (shared), with a leading space so that
 * "a word starts with w" is `like '% w%'`, which the trigram index answers; `code_key` is the lower-cased code for
 * code-prefix searches through its pattern index.
 */
export const diagnosisCodes = pgTable('diagnosis_codes', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  /** The code system's name, e.g. ICD-10-AM, ICD-10-CM or local. */
  system: text('system').notNull(),
  code: text('code').notNull(),
  codeKey: text('code_key').notNull(),
  titleEn: text('title_en').notNull(),
  titleAr: text('title_ar').notNull(),
  searchText: text('search_text').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('diagnosis_codes_code_uq').on(t.companyId, t.system, t.codeKey),
  // code_key is collated "C" (custom migration), so this one index answers both a code prefix and the order by code.
  index('diagnosis_codes_code_key_idx').on(t.companyId, t.codeKey),
  index('diagnosis_codes_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
]);

/** A diagnosis recorded at an encounter: primary (at most one per encounter) or secondary. */
export const encounterDiagnoses = pgTable('encounter_diagnoses', {
  companyId: tenantId(),
  id: rowId(),
  patientId: uuid('patient_id').notNull(),
  /** The encounter (of the same patient: the foreign key is on company, encounter and patient). */
  encounterId: uuid('encounter_id').notNull(),
  codeId: uuid('code_id').notNull(),
  /** 'primary' | 'secondary'. */
  rank: text('rank').notNull(),
  note: text('note').notNull().default(''),
  createdBy: uuid('created_by'),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('encounter_diagnoses_code_uq').on(t.companyId, t.encounterId, t.codeId),
  uniqueIndex('encounter_diagnoses_primary_uq').on(t.companyId, t.encounterId).where(sql`${t.rank} = 'primary'`),
  // The patient's chart reads diagnoses newest first.
  index('encounter_diagnoses_patient_created_idx').on(t.companyId, t.patientId, t.createdAt),
  check('encounter_diagnoses_rank_ck', sql`${t.rank} in ('primary', 'secondary')`),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.codeId], foreignColumns: [diagnosisCodes.companyId, diagnosisCodes.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.encounterId, t.patientId], foreignColumns: [encounters.companyId, encounters.id, encounters.patientId] }).onDelete('restrict'),
]);

/**
 * The patient's problem list: one row per condition, kept active or resolved. Encounter diagnoses feed it; the code
 * and titles are copied when the problem is made, so a later import that renames a code does not rewrite history.
 */
export const patientProblems = pgTable('patient_problems', {
  companyId: tenantId(),
  id: rowId(),
  patientId: uuid('patient_id').notNull(),
  codeId: uuid('code_id').notNull(),
  code: text('code').notNull(),
  titleEn: text('title_en').notNull(),
  titleAr: text('title_ar').notNull(),
  /** 'active' | 'resolved'. */
  status: text('status').notNull().default('active'),
  onsetDate: date('onset_date'),
  resolvedDate: date('resolved_date'),
  /** The encounter whose diagnosis made the problem. */
  sourceEncounterId: uuid('source_encounter_id'),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('patient_problems_active_uq').on(t.companyId, t.patientId, t.codeId).where(sql`${t.status} = 'active'`),
  index('patient_problems_patient_idx').on(t.companyId, t.patientId, t.status),
  index('patient_problems_patient_created_idx').on(t.companyId, t.patientId, t.createdAt),
  check('patient_problems_status_ck', sql`${t.status} in ('active', 'resolved')`),
  check('patient_problems_resolved_ck', sql`(${t.status} = 'resolved') = (${t.resolvedDate} is not null)`),
  check('patient_problems_dates_ck', sql`${t.resolvedDate} is null or ${t.onsetDate} is null or ${t.onsetDate} <= ${t.resolvedDate}`),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.codeId], foreignColumns: [diagnosisCodes.companyId, diagnosisCodes.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.sourceEncounterId, t.patientId], foreignColumns: [encounters.companyId, encounters.id, encounters.patientId] }).onDelete('restrict'),
]);
