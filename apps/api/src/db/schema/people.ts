import { date, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantId } from './columns.js';
import { specializations } from './catalog.js';
import { employees } from './core.js';
import { files } from './files.js';
import { clinics } from './organisation.js';

/** Clinics an employee works at. */
export const employeeClinics = pgTable('employee_clinics', {
  companyId: tenantId(),
  employeeId: uuid('employee_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.employeeId, t.clinicId] }),
  index('employee_clinics_clinic_idx').on(t.companyId, t.clinicId),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('restrict'),
]);

/** Specialities of an employee (doctors). */
export const employeeSpecializations = pgTable('employee_specializations', {
  companyId: tenantId(),
  employeeId: uuid('employee_id').notNull(),
  specializationId: uuid('specialization_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.employeeId, t.specializationId] }),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.specializationId], foreignColumns: [specializations.companyId, specializations.id] }).onDelete('restrict'),
]);

/**
 * An employee's documents (kind: cv, workPermit, certifications, employmentContract), one row per kind,
 * each with the stored file (if any) and its effective date.
 */
export const employeeDocuments = pgTable('employee_documents', {
  companyId: tenantId(),
  employeeId: uuid('employee_id').notNull(),
  kind: text('kind').notNull(),
  fileId: uuid('file_id'),
  effectiveDate: date('effective_date'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.employeeId, t.kind] }),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.fileId], foreignColumns: [files.companyId, files.id] }).onDelete('restrict'),
]);
