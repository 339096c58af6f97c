/**
 * Test data for scheduling tests, inserted directly with Drizzle (clinics, doctors and patients are other
 * areas' records; these follow the shared data contracts only).
 */
import { randomBytes } from 'node:crypto';
import { addDays, localTime, type Weekday, WEEKDAYS } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clinics, employeeClinics, employees, patients, serviceDoctors, services } from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';

export const WEEKDAY_HOURS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({
  day,
  timeSlots: [{ startTime: '09:00', endTime: '13:00' }, { startTime: '14:00', endTime: '18:00' }],
}));

export async function insertClinic(db: Db, companyId: string, opts: {
  name?: string; timeZone?: string; workingHours?: unknown; holidays?: unknown; averageVisitMinutes?: number; isActive?: boolean;
} = {}) {
  const [row] = await db.insert(clinics).values({
    companyId,
    publicId: await nextPublicId(db, companyId, 'clinic', 'CLN'),
    name: opts.name ?? `Clinic ${randomBytes(2).toString('hex')}`,
    timeZone: opts.timeZone ?? 'Asia/Riyadh',
    workingHours: opts.workingHours ?? WEEKDAY_HOURS,
    holidays: opts.holidays ?? [],
    averageVisitMinutes: opts.averageVisitMinutes ?? 30,
    isActive: opts.isActive ?? true,
  }).returning();
  return row!;
}

export async function insertDoctor(db: Db, companyId: string, opts: {
  name?: string; clinics?: string[]; workingHours?: unknown; breakTimes?: unknown; vacationRecords?: unknown; isActive?: boolean; employeeType?: string;
} = {}) {
  const [row] = await db.insert(employees).values({
    companyId,
    publicId: await nextPublicId(db, companyId, 'employee', 'EMP'),
    name: opts.name ?? `Dr. ${randomBytes(2).toString('hex')}`,
    employeeType: opts.employeeType ?? 'Doctor',
    isActive: opts.isActive ?? true,
    workingHours: opts.workingHours ?? WEEKDAYS.map((day) => ({ day, startTime: '09:00', endTime: '18:00' })),
    breakTimes: opts.breakTimes ?? [],
    vacationRecords: opts.vacationRecords ?? [],
  }).returning();
  if (opts.clinics?.length) await db.insert(employeeClinics).values(opts.clinics.map((clinicId) => ({ companyId, employeeId: row!.id, clinicId })));
  return row!;
}

export async function insertPatient(db: Db, companyId: string, opts: { name?: string; isActive?: boolean } = {}) {
  const [row] = await db.insert(patients).values({
    companyId,
    publicId: await nextPublicId(db, companyId, 'patient', 'PAT'),
    name: opts.name ?? `Patient ${randomBytes(3).toString('hex')}`,
    identity: randomBytes(6).toString('hex'),
    dateOfBirth: '1990-01-05',
    isActive: opts.isActive ?? true,
  }).returning();
  return row!;
}

export async function insertService(db: Db, companyId: string, opts: {
  clinicId: string; doctors: string[]; name?: string; durationMinutes?: number | null; price?: number; isActive?: boolean;
  bufferBeforeMinutes?: number; bufferAfterMinutes?: number;
}) {
  const [row] = await db.insert(services).values({
    companyId,
    publicId: await nextPublicId(db, companyId, 'service', 'SRV'),
    clinicId: opts.clinicId,
    name: opts.name ?? `Consultation ${randomBytes(2).toString('hex')}`,
    description: 'General consultation',
    price: String(opts.price ?? 150),
    durationMinutes: opts.durationMinutes ?? null,
    bufferBeforeMinutes: opts.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: opts.bufferAfterMinutes ?? 0,
    isActive: opts.isActive ?? true,
  }).returning();
  if (opts.doctors.length) await db.insert(serviceDoctors).values(opts.doctors.map((employeeId) => ({ companyId, serviceId: row!.id, employeeId })));
  return row!;
}

/** The parties of a booking: a clinic in `timeZone`, a doctor working there, a patient and a service the doctor gives. */
export async function insertBookingParty(db: Db, companyId: string, timeZone: string) {
  const clinic = await insertClinic(db, companyId, { timeZone });
  const doctor = await insertDoctor(db, companyId, { clinics: [clinic.id] });
  const patient = await insertPatient(db, companyId);
  const service = await insertService(db, companyId, { clinicId: clinic.id, doctors: [doctor.id] });
  return { clinic: clinic.id, doctor: doctor.id, patient: patient.id, service: service.id };
}

/** The next date (at least `minDaysAhead` days from today in `timeZone`) falling on `weekday`. */
export function nextWeekday(weekday: Weekday, timeZone = 'Asia/Riyadh', minDaysAhead = 2): string {
  let date = addDays(localTime(new Date(), timeZone).date, minDaysAhead);
  while (WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] !== weekday) date = addDays(date, 1);
  return date;
}

/** The last Sunday of a month (when Europe changes its clocks: March and October). */
export function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.toISOString().slice(0, 10);
}

/** The next European clock change of a month (3 = March, 10 = October) that is still ahead. */
export function nextClockChange(month: 3 | 10): string {
  const today = new Date().toISOString().slice(0, 10);
  const year = new Date().getUTCFullYear();
  const thisYear = lastSunday(year, month);
  return thisYear > addDays(today, 2) ? thisYear : lastSunday(year + 1, month);
}
