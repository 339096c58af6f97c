import { boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps } from './columns.js';
import { companies } from './core.js';

/** The organisation's own profile (spec: Company), one per tenant. */
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
  contactInfos: jsonb('contact_infos').notNull().default([]),
  holidays: jsonb('holidays').notNull().default([]),
  specializations: jsonb('specializations').notNull().default([]),
  bankAccounts: jsonb('bank_accounts').notNull().default([]),
  insuranceCompanies: jsonb('insurance_companies').notNull().default([]),
  cashBoxes: jsonb('cash_boxes').notNull().default([]),
  onlinePaymentMethods: jsonb('online_payment_methods').notNull().default([]),
  commercialRecord: jsonb('commercial_record'),
  location: jsonb('location'),
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
  details: jsonb('details').notNull().default({}),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('clinic_collections_public_id_uq').on(t.companyId, t.publicId),
]);

export const departments = pgTable('departments', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  publicId: text('public_id').notNull(),
  clinicCollectionId: uuid('clinic_collection_id'),
  name: text('name').notNull(),
  picId: uuid('pic_id'),
  isActive: boolean('is_active').notNull().default(true),
  details: jsonb('details').notNull().default({}),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('departments_public_id_uq').on(t.companyId, t.publicId),
  foreignKey({ columns: [t.companyId, t.clinicCollectionId], foreignColumns: [clinicCollections.companyId, clinicCollections.id] }).onDelete('restrict'),
]);

export const clinics = pgTable('clinics', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  publicId: text('public_id').notNull(),
  departmentId: uuid('department_id'),
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
  details: jsonb('details').notNull().default({}),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('clinics_public_id_uq').on(t.companyId, t.publicId),
  index('clinics_department_idx').on(t.companyId, t.departmentId),
  foreignKey({ columns: [t.companyId, t.departmentId], foreignColumns: [departments.companyId, departments.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.clinicCollectionId], foreignColumns: [clinicCollections.companyId, clinicCollections.id] }).onDelete('restrict'),
]);
