import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localTime } from '@clinic/shared';
import { appointments, clinics, employees, serviceDoctors, services, specializations } from '../db/schema/index.js';
import { checkBookingTime } from '../domain/scheduling/booking-rules.js';
import { insertClinic, insertDoctor, insertPatient, WEEKDAY_HOURS } from '../modules/appointments/fixtures.js';
import { createOrg, createTestContext, seedOrgData, type TestContext } from '../test/harness.js';
import { seedScheduling } from './scheduling.js';

/** What each demo clinic treats: the services its appointments may be for. */
const DEMO_CLINIC_SERVICES: Record<string, string[]> = {
  'General Medicine Clinic': ['General consultation', 'Internal medicine consultation', 'Diabetes follow-up', 'Family medicine visit', 'Annual health check'],
  'Cardiology Clinic': ['General consultation', 'Cardiology consultation', 'Echocardiogram'],
  'Dental Clinic': ['General consultation', 'Dental check-up', 'Teeth cleaning'],
  'Paediatrics Clinic': ['General consultation', 'Pediatric consultation', 'Child vaccination'],
  "Women's Health Clinic": ['General consultation', 'Antenatal check-up', 'Pelvic ultrasound'],
  'Dermatology Clinic': ['General consultation', 'Dermatology consultation', 'Laser skin treatment'],
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('seedScheduling', () => {
  it('creates specialities only when there are no clinics, doctors or patients', async () => {
    const org = await createOrg(ctx);
    await seedScheduling(ctx.database.db, org.companyId);
    const specs = await ctx.database.db.select().from(specializations).where(eq(specializations.companyId, org.companyId));
    expect(specs.length).toBeGreaterThanOrEqual(10);
    expect(await ctx.database.db.select().from(services).where(eq(services.companyId, org.companyId))).toHaveLength(0);
  });

  it('books four weeks that keep every rule, with history completed, missed or cancelled and the future scheduled', async () => {
    const db = ctx.database.db;
    const org = await createOrg(ctx);
    const today = localTime(new Date(), 'Asia/Riyadh').date;
    const c1 = await insertClinic(db, org.companyId, {
      name: 'Olaya', workingHours: WEEKDAY_HOURS.filter((d) => d.day !== 'Friday'), holidays: [{ name: 'Founding Day', date: addDays(today, 3), reason: 'Holiday' }],
    });
    const c2 = await insertClinic(db, org.companyId, { name: 'Berlin', timeZone: 'Europe/Berlin', averageVisitMinutes: 20 });
    const week = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'];
    const d1 = await insertDoctor(db, org.companyId, { clinics: [c1.id, c2.id], workingHours: week.map((day) => ({ day, startTime: '09:00', endTime: '17:00' })), breakTimes: [{ startTime: '12:00', endTime: '12:30' }],
      vacationRecords: [{ leaveStartDate: addDays(today, 5), leaveEndDate: addDays(today, 7), leaveType: 'Vacation', status: 'Approved' }] });
    await db.update(employees).set({ jobTitle: 'Consultant Cardiologist' }).where(eq(employees.id, d1.id));
    await insertDoctor(db, org.companyId, { clinics: [c1.id], workingHours: week.map((day) => ({ day, startTime: '14:00', endTime: '18:00' })) });
    await insertDoctor(db, org.companyId, { clinics: [c2.id] });
    for (let i = 0; i < 40; i++) await insertPatient(db, org.companyId);

    await seedScheduling(db, org.companyId);

    const svc = await db.select().from(services).where(eq(services.companyId, org.companyId));
    expect(svc.map((s) => s.name)).toEqual(expect.arrayContaining(['General consultation', 'Cardiology consultation', 'Echocardiogram']));
    const links = await db.select().from(serviceDoctors).where(eq(serviceDoctors.companyId, org.companyId));
    for (const s of svc) expect(links.some((l) => l.serviceId === s.id), s.name).toBe(true);

    const rows = await db.select().from(appointments).where(eq(appointments.companyId, org.companyId));
    expect(rows.length).toBeGreaterThan(100);
    const clinicRows = await db.select().from(clinics).where(eq(clinics.companyId, org.companyId));
    const doctorRows = await db.select().from(employees).where(eq(employees.companyId, org.companyId));
    const now = Date.now();
    for (const r of rows) {
      const clinic = clinicRows.find((c) => c.id === r.clinicId)!;
      const doctor = doctorRows.find((d) => d.id === r.doctorId)!;
      expect(checkBookingTime({ startsAt: r.startsAt, endsAt: r.endsAt, now: new Date(0), clinic, doctor }), r.publicId).toBeNull();
      if (r.endsAt.getTime() <= now) expect(['completed', 'no_show', 'cancelled']).toContain(r.status);
      if (r.startsAt.getTime() > now) expect(['scheduled', 'cancelled']).toContain(r.status);
      if (r.status === 'cancelled') {
        expect(r.cancellationReason).toBeTruthy();
        // Cancelled after it was booked and not in the future; late exactly when 24 hours or less before the start.
        expect(r.cancelledAt!.getTime()).toBeGreaterThan(r.createdAt.getTime());
        expect(r.cancelledAt!.getTime()).toBeLessThanOrEqual(now);
        expect(r.lateCancellation, r.publicId).toBe(r.startsAt.getTime() - r.cancelledAt!.getTime() <= 24 * 3_600_000);
      }
      // A missed visit: marked a quarter of an hour after its start, and the patient never arrived.
      if (r.status === 'no_show') expect([r.noShowAt!.getTime() - r.startsAt.getTime(), r.arrivedAt]).toEqual([15 * 60_000, null]);
    }
    // The dashboard's no-show and late cancellation rates have something to show.
    const past = rows.filter((r) => r.endsAt.getTime() <= now && r.status !== 'cancelled');
    const missed = past.filter((r) => r.status === 'no_show').length;
    expect(missed).toBeGreaterThan(0);
    expect(missed).toBeLessThan(past.length * 0.15);
    expect(rows.some((r) => r.lateCancellation) && rows.some((r) => r.status === 'cancelled' && !r.lateCancellation)).toBe(true);
    // Completed and under-way visits carry the front desk's times: arrived 0-15 minutes before the start, called in
    // 5-30 minutes later, completed after that; so the dashboard shows arrivals and an average wait.
    const visited = rows.filter((r) => r.status === 'completed' || r.status === 'in_consultation');
    expect(visited.length).toBeGreaterThan(50);
    for (const r of visited) {
      expect(r.arrivedAt, r.publicId).toBeInstanceOf(Date);
      const early = (r.startsAt.getTime() - r.arrivedAt!.getTime()) / 60_000;
      expect(early).toBeGreaterThanOrEqual(0);
      expect(early).toBeLessThanOrEqual(15);
      const wait = (r.calledInAt!.getTime() - r.arrivedAt!.getTime()) / 60_000;
      expect(wait).toBeLessThanOrEqual(30);
      expect(r.calledInAt!.getTime()).toBeLessThanOrEqual(now);
      if (r.status === 'completed') expect(r.completedAt!.getTime()).toBeGreaterThanOrEqual(r.calledInAt!.getTime());
      else expect(r.completedAt).toBeNull();
    }
    const waits = visited.map((r) => (r.calledInAt!.getTime() - r.arrivedAt!.getTime()) / 60_000);
    expect(waits.filter((w) => w >= 5).length).toBeGreaterThan(waits.length * 0.9);
    expect(rows.filter((r) => ['cancelled', 'scheduled', 'no_show'].includes(r.status)).every((r) => r.arrivedAt === null)).toBe(true);
    expect(new Set(rows.map((r) => r.publicId)).size).toBe(rows.length);
    expect(rows.some((r) => r.status === 'completed') && rows.some((r) => r.status === 'scheduled') && rows.some((r) => r.status === 'cancelled')).toBe(true);
    // Overlaps would have been refused by the database itself: every kept appointment is in.
  });

  it('books each demo clinic only for services of what it treats: no dental check-up in General Medicine', async () => {
    const org = await createOrg(ctx);
    await seedOrgData(ctx, org.companyId);
    const booked = await ctx.database.query<{ clinic: string; service: string; service_clinic: string; n: number }>(`
      select c.name clinic, s.name service, sc.name service_clinic, count(*)::int n
        from appointments a
        join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
        join services s on s.company_id = a.company_id and s.id = a.service_id
        join clinics sc on sc.company_id = s.company_id and sc.id = s.clinic_id
       where a.company_id = $1 group by 1, 2, 3`, [org.companyId]);
    expect(booked.length).toBeGreaterThan(6);
    for (const b of booked) {
      expect(b.service_clinic, `${b.service} at ${b.clinic}`).toBe(b.clinic);
      expect(DEMO_CLINIC_SERVICES[b.clinic], `${b.service} at ${b.clinic}`).toContain(b.service);
    }
    const at = (clinic: string) => booked.filter((b) => b.clinic === clinic).map((b) => b.service);
    expect(at('General Medicine Clinic')).toEqual(expect.arrayContaining(['General consultation', 'Internal medicine consultation', 'Family medicine visit']));
    expect(at('Dental Clinic')).toEqual(expect.arrayContaining(['Dental check-up', 'Teeth cleaning']));
    // What the clinics offer (their specialities) says the same.
    const offered = await ctx.database.query<{ clinic: string; speciality: string }>(`
      select c.name clinic, s.name speciality from clinic_specializations cs
        join clinics c on c.company_id = cs.company_id and c.id = cs.clinic_id
        join specializations s on s.company_id = cs.company_id and s.id = cs.specialization_id
       where cs.company_id = $1`, [org.companyId]);
    expect(offered.filter((o) => o.clinic === 'General Medicine Clinic').map((o) => o.speciality).sort()).toEqual(['Family Medicine', 'Internal Medicine']);
    expect(offered.filter((o) => o.clinic === 'Paediatrics Clinic').map((o) => o.speciality)).toEqual(['Pediatrics']);
    // Children's services are booked for children, pregnancy care for women.
    const who = await ctx.database.query<{ service: string; oldest: number; men: number; n: number }>(`
      select s.name service, max(extract(year from age(p.date_of_birth)))::int oldest, count(*) filter (where p.gender <> 'female')::int men, count(*)::int n
        from appointments a
        join services s on s.company_id = a.company_id and s.id = a.service_id
        join patients p on p.company_id = a.company_id and p.id = a.patient_id
       where a.company_id = $1 and s.name in ('Pediatric consultation', 'Child vaccination', 'Antenatal check-up') group by 1`, [org.companyId]);
    expect(who.map((w) => w.service).sort()).toEqual(['Antenatal check-up', 'Child vaccination', 'Pediatric consultation']);
    for (const w of who) {
      if (w.service === 'Antenatal check-up') expect(w, w.service).toMatchObject({ men: 0, oldest: expect.toSatisfy((y: number) => y <= 46) });
      else expect(w.oldest, w.service).toBeLessThan(17);
    }
  });
});
