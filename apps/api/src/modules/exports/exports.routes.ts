/**
 * `GET <list>/export.csv` for every list screen: the list's own query schema and service, read batch by batch
 * (lib/csv-export.ts); patients resume after the previous batch's last row (keyset), the others page by offset. The columns follow what each list shows; dates are ISO instants.
 */
import { routes, type AppointmentRecord, type PatientListItem } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { registerExport } from '../../lib/csv-export.js';
import { listAppointments } from '../appointments/index.js';
import { listAudit } from '../audit/index.js';
import { listComplexes } from '../complexes/index.js';
import { listClinics } from '../clinics/index.js';
import { listDepartments } from '../departments/index.js';
import { listEmployees } from '../employees/index.js';
import { listPatients } from '../patients/index.js';
import { listServices } from '../services/index.js';
import { listSpecializations } from '../specializations/index.js';

const r = routes.exports;

/** A page of the list's own service: `{ data }` in the list's order. */
const pageOf = <Q extends object>(q: Q, page: number, limit: number) => ({ ...q, page, limit, allData: undefined });

export function exportRoutes(app: App, deps: Deps) {
  // The audit export comes first in the route table: the security proofs walk it in order, and the audit it
  // exports then holds only what the caller did before it.
  registerExport(app, deps, {
    route: r.audit, entity: 'audit',
    batch: async (d, caller, q, page, limit) => ({ rows: (await listAudit(d, caller, pageOf(q, page, limit))).data, last: false }),
    columns: [
      { header: 'createdAt', cell: (r) => r.createdAt },
      { header: 'actor', cell: (r) => r.actor },
      { header: 'action', cell: (r) => r.action },
      { header: 'entity', cell: (r) => r.entity },
      { header: 'entityId', cell: (r) => r.entityId },
      { header: 'changes', cell: (r) => (r.changes === null ? '' : JSON.stringify(r.changes)) },
      { header: 'ip', cell: (r) => r.ip },
      { header: 'requestId', cell: (r) => r.requestId },
    ],
  });

  registerExport(app, deps, {
    route: r.patients, entity: 'patients',
    // Resumed after the previous batch's last patient (keyset) in the orders that allow it: linear however long.
    batch: async (d, caller, q, page, limit, previous?: PatientListItem) => ({
      rows: (await listPatients(d, caller.companyId, pageOf(q, page, limit), previous?.publicId)).data, last: false,
    }),
    columns: [
      { header: 'publicId', cell: (r) => r.publicId },
      { header: 'name', cell: (r) => r.name },
      { header: 'identity', cell: (r) => r.identity },
      { header: 'phone', cell: (r) => r.phone },
      { header: 'dateOfBirth', cell: (r) => r.dateOfBirth },
      { header: 'gender', cell: (r) => r.gender },
      { header: 'isActive', cell: (r) => r.isActive },
      { header: 'lastVisit', cell: (r) => r.lastVisit },
      { header: 'createdAt', cell: (r) => r.createdAt },
    ],
  });

  registerExport(app, deps, {
    route: r.appointments, entity: 'appointments',
    batch: async (d, caller, q, page, limit) => {
      const { data } = await listAppointments(d, caller, { ...pageOf(q, page, limit), view: undefined });
      return { rows: data as AppointmentRecord[], last: false };
    },
    columns: [
      { header: 'publicId', cell: (r) => r.publicId },
      { header: 'startsAt', cell: (r) => r.datetime },
      { header: 'endsAt', cell: (r) => r.endsAt },
      { header: 'durationMinutes', cell: (r) => r.durationMinutes },
      { header: 'timeZone', cell: (r) => r.clinicTimeZone },
      { header: 'patient', cell: (r) => r.patient },
      { header: 'doctor', cell: (r) => r.doctor },
      { header: 'clinic', cell: (r) => r.clinic },
      { header: 'service', cell: (r) => r.service },
      { header: 'reason', cell: (r) => r.reason },
      { header: 'status', cell: (r) => r.status },
      { header: 'cancellationReason', cell: (r) => r.cancellationReason },
      { header: 'lateCancellation', cell: (r) => r.lateCancellation },
      { header: 'arrivedAt', cell: (r) => r.arrivedAt },
      { header: 'calledInAt', cell: (r) => r.calledInAt },
      { header: 'completedAt', cell: (r) => r.completedAt },
      { header: 'waitingMinutes', cell: (r) => r.waitingMinutes },
    ],
  });

  // Staff, doctors and user accounts are one list with filters (employeeType, hasAccount, ...).
  registerExport(app, deps, {
    route: r.employees, entity: 'employees',
    batch: async (d, caller, q, page, limit) => ({ rows: (await listEmployees(d, caller, pageOf(q, page, limit))).data, last: false }),
    columns: [
      { header: 'publicId', cell: (r) => r.publicId },
      { header: 'name', cell: (r) => r.name },
      { header: 'employeeType', cell: (r) => r.employeeType },
      { header: 'jobTitle', cell: (r) => r.jobTitle },
      { header: 'phone', cell: (r) => r.phone },
      { header: 'email', cell: (r) => r.email },
      { header: 'username', cell: (r) => r.username },
      { header: 'roles', cell: (r) => r.roleIds },
      { header: 'specializations', cell: (r) => r.specializations },
      { header: 'clinics', cell: (r) => r.clinics },
      { header: 'gender', cell: (r) => r.gender },
      { header: 'dateOfBirth', cell: (r) => r.dateOfBirth },
      { header: 'consultationFee', cell: (r) => r.consultation_fee },
      { header: 'hasAccount', cell: (r) => r.hasAccount },
      { header: 'isActive', cell: (r) => r.isActive },
      { header: 'lastLoginAt', cell: (r) => r.lastLoginAt },
      { header: 'createdAt', cell: (r) => r.createdAt },
    ],
  });

  registerExport(app, deps, {
    route: r.services, entity: 'services',
    batch: async (d, caller, q, page, limit) => ({ rows: (await listServices(d, caller, pageOf(q, page, limit))).data, last: false }),
    columns: [
      { header: 'publicId', cell: (r) => r.publicId },
      { header: 'name', cell: (r) => r.name },
      { header: 'description', cell: (r) => r.description },
      { header: 'price', cell: (r) => r.price },
      { header: 'durationMinutes', cell: (r) => r.durationMinutes },
      { header: 'clinic', cell: (r) => r.clinic },
      { header: 'doctors', cell: (r) => r.doctors },
      { header: 'isActive', cell: (r) => r.isActive },
      { header: 'createdAt', cell: (r) => r.createdAt },
    ],
  });

  registerExport(app, deps, {
    route: r.specializations, entity: 'specializations',
    batch: async (d, caller, q, page, limit) => ({ rows: (await listSpecializations(d, caller, pageOf(q, page, limit))).data, last: false }),
    columns: [
      { header: 'publicId', cell: (r) => r.publicId },
      { header: 'name', cell: (r) => r.name },
      { header: 'description', cell: (r) => r.description },
      { header: 'certificationRequirements', cell: (r) => r.certificationRequirements },
      { header: 'medicalProcedures', cell: (r) => r.medicalProcedures },
      { header: 'requiredEquipment', cell: (r) => r.requiredEquipment },
      { header: 'requiredStaff', cell: (r) => r.requiredStaff },
      { header: 'isActive', cell: (r) => r.isActive },
      { header: 'createdAt', cell: (r) => r.createdAt },
    ],
  });

  registerExport(app, deps, {
    route: r.clinics, entity: 'clinics',
    batch: async (d, caller, q, page, limit) => ({ rows: (await listClinics(d, caller, pageOf(q, page, limit))).data, last: false }),
    columns: [
      { header: 'publicId', cell: (r) => r.publicId },
      { header: 'name', cell: (r) => r.name },
      { header: 'pic', cell: (r) => r.PIC },
      { header: 'specializations', cell: (r) => r.specializations },
      { header: 'department', cell: (r) => r.department },
      { header: 'complex', cell: (r) => r.clinicCollection },
      { header: 'averageVisit', cell: (r) => r.AverageDurationOfVisit },
      { header: 'timeZone', cell: (r) => r.timeZone },
      { header: 'isActive', cell: (r) => r.isActive },
      { header: 'createdAt', cell: (r) => r.createdAt },
    ],
  });

  registerExport(app, deps, {
    route: r.departments, entity: 'departments',
    batch: async (d, caller, q, page, limit) => ({ rows: (await listDepartments(d, caller, pageOf(q, page, limit))).data, last: false }),
    columns: [
      { header: 'publicId', cell: (r) => r.publicId },
      { header: 'name', cell: (r) => r.name },
      { header: 'pic', cell: (r) => r.PIC },
      { header: 'complex', cell: (r) => r.clinicCollection },
      { header: 'clinicsCount', cell: (r) => r.clinicCount },
      { header: 'isActive', cell: (r) => r.isActive },
      { header: 'createdAt', cell: (r) => r.createdAt },
    ],
  });

  registerExport(app, deps, {
    route: r.cliniccollections, entity: 'cliniccollections',
    batch: async (d, caller, q, page, limit) => ({ rows: (await listComplexes(d, caller, pageOf(q, page, limit))).data, last: false }),
    columns: [
      { header: 'publicId', cell: (r) => r.publicId },
      { header: 'name', cell: (r) => r.name },
      { header: 'pic', cell: (r) => r.PIC },
      { header: 'email', cell: (r) => r.email },
      { header: 'phone', cell: (r) => r.phone },
      { header: 'country', cell: (r) => r.country },
      { header: 'clinicsCount', cell: (r) => r.clinicsCount },
      { header: 'departmentsCount', cell: (r) => r.departmentsCount },
      { header: 'isActive', cell: (r) => r.isActive },
      { header: 'createdAt', cell: (r) => r.createdAt },
    ],
  });
}
