import { sql } from 'drizzle-orm';
import {
  bigserial, boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps, version } from './columns.js';

/** The tenant: one organisation (company, complex or single clinic, by plan). */
export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  plan: text('plan'),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** A cancellation this many hours or less before the start is marked late (appointments.late_cancellation). */
  lateCancellationHours: integer('late_cancellation_hours').notNull().default(24),
  /** Hijri dates: 'off', 'beside' (next to the Gregorian date) or 'primary' (first, Gregorian beside). Users may override. */
  hijriMode: text('hijri_mode').notNull().default('off'),
  /**
   * Set when the organisation is closed: nobody of it may sign in, and every credential issued to its people (sessions,
   * file links, calendar feeds, live streams, patient links) is refused. Reopening clears it; what closing revoked stays revoked.
   */
  closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  /** The public booking page's address: /book/<slug> (lower-case letters, digits and dashes); null: no page. */
  bookingSlug: text('booking_slug'),
  ...timestamps,
}, (t) => [uniqueIndex('companies_booking_slug_uq').on(t.bookingSlug)]);

/** Per-company counters behind human-readable public ids (PAT-000042). Never reused. */
export const publicIdCounters = pgTable('public_id_counters', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  entity: text('entity').notNull(),
  lastValue: integer('last_value').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.companyId, t.entity] })]);

/** Catalogue of permission codes (global reference table). */
export const permissions = pgTable('permissions', {
  code: text('code').primaryKey(),
});

export const roles = pgTable('roles', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  name: text('name').notNull(),
  isSystem: boolean('is_system').notNull().default(false),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('roles_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
]);

export const rolePermissions = pgTable('role_permissions', {
  companyId: tenantId(),
  roleId: uuid('role_id').notNull(),
  permission: text('permission').notNull().references(() => permissions.code),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.roleId, t.permission] }),
  foreignKey({ columns: [t.companyId, t.roleId], foreignColumns: [roles.companyId, roles.id] }).onDelete('cascade'),
]);

/**
 * A person who works for the company. A user account is an employee with sign-in fields
 * (username, password hash); doctors and other staff without an account leave them empty.
 */
export const employees = pgTable('employees', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  /** The import batch that created it (modules/imports), so the batch can be undone; null when entered by hand. Indexed in migration 0059. */
  importBatchId: uuid('import_batch_id'),
  publicId: text('public_id').notNull(),
  name: text('name').notNull(),
  username: text('username'),
  email: text('email'),
  passwordHash: text('password_hash'),
  employeeType: text('employee_type').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  image: text('image'),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
  /** The user's own Hijri setting ('off', 'beside', 'primary'); null follows the company's. */
  hijriMode: text('hijri_mode'),
  /** Digits in the Arabic interface: 'latn' (0-9) or 'arab' (٠-٩). Display only: stored data keeps Western digits. */
  digits: text('digits').notNull().default('latn'),
  /** The screen the user starts on (one of START_SCREENS); null: the one their permissions suggest. */
  startScreen: text('start_screen'),
  /** The clinic last chosen on the board, calendar, cash boxes or My day; opened first next time, on any device. */
  lastClinicId: uuid('last_clinic_id'),
  /** Organisation placement (foreign keys declared in a hand-written migration (0004_extras_0004_people.sql) to avoid import cycles). */
  departmentId: uuid('department_id'),
  clinicCollectionId: uuid('clinic_collection_id'),
  dateOfBirth: date('date_of_birth'),
  gender: text('gender'),
  identity: text('identity'),
  nationality: text('nationality'),
  maritalStatus: text('marital_status'),
  numberOfChildren: integer('number_of_children'),
  medicalLicenseNumber: text('medical_license_number'),
  consultationFee: numeric('consultation_fee', { precision: 12, scale: 2, mode: 'number' }),
  onCall: boolean('on_call').notNull().default(false),
  hireDate: date('hire_date'),
  /** FULL_TIME or PART_TIME. */
  jobType: text('job_type'),
  jobTitle: text('job_title'),
  address: text('address'),
  /** The employee's picture (files row of the same company). */
  imageFileId: uuid('image_file_id'),
  /** [{ type: 'email' | 'phone', value, subType }] */
  contactInfos: jsonb('contact_infos').notNull().default([]),
  /** { name, phone, relationship } */
  emergencyContact: jsonb('emergency_contact'),
  languages: jsonb('languages').notNull().default([]),
  certifications: jsonb('certifications').notNull().default([]),
  /** [{ day: 'Monday', startTime: '09:00', endTime: '17:00' }] */
  workingHours: jsonb('working_hours').notNull().default([]),
  /** [{ startTime: '13:00', endTime: '13:30' }] (daily) */
  breakTimes: jsonb('break_times').notNull().default([]),
  /** [{ leaveStartDate, leaveEndDate, leaveType, status }] */
  vacationRecords: jsonb('vacation_records').notNull().default([]),
  /** The long tail of the forms: professional_experience, Qualifications, notes, addressDetails. */
  details: jsonb('details').notNull().default({}),
  /** Bumped when the password changes or the account is deactivated: older access tokens stop working. */
  sessionVersion: integer('session_version').notNull().default(0),
  /** Made by an invitation: the HR record (hours, identity, contract) is still to be completed; cleared by the full form. */
  incomplete: boolean('incomplete').notNull().default(false),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('employees_company_public_id_uq').on(t.companyId, t.publicId),
  // Sign-in names are global (a user signs in before we know the company): their uniqueness is kept by sign_in_names.
  index('employees_username_idx').on(sql`lower(${t.username})`).where(sql`${t.username} is not null`),
  index('employees_login_email_idx').on(sql`lower(${t.email})`).where(sql`${t.passwordHash} is not null`),
  // The lists' default order (newest first), for everyone and for one kind (the doctors, the staff): a page is the
  // first rows of the index rather than a sort of the company's employees.
  index('employees_type_page_idx').on(t.companyId, t.employeeType, t.createdAt, t.id),
  index('employees_page_idx').on(t.companyId, t.createdAt, t.id),
  uniqueIndex('employees_company_identity_uq').on(t.companyId, sql`lower(${t.identity})`).where(sql`${t.identity} is not null`),
  index('employees_company_dob_idx').on(t.companyId, t.dateOfBirth),
]);

export const employeeRoles = pgTable('employee_roles', {
  companyId: tenantId(),
  employeeId: uuid('employee_id').notNull(),
  roleId: uuid('role_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.employeeId, t.roleId] }),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.roleId], foreignColumns: [roles.companyId, roles.id] }).onDelete('restrict'),
  index('employee_roles_role_idx').on(t.companyId, t.roleId),
]);

/**
 * Invitations to set up an account (lib/invitation-links.ts): the link names the row and is signed; it works once
 * (accepted_at), until expires_at, and not after a newer invitation, a deactivation or a deletion (revoked_at).
 */
export const invitations = pgTable('invitations', {
  companyId: tenantId(),
  id: rowId(),
  employeeId: uuid('employee_id').notNull(),
  email: text('email').notNull(),
  /** The language of the e-mail: the inviter's. */
  language: text('language').notNull().default('en'),
  invitedBy: uuid('invited_by'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('invitations_employee_idx').on(t.companyId, t.employeeId),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
]);

/** Opaque refresh tokens, stored hashed, rotated on every use; a family shares one sign-in. */
export const refreshTokens = pgTable('refresh_tokens', {
  companyId: tenantId(),
  id: rowId(),
  employeeId: uuid('employee_id').notNull(),
  familyId: uuid('family_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('refresh_tokens_company_hash_uq').on(t.companyId, t.tokenHash),
  // A refresh finds its token by hash alone (the token does not name its company).
  index('refresh_tokens_hash_idx').on(t.tokenHash),
  index('refresh_tokens_family_idx').on(t.companyId, t.familyId),
  index('refresh_tokens_employee_idx').on(t.companyId, t.employeeId),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
]);

/**
 * Every sign-in name in use, across companies: user names, and the e-mail addresses of accounts that can sign in
 * (lower-cased). A small table not split by company (a Citus reference table), so one name belongs to one account
 * even when companies live on different machines. Kept by a trigger on employees (migrations/0025_hand_stateless.sql), in the
 * same transaction as the account: a name already taken fails the insert or update of the account.
 */
export const signInNames = pgTable('sign_in_names', {
  /** 'username' | 'email' */
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  companyId: uuid('company_id').notNull(),
  employeeId: uuid('employee_id').notNull(),
}, (t) => [primaryKey({ columns: [t.kind, t.name] }), index('sign_in_names_employee_idx').on(t.companyId, t.employeeId)]);

/** Failed sign-in attempts, for throttling by account and address. */
export const loginFailures = pgTable('login_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  identifier: text('identifier').notNull(),
  ip: text('ip').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('login_failures_lookup_idx').on(t.identifier, t.ip, t.createdAt)]);

/** Append-only record of who did what. The API has no path that updates or deletes it. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  companyId: uuid('company_id'),
  actorId: uuid('actor_id'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  changes: jsonb('changes'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  requestId: text('request_id'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  index('audit_log_company_time_idx').on(t.companyId, t.createdAt),
  index('audit_log_entity_idx').on(t.companyId, t.entity, t.entityId),
]);
