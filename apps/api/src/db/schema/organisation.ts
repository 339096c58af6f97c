import { boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { companies } from './core.js';

/*
 * Organisation structure: the company profile, medical complexes, departments and clinics.
 * Columns a screen filters, sorts, counts or checks are real columns; the long tail of each form
 * (texts shown only on details pages, financial tables) lives in `details`.
 * The person in charge (`pic_id`) references an employee; that foreign key, with ON DELETE SET NULL
 * on the column alone, is declared in migrations/0003_extras_0003_organisation.sql.
 */

/** The organisation's own profile (spec: Company), one per tenant; its name lives in `companies.name`. */
export const companyProfiles = pgTable('company_profiles', {
  companyId: uuid('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  address: text('address'),
  goals: text('goals'),
  overview: text('overview'),
  vision: text('vision'),
  yearOfEstablishment: date('year_of_establishment'),
  logoFileId: uuid('logo_file_id'),
  keyMember: text('key_member'),
  founder: text('founder'),
  executives: text('executives'),
  /** [{ type: 'email'|'phone', value, subType?, name?, email?, phone?, designation? }] */
  contactInfos: jsonb('contact_infos').notNull().default([]),
  /** [{ name, date: 'YYYY-MM-DD', reason }] */
  holidays: jsonb('holidays').notNull().default([]),
  specializations: jsonb('specializations').notNull().default([]),
  bankAccounts: jsonb('bank_accounts').notNull().default([]),
  insuranceCompanies: jsonb('insurance_companies').notNull().default([]),
  cashBoxes: jsonb('cash_boxes').notNull().default([]),
  onlinePaymentMethods: jsonb('online_payment_methods').notNull().default([]),
  /** { recordNumber, grantDate, issueDate, expirationDate, taxNumber } */
  commercialRecord: jsonb('commercial_record'),
  /** { x: latitude, y: longitude } */
  location: jsonb('location'),
  version: version(),
  ...timestamps,
});

/** Medical complexes (the spec's "cliniccollections"). */
export const clinicCollections = pgTable('clinic_collections', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  publicId: text('public_id').notNull(),
  name: text('name').notNull(),
  picId: uuid('pic_id'),
  isActive: boolean('is_active').notNull().default(true),
  email: text('email'),
  phone: text('phone'),
  website: text('website'),
  country: text('country'),
  stateProvince: text('state_province'),
  zipCode: text('zip_code'),
  address: text('address'),
  yearOfEstablishment: date('year_of_establishment'),
  /** [{ type: 'email'|'phone', value }] */
  contactInfos: jsonb('contact_infos').notNull().default([]),
  /** [{ day: 'Monday', startTime: '08:00', endTime: '22:00' }] */
  workingDays: jsonb('working_days').notNull().default([]),
  /** [{ name, date: 'YYYY-MM-DD', reason }] */
  holidays: jsonb('holidays').notNull().default([]),
  /** { x: latitude, y: longitude } */
  location: jsonb('location'),
  /** overview, policies, vision, goals, details, logo, bankAccount, insuranceCompany, commercialRecord, cashBoxes, onlinePaymentMethods */
  details: jsonb('details').notNull().default({}),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('clinic_collections_public_id_uq').on(t.companyId, t.publicId),
]);

/** Specialities a medical complex offers (speciality foreign key in a hand-written migration, the catalogue imports this file). */
export const clinicCollectionSpecializations = pgTable('clinic_collection_specializations', {
  companyId: tenantId(),
  clinicCollectionId: uuid('clinic_collection_id').notNull(),
  specializationId: uuid('specialization_id').notNull(),
}, (t) => [
  // Named explicitly: generated names pass PostgreSQL's 63-character limit and collide once truncated.
  primaryKey({ name: 'clinic_collection_specializations_pk', columns: [t.companyId, t.clinicCollectionId, t.specializationId] }),
  index('clinic_collection_specializations_spec_idx').on(t.companyId, t.specializationId),
  foreignKey({ columns: [t.companyId, t.clinicCollectionId], foreignColumns: [clinicCollections.companyId, clinicCollections.id] }).onDelete('cascade'),
]);

export const departments = pgTable('departments', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  publicId: text('public_id').notNull(),
  clinicCollectionId: uuid('clinic_collection_id'),
  name: text('name').notNull(),
  picId: uuid('pic_id'),
  isActive: boolean('is_active').notNull().default(true),
  address: text('address'),
  yearOfEstablishment: date('year_of_establishment'),
  /** How many patients the department can look after at once (details screen). */
  patientCapacity: integer('patient_capacity'),
  /** [{ type: 'email'|'phone', value, subType }] */
  contactInfos: jsonb('contact_infos').notNull().default([]),
  location: jsonb('location'),
  /** introduction, vision, details, logo */
  details: jsonb('details').notNull().default({}),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('departments_public_id_uq').on(t.companyId, t.publicId),
  index('departments_clinic_collection_idx').on(t.companyId, t.clinicCollectionId),
  foreignKey({ columns: [t.companyId, t.clinicCollectionId], foreignColumns: [clinicCollections.companyId, clinicCollections.id] }).onDelete('restrict'),
]);

export const clinics = pgTable('clinics', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  publicId: text('public_id').notNull(),
  departmentId: uuid('department_id'),
  /** Set from the department when the clinic belongs to one, so a complex finds all its clinics directly. */
  clinicCollectionId: uuid('clinic_collection_id'),
  name: text('name').notNull(),
  picId: uuid('pic_id'),
  isActive: boolean('is_active').notNull().default(true),
  /** Minutes; an appointment lasts this long unless its service says otherwise. */
  averageVisitMinutes: integer('average_visit_minutes').notNull().default(30),
  /** IANA time zone; the calendar shows and books in it. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** [{ day: 'Monday', timeSlots: [{ startTime: '09:00', endTime: '13:00' }] }] */
  workingHours: jsonb('working_hours').notNull().default([]),
  /** [{ name, date: 'YYYY-MM-DD', reason }] */
  holidays: jsonb('holidays').notNull().default([]),
  address: text('address'),
  yearOfEstablishment: date('year_of_establishment'),
  /** [{ type: 'email'|'phone', value, subType? }] */
  contactInfos: jsonb('contact_infos').notNull().default([]),
  location: jsonb('location'),
  /** overview, vision, goals, logo, bankAccount, insuranceCompany, cashBoxes, onlinePaymentMethods, commercialRecord */
  details: jsonb('details').notNull().default({}),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('clinics_public_id_uq').on(t.companyId, t.publicId),
  index('clinics_department_idx').on(t.companyId, t.departmentId),
  index('clinics_clinic_collection_idx').on(t.companyId, t.clinicCollectionId),
  foreignKey({ columns: [t.companyId, t.departmentId], foreignColumns: [departments.companyId, departments.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.clinicCollectionId], foreignColumns: [clinicCollections.companyId, clinicCollections.id] }).onDelete('restrict'),
]);
