import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicWorkingHours, isValidTimeZone } from '@clinic/shared';
import { clinicCollections, clinics, departments } from '../db/schema/index.js';
import { auth, body, createOrg, createTestContext, type TestContext } from '../test/harness.js';
import { seedOrganisation } from './organisation.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

describe('seedOrganisation', () => {
  it('creates the company profile, 2 complexes, 4 departments and 6 clinics with valid working hours, once', async () => {
    const org = await createOrg(ctx, { plan: 'company' });
    const db = ctx.database.db;
    await seedOrganisation(db, org.companyId);
    await seedOrganisation(db, org.companyId);
    expect(await db.select().from(clinicCollections).where(eq(clinicCollections.companyId, org.companyId))).toHaveLength(2);
    expect(await db.select().from(departments).where(eq(departments.companyId, org.companyId))).toHaveLength(4);
    const rows = await db.select().from(clinics).where(eq(clinics.companyId, org.companyId)).orderBy(clinics.publicId);
    expect(rows).toHaveLength(6);
    for (const c of rows) {
      expect(clinicWorkingHours.safeParse(c.workingHours).success, c.name).toBe(true);
      expect(isValidTimeZone(c.timeZone)).toBe(true);
      expect([20, 30]).toContain(c.averageVisitMinutes);
      expect(c.departmentId && c.clinicCollectionId, c.name).toBeTruthy();
    }
    expect(rows[0]!.workingHours).toContainEqual({ day: 'Sunday', timeSlots: [{ startTime: '09:00', endTime: '13:00' }, { startTime: '16:00', endTime: '21:00' }] });
    expect(rows[0]!.workingHours).toContainEqual({ day: 'Saturday', timeSlots: [{ startTime: '10:00', endTime: '14:00' }] });
  });

  it('reads back through the API like any record', async () => {
    const org = await createOrg(ctx, { plan: 'company' });
    await seedOrganisation(ctx.database.db, org.companyId);
    const company = body(await ctx.app.inject({ method: 'GET', url: '/api/companies', headers: auth(org.token) }));
    expect(company.data[0]).toMatchObject({ name: expect.any(String), locationGoogle: { x: 24.6959, y: 46.6855 } });
    const complexes = body(await ctx.app.inject({ method: 'GET', url: '/api/cliniccollections?sortBy=name&order=asc', headers: auth(org.token) }));
    expect(complexes.data.map((c: { name: string; clinicsCount: number }) => [c.name, c.clinicsCount])).toEqual([
      ['Al Noor Jeddah Medical Complex', 3],
      ['Al Noor Olaya Medical Complex', 3],
    ]);
    const clinicList = body(await ctx.app.inject({ method: 'GET', url: '/api/clinics?limit=10', headers: auth(org.token) }));
    expect(clinicList.pagination.total_items).toBe(6);
    const details = await ctx.app.inject({ method: 'GET', url: `/api/clinics/${clinicList.data[0]._id}`, headers: auth(org.token) });
    expect(details.statusCode).toBe(200);
    expect(body(details).data.timeZone).toBe('Asia/Riyadh');
  });
});
