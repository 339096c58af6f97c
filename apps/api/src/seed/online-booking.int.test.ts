import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, clinicOnlineBooking, companies, onlineBookings, patients } from '../db/schema/index.js';
import { body, createOrg, createTestContext, type TestContext } from '../test/harness.js';
import { seedEmployees } from './employees.js';
import { seedOnlineBooking, slugOf } from './online-booking.js';
import { seedOrganisation } from './organisation.js';
import { seedPatients } from './patients.js';
import { seedScheduling } from './scheduling.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('seedOnlineBooking', () => {
  it('slugifies a name into a booking address', () => {
    expect(slugOf('Al Noor Medical Group')).toBe('al-noor-medical-group');
    expect(slugOf('مجمع النور')).toBe('clinic-page');
  });

  it('gives the demo a public page with two clinics (one asking the desk first), online bookings and a self-registered patient', async () => {
    const db = ctx.database.db;
    const org = await createOrg(ctx, { name: 'Seeded Online Group' });
    await seedOrganisation(db, org.companyId);
    await seedEmployees(db, org.companyId);
    await seedPatients(db, org.companyId);
    await seedScheduling(db, org.companyId);
    await seedOnlineBooking(db, org.companyId);
    const [company] = await db.select().from(companies).where(eq(companies.id, org.companyId));
    expect(company!.bookingSlug).toBe('seeded-online-group');
    const settings = await db.select().from(clinicOnlineBooking).where(eq(clinicOnlineBooking.companyId, org.companyId));
    expect(settings.map((s) => s.mode).sort()).toEqual(['instant', 'request']);
    const online = await db.select().from(appointments).where(and(eq(appointments.companyId, org.companyId), eq(appointments.source, 'online')));
    // Two bookings at each clinic, whichever times the seeded patients already hold.
    const perClinic = new Map<string, number>();
    for (const a of online) perClinic.set(a.clinicId, (perClinic.get(a.clinicId) ?? 0) + 1);
    expect([...perClinic.values()]).toEqual([2, 2]);
    expect(online.filter((a) => a.status === 'requested')).toHaveLength(2);
    expect(await db.select().from(onlineBookings).where(eq(onlineBookings.companyId, org.companyId))).toHaveLength(online.length);
    expect(await db.select().from(patients).where(and(eq(patients.companyId, org.companyId), eq(patients.selfRegistered, true)))).toHaveLength(1);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/public/book/seeded-online-group' });
    expect(page.statusCode).toBe(200);
    expect(body(page).data.clinics).toHaveLength(2);
    expect(body(page).data.language).toBe('ar');
  });
});
