import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeScheduleIssues, minutesOfDay, type EmployeeWorkingHour } from '@clinic/shared';
import { clinics, employeeClinics, employees } from '../db/schema/index.js';
import { createOrg, createTestContext, type TestContext } from '../test/harness.js';
import { seedEmployees } from './employees.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

describe('seedEmployees', () => {
  it('seeds 20 doctors and 15 staff with valid schedules, even without any clinic', async () => {
    const org = await createOrg(ctx);
    await seedEmployees(ctx.database.db, org.companyId);
    const rows = await ctx.database.db.select().from(employees).where(eq(employees.companyId, org.companyId));
    expect(rows.filter((r) => r.employeeType === 'Doctor' && !r.passwordHash)).toHaveLength(20);
    expect(rows.filter((r) => r.employeeType !== 'Doctor' && !r.passwordHash)).toHaveLength(15);
    for (const r of rows) {
      expect(employeeScheduleIssues({ workingHours: r.workingHours as never, breakTimes: r.breakTimes as never, vacationRecords: r.vacationRecords as never }), r.name).toEqual([]);
      expect((r.workingHours as unknown[]).length, r.name).toBeGreaterThan(0);
    }
    expect(new Set(rows.map((r) => r.publicId)).size).toBe(rows.length);
  });

  it('keeps working hours inside the hours of the clinic each person works at', async () => {
    const org = await createOrg(ctx);
    const db = ctx.database.db;
    const hours = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => ({ day, timeSlots: [{ startTime: '10:00', endTime: '18:00' }] }));
    await db.insert(clinics).values([
      { companyId: org.companyId, publicId: 'CLN-000001', name: 'Heart Clinic', workingHours: hours },
      { companyId: org.companyId, publicId: 'CLN-000002', name: 'Kids Clinic', workingHours: hours },
    ]);
    await seedEmployees(db, org.companyId);
    const linked = await db.select({ hours: employees.workingHours, name: employees.name }).from(employees)
      .innerJoin(employeeClinics, and(eq(employeeClinics.companyId, employees.companyId), eq(employeeClinics.employeeId, employees.id)))
      .where(eq(employees.companyId, org.companyId));
    expect(linked.length).toBeGreaterThanOrEqual(35);
    for (const { hours: h, name } of linked) {
      for (const w of h as EmployeeWorkingHour[]) {
        expect(['Friday', 'Saturday'], name).not.toContain(w.day);
        expect(minutesOfDay(w.startTime), name).toBeGreaterThanOrEqual(600);
        expect(minutesOfDay(w.endTime), name).toBeLessThanOrEqual(1080);
      }
    }
  });
});
