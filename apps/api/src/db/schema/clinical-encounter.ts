import { boolean, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NoteContent, NoteSection } from '@clinic/shared';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { companies, employees } from './core.js';
import { clinics } from './organisation.js';
import { patients } from './patients.js';
import { services, specializations } from './catalog.js';
import { appointments } from './scheduling.js';

/*
 * The clinical record of a visit: the encounter (one per appointment, or one opened by a doctor without an
 * appointment for phone advice), its note written on a template (a copy of the template is kept with the note) and
 * the addenda written after signing. A signed note and every addendum are locked by triggers
 * (migrations: encounter_note_locks).
 */

/** The company's note templates, chosen by the visit's service, then the doctor's speciality (else SOAP). */
export const noteTemplates = pgTable('note_templates', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  serviceId: uuid('service_id'),
  specializationId: uuid('specialization_id'),
  sections: jsonb('sections').$type<NoteSection[]>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  updatedBy: uuid('updated_by'),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('note_templates_updated_idx').on(t.companyId, t.updatedAt, t.id),
  foreignKey({ columns: [t.companyId, t.serviceId], foreignColumns: [services.companyId, services.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.specializationId], foreignColumns: [specializations.companyId, specializations.id] }).onDelete('restrict'),
]);

export const encounters = pgTable('encounters', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  /** 'visit' (of an appointment) or 'phone' (advice without an appointment, not on the front desk's board). */
  kind: text('kind').notNull(),
  appointmentId: uuid('appointment_id'),
  patientId: uuid('patient_id').notNull(),
  doctorId: uuid('doctor_id').notNull(),
  clinicId: uuid('clinic_id'),
  reason: text('reason'),
  /** 'open' while the note is a draft, 'signed' once it is signed. */
  status: text('status').notNull().default('open'),
  openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  openedBy: uuid('opened_by'),
  signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
  signedBy: uuid('signed_by'),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  // One encounter per appointment, whoever opens it and however many call-ins race.
  uniqueIndex('encounters_appointment_uq').on(t.companyId, t.appointmentId),
  // What the clinical rows recorded at an encounter point at: the encounter of the same patient.
  uniqueIndex('encounters_patient_key_uq').on(t.companyId, t.id, t.patientId),
  index('encounters_patient_idx').on(t.companyId, t.patientId, t.openedAt),
  index('encounters_doctor_idx').on(t.companyId, t.doctorId, t.openedAt),
  foreignKey({ columns: [t.companyId, t.appointmentId], foreignColumns: [appointments.companyId, appointments.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.doctorId], foreignColumns: [employees.companyId, employees.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('restrict'),
]);

/** The encounter's note: one per encounter, saved as a draft as it is typed, locked once signed. */
export const encounterNotes = pgTable('encounter_notes', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  encounterId: uuid('encounter_id').notNull(),
  /** The template it was started on (null: the built-in SOAP template); `template` keeps the copy it is written on. */
  templateId: uuid('template_id'),
  template: jsonb('template').$type<{ name: { en: string; ar: string }; sections: NoteSection[] }>().notNull(),
  content: jsonb('content').$type<NoteContent>().notNull(),
  /** Hidden from clinicians other than its doctor unless they give a reason (break-the-glass). */
  sensitive: boolean('sensitive').notNull().default(false),
  /**
   * When `sensitive` last flipped (null: never): what the encounter's FHIR resources and those of what was recorded at it
   * count as their last change, so an export `_since` re-sends them with (or without) the restricted label.
   */
  sensitiveChangedAt: timestamp('sensitive_changed_at', { withTimezone: true, mode: 'date' }),
  updatedBy: uuid('updated_by'),
  signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
  signedBy: uuid('signed_by'),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.encounterId] }),
  foreignKey({ columns: [t.companyId, t.encounterId], foreignColumns: [encounters.companyId, encounters.id] }).onDelete('restrict'),
]);

/** Corrections and additions after signing: who, when, why. Append-only. */
export const encounterAddenda = pgTable('encounter_addenda', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  encounterId: uuid('encounter_id').notNull(),
  authorId: uuid('author_id').notNull(),
  reason: text('reason').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('encounter_addenda_encounter_idx').on(t.companyId, t.encounterId, t.createdAt),
  foreignKey({ columns: [t.companyId, t.encounterId], foreignColumns: [encounters.companyId, encounters.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.authorId], foreignColumns: [employees.companyId, employees.id] }).onDelete('restrict'),
]);

/**
 * Break-the-glass grants: a clinician who opened another doctor's sensitive note with a reason sees what that encounter
 * recorded (its note, diagnoses, problems, prescriptions, orders and medications) as its doctor does until
 * `expires_at` (a shift after `granted_at`: BREAK_GLASS_GRANT_HOURS, modules/encounters/access-grants.ts). A grant
 * ends early with the clinician's account (deactivation stamps it expired; deletion removes it).
 */
export const encounterAccessGrants = pgTable('encounter_access_grants', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  encounterId: uuid('encounter_id').notNull(),
  employeeId: uuid('employee_id').notNull(),
  reason: text('reason').notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  // What every masked read asks: does this person hold a grant for this encounter that has not expired?
  index('encounter_access_grants_lookup_idx').on(t.companyId, t.encounterId, t.employeeId, t.expiresAt),
  // Ending a person's grants (deactivation).
  index('encounter_access_grants_employee_idx').on(t.companyId, t.employeeId, t.expiresAt),
  foreignKey({ columns: [t.companyId, t.encounterId], foreignColumns: [encounters.companyId, encounters.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
]);
