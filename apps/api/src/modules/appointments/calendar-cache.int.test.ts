import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, calendarStamps, calendarStampsPending, clinics, employees, patients, services } from '../../db/schema/index.js';
import { eq, sql } from 'drizzle-orm';
import { addDays, zonedInstant } from '@clinic/shared';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from './fixtures.js';

/**
 * The calendar keeps its answers while nothing they show has changed, and never answers from a stale one: a booking,
 * a status change, a patient renamed (by this server or any other, straight in the database) all show at once.
 * The database raises the company's change stamp on every committed change to what a card shows: appointments
 * written or deleted, patients, doctors and services renamed, a clinic's time zone changed.
 */

const TZ = 'Asia/Riyadh';
let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
const ids: Record<string, string> = {};
const MON = nextWeekday('Monday', TZ, 3);
const week = () => `from=${encodeURIComponent(`${MON}T00:00:00+03:00`)}&to=${encodeURIComponent(`${addDays(MON, 7)}T00:00:00+03:00`)}&view=calendar&clinic=`;
const calendar = (org = a, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/appointments?${week()}${ids.clinic}`, headers: { ...auth(org.token), ...headers } });

async function insertAt(time: string, patientId = ids.patient!) {
  const startsAt = zonedInstant(MON, time, TZ);
  const [row] = await ctx.database.db.insert(appointments).values({
    companyId: a.companyId, publicId: `APT-${time.replace(':', '')}`, patientId, doctorId: ids.doctor!, clinicId: ids.clinic!, serviceId: ids.service!,
    reason: 'Check-up', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000),
  }).returning();
  return row!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Cache A' });
  b = await createOrg(ctx, { name: 'Cache B' });
  const db = ctx.database.db;
  ids.clinic = (await insertClinic(db, a.companyId, { timeZone: TZ })).id;
  ids.doctor = (await insertDoctor(db, a.companyId, { clinics: [ids.clinic] })).id;
  ids.patient = (await insertPatient(db, a.companyId, { name: 'Huda Saleh' })).id;
  ids.service = (await insertService(db, a.companyId, { clinicId: ids.clinic, doctors: [ids.doctor] })).id;
  for (const time of ['09:00', '09:30', '10:00']) await insertAt(time);
});
afterAll(() => ctx?.close());

describe('calendar answers kept while unchanged', () => {
  it('answers the same question the same way, with an ETag the browser can revalidate', async () => {
    const first = await calendar();
    const second = await calendar();
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(body(first).data).toHaveLength(3);
    const etag = second.headers.etag as string;
    expect(etag).toMatch(/^"cal-/);
    const revalidated = await calendar(a, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    const br = await calendar(a, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(body(first));
  });

  it('shows a new booking, a status change and a renamed patient at once', async () => {
    const etag = (await calendar()).headers.etag as string;
    const added = await insertAt('11:00');
    const afterBooking = await calendar(a, { 'if-none-match': etag });
    expect(afterBooking.statusCode).toBe(200);
    expect(body(afterBooking).data.map((c: { _id: string }) => c._id)).toContain(added.id);

    await ctx.database.db.update(appointments).set({ status: 'cancelled', cancellationReason: 'Ill', version: sql`${appointments.version} + 1` })
      .where(eq(appointments.id, added.id));
    const cancelled = body(await calendar()).data.find((c: { _id: string }) => c._id === added.id);
    expect(cancelled.status).toBe('cancelled');

    // Another server renames the patient: every card of theirs follows.
    await ctx.database.db.update(patients).set({ name: 'Huda Al-Saleh', version: sql`${patients.version} + 1` }).where(eq(patients.id, ids.patient!));
    const names = new Set(body(await calendar()).data.map((c: { patient: { name: string } }) => c.patient.name));
    expect([...names]).toEqual(['Huda Al-Saleh']);

    await ctx.database.db.delete(appointments).where(eq(appointments.id, added.id));
    expect(body(await calendar()).data.map((c: { _id: string }) => c._id)).not.toContain(added.id);
  });

  it('shows doctors and services renamed and a clinic moved to another time zone, straight in the database', async () => {
    const db = ctx.database.db;
    await calendar();
    await db.update(employees).set({ name: 'Dr. Samir Haddad' }).where(eq(employees.id, ids.doctor!));
    expect(new Set(body(await calendar()).data.map((c: { doctor: { name: string } }) => c.doctor.name))).toEqual(new Set(['Dr. Samir Haddad']));

    await db.update(services).set({ name: 'Follow-up visit' }).where(eq(services.id, ids.service!));
    expect(new Set(body(await calendar()).data.map((c: { service: { name: string } }) => c.service.name))).toEqual(new Set(['Follow-up visit']));

    const before = body(await calendar()).data[0].datetime as string;
    expect(before).toMatch(/\+03:00$/);
    await db.update(clinics).set({ timeZone: 'Africa/Cairo' }).where(eq(clinics.id, ids.clinic!));
    const after = body(await calendar()).data[0].datetime as string;
    expect(after).not.toBe(before);
    expect(new Date(after).getTime()).toBe(new Date(before).getTime());
    await db.update(clinics).set({ timeZone: TZ }).where(eq(clinics.id, ids.clinic!));
    expect(body(await calendar()).data[0].datetime).toBe(before);
  });

  it('raises the stamp as a transaction commits, not for a rolled-back one nor for what no card shows', async () => {
    const db = ctx.database.db;
    const stamp = async () => (await db.select().from(calendarStamps).where(eq(calendarStamps.companyId, a.companyId)))[0]?.stamp ?? 0;
    const start = await stamp();
    await db.update(patients).set({ phone: '+966500000001' }).where(eq(patients.id, ids.patient!));
    expect(await stamp()).toBe(start);
    await expect(db.transaction(async (tx) => {
      await tx.update(patients).set({ name: 'Never Kept' }).where(eq(patients.id, ids.patient!));
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await stamp()).toBe(start);
    await db.transaction(async (tx) => {
      await tx.update(appointments).set({ reason: 'Review' }).where(eq(appointments.companyId, a.companyId));
      await tx.update(patients).set({ name: 'Huda Saleh' }).where(eq(patients.id, ids.patient!));
    });
    expect(await stamp()).toBeGreaterThan(start);
    const cards = body(await calendar()).data as { reason: string; patient: { name: string } }[];
    expect(new Set(cards.map((c) => `${c.reason}/${c.patient.name}`))).toEqual(new Set(['Review/Huda Saleh']));
    expect(await db.select().from(calendarStampsPending)).toEqual([]);
  });

  // PostgreSQL only: the embedded database runs one transaction at a time whatever the stamp does.
  it.skipIf(!process.env.DATABASE_URL)('lets writers of one company commit while another\'s transaction is open, and raises the stamp for each', async () => {
    const db = ctx.database.db;
    const stamp = async () => (await db.select().from(calendarStamps).where(eq(calendarStamps.companyId, a.companyId)))[0]?.stamp ?? 0;
    const [first, second] = body(await calendar()).data as { _id: string }[];
    const start = await stamp();
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => { written = resolve; });
    const open = db.transaction(async (tx) => {
      await tx.update(appointments).set({ reason: 'Held open' }).where(eq(appointments.id, first!._id));
      written();
      await held;
    });
    await wrote;
    // Another writer of the same company commits while the first transaction is still open: nothing queues on the stamp.
    await Promise.race([
      db.update(appointments).set({ reason: 'Committed meanwhile' }).where(eq(appointments.id, second!._id)),
      new Promise((_, reject) => setTimeout(() => reject(new Error('the second writer waited on the first')), 10_000)),
    ]);
    expect(await stamp()).toBe(start + 1);
    expect(body(await calendar()).data.find((c: { _id: string }) => c._id === second!._id).reason).toBe('Committed meanwhile');
    release();
    await open;
    expect(await stamp()).toBe(start + 2);
    expect(body(await calendar()).data.find((c: { _id: string }) => c._id === first!._id).reason).toBe('Held open');
  });

  it('keeps each company\'s answers apart', async () => {
    await calendar();
    const other = await calendar(b);
    expect([200, 404, 422]).toContain(other.statusCode);
    if (other.statusCode === 200) expect(body(other).data).toEqual([]);
  });
});
