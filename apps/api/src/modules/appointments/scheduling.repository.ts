import { and, asc, count, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { MAX_BUFFER_MINUTES, MAX_VISIT_MINUTES } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { appointments, clinics, employeeClinics, employees, patients, serviceDoctors, services } from '../../db/schema/index.js';

/*
 * What the booking rules and the free-time search read: the parties of a booking, the clinics' and doctors'
 * calendars, the doctors who can take a service, and the time the doctors' appointments already hold.
 */

/** Everything the booking rules look at, for the chosen patient, doctor, clinic and service. */
/** The parties of a booking; without a doctor (any doctor of the service) the doctor is null and provides nothing. */
export async function loadBookingParties(db: Db, companyId: string, ids: { patient: string | null; doctor: string | null; clinic: string; service: string }) {
  const doctorId = ids.doctor;
  const [patient, doctor, clinic, service, provides, worksAt] = await Promise.all([
    ids.patient
      ? db.select({ id: patients.id, name: patients.name, isActive: patients.isActive }).from(patients)
        .where(and(eq(patients.companyId, companyId), eq(patients.id, ids.patient))).limit(1)
      : Promise.resolve([]),
    doctorId
      ? db.select({
        id: employees.id, name: employees.name, isActive: employees.isActive, employeeType: employees.employeeType,
        workingHours: employees.workingHours, breakTimes: employees.breakTimes, vacationRecords: employees.vacationRecords,
      }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, doctorId))).limit(1)
      : Promise.resolve([]),
    db.select({
      id: clinics.id, name: clinics.name, isActive: clinics.isActive, timeZone: clinics.timeZone, averageVisitMinutes: clinics.averageVisitMinutes,
      workingHours: clinics.workingHours, holidays: clinics.holidays,
    }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, ids.clinic))).limit(1),
    db.select({
      id: services.id, name: services.name, isActive: services.isActive, clinicId: services.clinicId, durationMinutes: services.durationMinutes,
      bufferBeforeMinutes: services.bufferBeforeMinutes, bufferAfterMinutes: services.bufferAfterMinutes,
    })
      .from(services).where(and(eq(services.companyId, companyId), eq(services.id, ids.service))).limit(1),
    doctorId
      ? db.select({ n: count() }).from(serviceDoctors)
        .where(and(eq(serviceDoctors.companyId, companyId), eq(serviceDoctors.serviceId, ids.service), eq(serviceDoctors.employeeId, doctorId)))
      : Promise.resolve([]),
    doctorId
      ? db.select({ n: count() }).from(employeeClinics)
        .where(and(eq(employeeClinics.companyId, companyId), eq(employeeClinics.employeeId, doctorId), eq(employeeClinics.clinicId, ids.clinic)))
      : Promise.resolve([]),
  ]);
  return {
    patient: patient[0] ?? null,
    doctor: doctor[0] ?? null,
    clinic: clinic[0] ?? null,
    service: service[0] ?? null,
    doctorProvidesService: Number(provides[0]?.n ?? 0) > 0,
    doctorWorksAtClinic: Number(worksAt[0]?.n ?? 0) > 0,
  };
}
export type BookingParties = Awaited<ReturnType<typeof loadBookingParties>>;

export async function loadClinicCalendar(db: Db, companyId: string, clinicId: string) {
  const [clinic] = await db.select({
    id: clinics.id, name: clinics.name, isActive: clinics.isActive, timeZone: clinics.timeZone, averageVisitMinutes: clinics.averageVisitMinutes,
    workingHours: clinics.workingHours, holidays: clinics.holidays,
  }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId))).limit(1);
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
  return rows.map((r) => ({ ...r, serviceIds: links.filter((l) => l.employeeId === r._id).map((l) => l.serviceId) }));
}

/** Active doctors of a clinic who provide a service (or just `doctorId`), with their calendars, by name. */
export async function loadSlotDoctors(db: Db, companyId: string, clinicId: string, serviceId: string, doctorId?: string) {
  return db
    .select({
      id: employees.id, name: employees.name, workingHours: employees.workingHours, breakTimes: employees.breakTimes, vacationRecords: employees.vacationRecords,
    })
    .from(employees)
    .innerJoin(employeeClinics, and(eq(employeeClinics.companyId, employees.companyId), eq(employeeClinics.employeeId, employees.id), eq(employeeClinics.clinicId, clinicId)))
    .innerJoin(serviceDoctors, and(eq(serviceDoctors.companyId, employees.companyId), eq(serviceDoctors.employeeId, employees.id), eq(serviceDoctors.serviceId, serviceId)))
    .where(and(
      eq(employees.companyId, companyId), eq(employees.employeeType, 'Doctor'), eq(employees.isActive, true),
      doctorId ? eq(employees.id, doctorId) : undefined,
    ))
    .orderBy(asc(employees.name), asc(employees.id));
}

/**
 * The doctors' appointments that take their time (all but cancelled and no-show) overlapping [from, to), each as the
 * range it blocks (buffers included).
 */
export async function findBusyTimes(db: Db, companyId: string, doctorIds: string[], from: Date, to: Date) {
  if (!doctorIds.length) return [];
  const earliest = new Date(from.getTime() - (MAX_VISIT_MINUTES + 2 * MAX_BUFFER_MINUTES) * 60_000);
  const rows = await db
    .select({
      doctorId: appointments.doctorId, startsAt: appointments.startsAt, endsAt: appointments.endsAt,
      blockedFrom: appointments.blockedFrom, blockedUntil: appointments.blockedUntil,
    })
    .from(appointments)
    .where(and(
      eq(appointments.companyId, companyId), inArray(appointments.doctorId, doctorIds),
      notInArray(appointments.status, ['cancelled', 'no_show']),
      gte(appointments.startsAt, earliest), lt(appointments.blockedFrom, to), sql`${appointments.blockedUntil} > ${from.toISOString()}::timestamptz`,
    ));
  return rows.map((r) => ({ doctorId: r.doctorId, startsAt: r.blockedFrom ?? r.startsAt, endsAt: r.blockedUntil ?? r.endsAt }));
}
