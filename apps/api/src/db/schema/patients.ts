import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { companies } from './core.js';

export const patients = pgTable('patients', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  /** The import batch that created it (modules/imports), so the batch can be undone; null when entered by hand. Indexed in migration 0059. */
  importBatchId: uuid('import_batch_id'),
  publicId: text('public_id').notNull(),
  name: text('name').notNull(),
  identity: text('identity').notNull(),
  phone: text('phone'),
  email: text('email'),
  dateOfBirth: date('date_of_birth').notNull(),
  /** 'female' | 'male' (checked in migrations/0005_extras_0005_patients.sql). */
  gender: text('gender'),
  /** One of PATIENT_NATIONALITIES (English adjective, e.g. 'Saudi'). */
  nationality: text('nationality'),
  /** 'Single' | 'Married' | 'Divorced' | 'Widowed'. */
  maritalStatus: text('marital_status'),
  /** 'A+' ... 'O-'. */
  bloodType: text('blood_type'),
  smoking: boolean('smoking'),
  isActive: boolean('is_active').notNull().default(true),
  /**
   * Registered quickly (name, mobile, date of birth, sex: POST /api/patients/quick) and the full form not saved yet.
   * Such a patient has no identity number (stored as ''), so the identity index skips ''.
   */
  incomplete: boolean('incomplete').notNull().default(false),
  /** Registered by the patient on the public booking page (verified mobile number): for the desk to complete or merge. */
  selfRegistered: boolean('self_registered').notNull().default(false),
  /** How the patient prefers to be reached by text: 'sms' or 'whatsapp' (WhatsApp only with consent). */
  preferredChannel: text('preferred_channel').notNull().default('sms'),
  /** When the patient agreed to WhatsApp messages (and from where: 'desk' or 'online'); null: no consent. */
  whatsappConsentAt: timestamp('whatsapp_consent_at', { withTimezone: true, mode: 'date' }),
  whatsappConsentSource: text('whatsapp_consent_source'),
  imageFileId: uuid('image_file_id'),
  /**
   * The long tail of the patient form (address, languages, medical history, allergies, chronic diseases,
   * insurances, emergency contacts, ...), shaped by `patientDetailsSchema` in the shared package.
   */
  details: jsonb('details').notNull().default({}),
  createdBy: uuid('created_by'),
  /**
   * What the list's search looks in: name, public id, identity and phone, lower-cased and joined by a separator no
   * search can contain. One trigram index serves it (migrations/0007_extras_0006_performance.sql), and a case-sensitive LIKE on
   * lower-cased text is far cheaper per row than ILIKE over four columns.
   */
  searchText: text('search_text').generatedAlwaysAs(
    sql`lower(name || chr(31) || public_id || chr(31) || identity || chr(31) || coalesce(phone, ''))`,
  ),
  /**
   * Start of the latest completed appointment, kept by statement-level triggers on appointments
   * (migrations/0010_extras_0007_patient_last_visit.sql), so the list can show it and sort by it through an index.
   */
  lastVisitAt: timestamp('last_visit_at', { withTimezone: true, mode: 'date' }),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('patients_public_id_uq').on(t.companyId, t.publicId),
  uniqueIndex('patients_identity_given_uq').on(t.companyId, t.identity).where(sql`${t.identity} <> ''`),
  // Quick registration refuses a second patient with the same mobile and date of birth; the list's "Incomplete" filter.
  index('patients_phone_dob_idx').on(t.companyId, t.phone, t.dateOfBirth),
  index('patients_self_registered_idx').on(t.companyId, t.createdAt).where(sql`${t.selfRegistered}`),
  index('patients_incomplete_idx').on(t.companyId, t.createdAt).where(sql`${t.incomplete}`),
  index('patients_dob_idx').on(t.companyId, t.dateOfBirth),
  // Default order of the list (newest first): patients_search_page_idx in migrations/0011_extras_0008_search_page.sql (it includes the
  // id and the search text, which Drizzle cannot declare). The status filter:
  index('patients_active_created_idx').on(t.companyId, t.isActive, t.createdAt),
]);

/** Timestamped notes staff add to a patient's record. */
export const patientNotes = pgTable('patient_notes', {
  companyId: tenantId(),
  id: rowId(),
  patientId: uuid('patient_id').notNull(),
  authorId: uuid('author_id'),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('patient_notes_patient_idx').on(t.companyId, t.patientId, t.createdAt),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('cascade'),
]);

/** Health reports: uploaded documents attached to a patient. */
export const patientDocuments = pgTable('patient_documents', {
  companyId: tenantId(),
  id: rowId(),
  patientId: uuid('patient_id').notNull(),
  fileId: uuid('file_id').notNull(),
  title: text('title').notNull(),
  uploadedBy: uuid('uploaded_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('patient_documents_patient_idx').on(t.companyId, t.patientId, t.createdAt),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('cascade'),
]);
