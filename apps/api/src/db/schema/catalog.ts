import { boolean, foreignKey, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { companies, employees } from './core.js';
import { clinics } from './organisation.js';

/** Medical specialities (spec: Specialities / specializations). */
export const specializations = pgTable('specializations', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  publicId: text('public_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  certificationRequirements: text('certification_requirements').notNull().default(''),
  medicalProcedures: text('medical_procedures').notNull().default(''),
  requiredEquipment: text('required_equipment').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  version: version(),
  ...timestamps,
}, (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('specializations_public_id_uq').on(t.companyId, t.publicId)]);

/** Staff a speciality requires (spec: requiredStaff). */
export const specializationStaff = pgTable('specialization_staff', {
  companyId: tenantId(),
  specializationId: uuid('specialization_id').notNull(),
  employeeId: uuid('employee_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.specializationId, t.employeeId] }),
  foreignKey({ columns: [t.companyId, t.specializationId], foreignColumns: [specializations.companyId, specializations.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
]);

/** Specialities offered by a clinic. */
export const clinicSpecializations = pgTable('clinic_specializations', {
  companyId: tenantId(),
  clinicId: uuid('clinic_id').notNull(),
  specializationId: uuid('specialization_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.clinicId, t.specializationId] }),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.specializationId], foreignColumns: [specializations.companyId, specializations.id] }).onDelete('restrict'),
]);

export const services = pgTable('services', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  /** The import batch that created it (modules/imports), so the batch can be undone; null when entered by hand. Indexed in migration 0059. */
  importBatchId: uuid('import_batch_id'),
  publicId: text('public_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  /** Minutes; null means the clinic's average visit duration. */
  durationMinutes: integer('duration_minutes'),
  /** Preparation and cleaning minutes around each appointment: they block the doctor like the visit itself. */
  bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
  bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('services_public_id_uq').on(t.companyId, t.publicId),
  index('services_clinic_idx').on(t.companyId, t.clinicId),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('restrict'),
]);

/** Doctors who provide a service. */
export const serviceDoctors = pgTable('service_doctors', {
  companyId: tenantId(),
  serviceId: uuid('service_id').notNull(),
  employeeId: uuid('employee_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.serviceId, t.employeeId] }),
  index('service_doctors_employee_idx').on(t.companyId, t.employeeId),
  foreignKey({ columns: [t.companyId, t.serviceId], foreignColumns: [services.companyId, services.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('restrict'),
]);
