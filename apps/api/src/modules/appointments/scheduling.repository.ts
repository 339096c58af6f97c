import { and, asc, eq, gte, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import { MAX_BUFFER_MINUTES, MAX_VISIT_MINUTES } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { prepared } from '../../lib/prepared.js';
import { rowsOf } from '../../lib/sql.js';
import { appointments, clinics, employeeClinics, employees, patients, serviceDoctors, services } from '../../db/schema/index.js';

/*
 * What the booking rules and the free-time search read: the parties of a booking, the clinics' and doctors'
 * calendars, the doctors who can take a service, and the time the doctors' appointments already hold.
 */

type Party<T extends { $inferSelect: Record<string, unknown> }, K extends keyof T['$inferSelect']> = Pick<T['$inferSelect'], K | 'id' | 'name' | 'publicId' | 'isActive'>;

/**
 * Everything the booking rules look at, for the chosen patient, doctor, clinic and service, read in one statement.
 * Without a doctor (any doctor of the service) the doctor is null and provides nothing.
 */
export async function loadBookingParties(db: Db, companyId: string, ids: { patient: string | null; doctor: string | null; clinic: string; service: string }) {
  const [row] = rowsOf<{
    patient: Party<typeof patients, never> | null;
    doctor: Party<typeof employees, 'employeeType' | 'workingHours' | 'breakTimes' | 'vacationRecords'> | null;
    clinic: Party<typeof clinics, 'timeZone' | 'averageVisitMinutes' | 'workingHours' | 'holidays'> | null;
    service: Party<typeof services, 'clinicId' | 'durationMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes'> | null;
    provides: boolean;
    works_at: boolean;
  }>(await db.execute(sql`
    select
      (select json_build_object('id', p.id, 'name', p.name, 'publicId', p.public_id, 'isActive', p.is_active)
        from patients p where p.company_id = ${companyId}::uuid and p.id = ${ids.patient}::uuid) as patient,
      (select json_build_object('id', e.id, 'name', e.name, 'publicId', e.public_id, 'isActive', e.is_active, 'employeeType', e.employee_type,
          'workingHours', e.working_hours, 'breakTimes', e.break_times, 'vacationRecords', e.vacation_records)
        from employees e where e.company_id = ${companyId}::uuid and e.id = ${ids.doctor}::uuid) as doctor,
      (select json_build_object('id', c.id, 'name', c.name, 'publicId', c.public_id, 'isActive', c.is_active, 'timeZone', c.time_zone,
          'averageVisitMinutes', c.average_visit_minutes, 'workingHours', c.working_hours, 'holidays', c.holidays)
        from clinics c where c.company_id = ${companyId}::uuid and c.id = ${ids.clinic}::uuid) as clinic,
      (select json_build_object('id', s.id, 'name', s.name, 'publicId', s.public_id, 'isActive', s.is_active, 'clinicId', s.clinic_id,
          'durationMinutes', s.duration_minutes, 'bufferBeforeMinutes', s.buffer_before_minutes, 'bufferAfterMinutes', s.buffer_after_minutes)
        from services s where s.company_id = ${companyId}::uuid and s.id = ${ids.service}::uuid) as service,
      exists (select 1 from service_doctors sd
        where sd.company_id = ${companyId}::uuid and sd.service_id = ${ids.service}::uuid and sd.employee_id = ${ids.doctor}::uuid) as provides,
      exists (select 1 from employee_clinics ec
        where ec.company_id = ${companyId}::uuid and ec.employee_id = ${ids.doctor}::uuid and ec.clinic_id = ${ids.clinic}::uuid) as works_at`));
  return {
    patient: row?.patient ?? null,
    doctor: row?.doctor ?? null,
    clinic: row?.clinic ?? null,
    service: row?.service ?? null,
    doctorProvidesService: Boolean(row?.provides),
    doctorWorksAtClinic: Boolean(row?.works_at),
  };
}
export type BookingParties = Awaited<ReturnType<typeof loadBookingParties>>;

/** A clinic's calendar (built once per database, then only run: the calendar views read it on every request). */
export async function loadClinicCalendar(db: Db, companyId: string, clinicId: string) {
  const statement = prepared(db, 'appointments.clinicCalendar', (name) => db.select({
    id: clinics.id, name: clinics.name, isActive: clinics.isActive, timeZone: clinics.timeZone, averageVisitMinutes: clinics.averageVisitMinutes,
    workingHours: clinics.workingHours, holidays: clinics.holidays,
  }).from(clinics).where(and(eq(clinics.companyId, sql.placeholder('companyId')), eq(clinics.id, sql.placeholder('clinicId')))).limit(1).prepare(name));
  const [clinic] = await statement.execute({ companyId, clinicId });
  return clinic ?? null;
}

export async function loadDoctorCalendar(db: Db, companyId: string, doctorId: string) {
  const [doctor] = await db.select({
    id: employees.id, name: employees.name, workingHours: employees.workingHours, breakTimes: employees.breakTimes, vacationRecords: employees.vacationRecords,
  }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, doctorId))).limit(1);
  return doctor ?? null;
}

/** Active doctors who work at a clinic, each with the clinic's services they provide. */
export async function clinicDoctors(db: Db, companyId: string, clinicId: string) {
  const rows = await db
    .select({ _id: employees.id, name: employees.name, publicId: employees.publicId, imageFileId: employees.imageFileId })
    .from(employeeClinics)
    .innerJoin(employees, and(eq(employees.companyId, employeeClinics.companyId), eq(employees.id, employeeClinics.employeeId)))
    .where(and(eq(employeeClinics.companyId, companyId), eq(employeeClinics.clinicId, clinicId), eq(employees.employeeType, 'Doctor'), eq(employees.isActive, true)))
    .orderBy(asc(employees.name));
  const ids = rows.map((r) => r._id);
  const links = ids.length
    ? await db
        .select({ employeeId: serviceDoctors.employeeId, serviceId: serviceDoctors.serviceId })
        .from(serviceDoctors)
        .innerJoin(services, and(eq(services.companyId, serviceDoctors.companyId), eq(services.id, serviceDoctors.serviceId)))
        .where(and(eq(serviceDoctors.companyId, companyId), inArray(serviceDoctors.employeeId, ids), eq(services.clinicId, clinicId)))
    : [];
  return rows.map((r) => Object.assign(r, { serviceIds: links.filter((l) => l.employeeId === r._id).map((l) => l.serviceId) }));
}

/** Active doctors of a clinic who provide a service (or just `doctorId`), with their calendars, by name. */
export async function loadSlotDoctors(db: Db, companyId: string, clinicId: string, serviceId: string, doctorId?: string) {
  const statement = prepared(db, `appointments.slotDoctors:${Boolean(doctorId)}`, (name) => db
    .select({
      id: employees.id, name: employees.name, workingHours: employees.workingHours, breakTimes: employees.breakTimes, vacationRecords: employees.vacationRecords,
    })
    .from(employees)
    .innerJoin(employeeClinics, and(
      eq(employeeClinics.companyId, employees.companyId), eq(employeeClinics.employeeId, employees.id), eq(employeeClinics.clinicId, sql.placeholder('clinicId')),
    ))
    .innerJoin(serviceDoctors, and(
      eq(serviceDoctors.companyId, employees.companyId), eq(serviceDoctors.employeeId, employees.id), eq(serviceDoctors.serviceId, sql.placeholder('serviceId')),
    ))
    .where(and(
      eq(employees.companyId, sql.placeholder('companyId')), eq(employees.employeeType, 'Doctor'), eq(employees.isActive, true),
      doctorId ? eq(employees.id, sql.placeholder('doctorId')) : undefined,
    ))
    .orderBy(asc(employees.name), asc(employees.id))
    .prepare(name));
  return statement.execute({ companyId, clinicId, serviceId, ...(doctorId ? { doctorId } : {}) });
}

/**
 * The doctors' appointments that take their time (all but cancelled and no-show) overlapping [from, to), each as the
 * range it blocks (buffers included); `exceptId`: not that appointment (the one being moved).
 */
export async function findBusyTimes(db: Db, companyId: string, doctorIds: string[], from: Date, to: Date, exceptId?: string) {
  if (!doctorIds.length) return [];
  const earliest = new Date(from.getTime() - (MAX_VISIT_MINUTES + 2 * MAX_BUFFER_MINUTES) * 60_000);
  const rows = await db
    .select({
      doctorId: appointments.doctorId, startsAt: appointments.startsAt, endsAt: appointments.endsAt,
      blockedFrom: appointments.blockedFrom, blockedUntil: appointments.blockedUntil,
    })
    .from(appointments)
    .where(and(
      eq(appointments.companyId, companyId), inArray(appointments.doctorId, doctorIds), exceptId ? ne(appointments.id, exceptId) : undefined,
      notInArray(appointments.status, ['cancelled', 'no_show']),
      gte(appointments.startsAt, earliest), lt(appointments.blockedFrom, to), sql`${appointments.blockedUntil} > ${from.toISOString()}::timestamptz`,
    ));
  return rows.map((r) => ({ doctorId: r.doctorId, startsAt: r.blockedFrom ?? r.startsAt, endsAt: r.blockedUntil ?? r.endsAt }));
}
