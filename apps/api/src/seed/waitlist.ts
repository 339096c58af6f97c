/**
 * Demo waitlist: at each clinic a patient waiting for one of its services, and two more at the first clinic (eight in
 * all): one urgent and two soon, each for medical care; some for a chosen doctor, some within days or hours they can
 * come. Two entries became a scheduled appointment of theirs; two were closed (the patient no longer waits). The
 * patients suit the service (children for children's care, as the bookings are). Written directly, numbered from the
 * company's waitlist counter; deterministic (a seeded generator of its own). Runs after scheduling; does nothing when
 * the company has entries.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appointments, clinics, employees, patients, serviceDoctors, services, waitlistEntries } from '../db/schema/index.js';
import { publicIdOf } from '../lib/public-id.js';
import { seededRandom } from './random.js';
import { patientsSuitedTo } from './scheduling.js';

const DAY = 86_400_000;
const URGENT_CARE = new Set(['General consultation', 'Internal medicine consultation', 'Diabetes follow-up', 'Cardiology consultation', 'Echocardiogram',
  'Pediatric consultation', 'Antenatal check-up', 'Dental check-up']);
const NOTES = ['Can come at short notice', 'Prefers mornings', 'After school hours', 'Needs an Arabic-speaking doctor', 'يفضل الفترة المسائية', ''];

export async function seedWaitlist(db: Db, companyId: string, now = new Date()): Promise<void> {
  const [any] = await db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.companyId, companyId)).limit(1);
  if (any) return;
  const rand = seededRandom(7070);
  const clinicRows = await db.select({ id: clinics.id }).from(clinics)
    .where(and(eq(clinics.companyId, companyId), eq(clinics.isActive, true))).orderBy(asc(clinics.publicId));
  const serviceRows = await db.select({ id: services.id, name: services.name, clinicId: services.clinicId }).from(services)
    .where(eq(services.companyId, companyId)).orderBy(asc(services.name), asc(services.id));
  const links = await db.select({ serviceId: serviceDoctors.serviceId, doctorId: serviceDoctors.employeeId }).from(serviceDoctors)
    .innerJoin(employees, and(eq(employees.companyId, serviceDoctors.companyId), eq(employees.id, serviceDoctors.employeeId)))
    .where(and(eq(serviceDoctors.companyId, companyId), eq(employees.isActive, true))).orderBy(asc(serviceDoctors.employeeId));
  const people = await db.select({ id: patients.id, dateOfBirth: patients.dateOfBirth, gender: patients.gender }).from(patients)
    .where(and(eq(patients.companyId, companyId), eq(patients.isActive, true))).orderBy(asc(patients.publicId));
  if (!clinicRows.length || !people.length || !serviceRows.length) return;
  const thisYear = now.getUTCFullYear();
  const suited = (serviceName: string) => patientsSuitedTo(serviceName, people, thisYear);
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const rows: Array<Omit<typeof waitlistEntries.$inferInsert, 'publicId'>> = [];

  const waiting = [...clinicRows, clinicRows[0]!, clinicRows[0]!];
  for (const clinic of waiting) {
    const offered = serviceRows.filter((s) => s.clinicId === clinic.id);
    if (!offered.length) continue;
    const service = rand.pick(offered);
    const doctors = links.filter((l) => l.serviceId === service.id).map((l) => l.doctorId);
    const morning = rand.chance(0.5);
    const timed = rand.chance(0.5);
    const created = new Date(now.getTime() - rand.int(1, 20) * DAY - rand.int(0, 8) * 3_600_000);
    rows.push({
      companyId, patientId: rand.pick(suited(service.name)).id, serviceId: service.id, clinicId: clinic.id,
      doctorId: doctors.length && rand.chance(0.4) ? rand.pick(doctors) : null,
      fromDate: rand.chance(0.5) ? day(rand.int(0, 3)) : null,
      toDate: rand.chance(0.5) ? day(rand.int(14, 30)) : null,
      // Sunday to Thursday, as the waitlist stores weekdays (0 Monday .. 6 Sunday), on some entries only.
      weekdays: rand.chance(0.3) ? [0, 1, 2, 3, 6].filter(() => rand.chance(0.5)) : [],
      timeFrom: timed ? (morning ? '09:00' : '16:00') : null,
      timeTo: timed ? (morning ? '12:00' : '20:00') : null,
      priority: 0, note: rand.pick(NOTES), status: 'open', createdAt: created, updatedAt: created,
    });
  }
  // One is urgent and two are soon, each for care that can be (a consultation or a follow-up, not a cosmetic service).
  const medical = rows.filter((r) => URGENT_CARE.has(serviceRows.find((x) => x.id === r.serviceId)!.name));
  medical.slice(0, 3).forEach((r, i) => { r.priority = i === 0 ? 2 : 1; });
  // Two that became appointments: the next scheduled visits' patients had waited for them.
  const booked = await db.select({ id: appointments.id, patientId: appointments.patientId, serviceId: appointments.serviceId, clinicId: appointments.clinicId, doctorId: appointments.doctorId, createdAt: appointments.createdAt })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.status, 'scheduled'), gt(appointments.startsAt, new Date(now.getTime() + DAY))))
    .orderBy(asc(appointments.startsAt), asc(appointments.id)).limit(2);
  for (const a of booked) {
    if (!a.serviceId) continue;
    const created = new Date(a.createdAt.getTime() - rand.int(2, 10) * DAY);
    rows.push({
      companyId, patientId: a.patientId, serviceId: a.serviceId, clinicId: a.clinicId, doctorId: null, weekdays: [], priority: 1,
      note: 'Wants the first free time', status: 'booked', appointmentId: a.id, createdAt: created, updatedAt: a.createdAt,
    });
  }
  // Two the desk closed without booking.
  for (let k = 0; k < 2; k++) {
    const offered = serviceRows.filter((s) => s.clinicId === clinicRows[(k + 1) % clinicRows.length]!.id);
    const service = rand.pick(offered.length ? offered : serviceRows);
    const created = new Date(now.getTime() - rand.int(20, 40) * DAY);
    rows.push({
      companyId, patientId: rand.pick(suited(service.name)).id, serviceId: service.id, clinicId: service.clinicId, doctorId: null, weekdays: [], priority: 0,
      note: k === 0 ? 'Booked elsewhere' : 'Felt better', status: 'closed', createdAt: created, updatedAt: new Date(created.getTime() + rand.int(3, 10) * DAY),
    });
  }
  // Numbered in the order they were added.
  rows.sort((x, y) => (x.createdAt as Date).getTime() - (y.createdAt as Date).getTime());
  for (const row of rows) await db.insert(waitlistEntries).values({ ...row, publicId: publicIdOf(companyId, 'waitlist', 'WL') });
}
