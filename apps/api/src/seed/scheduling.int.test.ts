import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localTime } from '@clinic/shared';
import { appointments, clinics, employees, serviceDoctors, services, specializations } from '../db/schema/index.js';
import { checkBookingTime } from '../domain/scheduling/booking-rules.js';
import { insertClinic, insertDoctor, insertPatient, WEEKDAY_HOURS } from '../modules/appointments/fixtures.js';
import { createOrg, createTestContext, type TestContext } from '../test/harness.js';
import { seedScheduling } from './scheduling.js';

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

  it('books four weeks that keep every rule, with history completed or cancelled and the future scheduled', async () => {
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
      if (r.endsAt.getTime() <= now) expect(['completed', 'cancelled']).toContain(r.status);
      if (r.startsAt.getTime() > now) expect(['scheduled', 'cancelled']).toContain(r.status);
      if (r.status === 'cancelled') expect(r.cancellationReason).toBeTruthy();
    }
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
    expect(rows.filter((r) => r.status === 'cancelled' || r.status === 'scheduled').every((r) => r.arrivedAt === null)).toBe(true);
    expect(new Set(rows.map((r) => r.publicId)).size).toBe(rows.length);
    expect(rows.some((r) => r.status === 'completed') && rows.some((r) => r.status === 'scheduled') && rows.some((r) => r.status === 'cancelled')).toBe(true);
    // Overlaps would have been refused by the database itself: every kept appointment is in.
  });
});
