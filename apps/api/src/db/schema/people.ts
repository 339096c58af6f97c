import { foreignKey, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { tenantId } from './columns.js';
import { specializations } from './catalog.js';
import { employees } from './core.js';
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
