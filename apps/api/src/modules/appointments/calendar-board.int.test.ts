import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, APPOINTMENT_STATUSES, zonedInstant, zonedIso } from '@clinic/shared';
import { appointments } from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { createAccount } from '../organisation/provision.js';
import { insertClinic, insertDoctor, insertPatient, insertService, lastSunday, nextWeekday } from './fixtures.js';

const TZ = 'Asia/Riyadh';
const iso = (date: string, time: string, tz = TZ) => zonedIso(zonedInstant(date, time, tz), tz);
const CARD_KEYS = [
  '_id', 'bufferAfterMinutes', 'bufferBeforeMinutes', 'datetime', 'doctor', 'endsAt', 'overbooked', 'patient', 'publicId', 'reason', 'seriesId', 'service', 'source', 'status',
  'version',
];

let ctx: TestContext;
let a: TestOrg;
let webDist: string;
const MON = nextWeekday('Monday');
const ids = {} as Record<'clinic' | 'berlin' | 'd1' | 'd2' | 'bd' | 'service' | 'bservice', string>;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'clinic-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Clinic</title>');
  writeFileSync(path.join(webDist, 'assets', 'app.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'app.js.gz'), gzipSync(script));
  ctx = await createTestContext({ webDist });
  a = await createOrg(ctx);
  const db = ctx.database.db;
  ids.clinic = (await insertClinic(db, a.companyId, { name: 'Board Clinic', timeZone: TZ, workingHours: [] })).id;
  ids.d1 = (await insertDoctor(db, a.companyId, { name: 'Dr. Zaid', clinics: [ids.clinic], workingHours: [] })).id;
  ids.d2 = (await insertDoctor(db, a.companyId, { name: 'Dr. Amira', clinics: [ids.clinic], workingHours: [] })).id;
  ids.service = (await insertService(db, a.companyId, { clinicId: ids.clinic, name: 'Consultation', doctors: [ids.d1, ids.d2] })).id;
  ids.berlin = (await insertClinic(db, a.companyId, { name: 'Berlin', timeZone: 'Europe/Berlin', workingHours: [] })).id;
  ids.bd = (await insertDoctor(db, a.companyId, { name: 'Dr. Berlin', clinics: [ids.berlin], workingHours: [] })).id;
  ids.bservice = (await insertService(db, a.companyId, { clinicId: ids.berlin, doctors: [ids.bd] })).id;
  // Monday: 30 appointments over both doctors, with long reasons (a week's JSON well above 1 KB).
  for (let i = 0; i < 30; i++) {
    const patient = await insertPatient(db, a.companyId, { name: `Patient ${String(i).padStart(2, '0')}` });
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/appointments', headers: auth(a.token),
      payload: {
        patient: patient.id, doctor: i % 2 ? ids.d1 : ids.d2, clinic: ids.clinic, service: ids.service,
        datetime: iso(MON, `${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`), reason: `Follow-up visit number ${i}`,
      },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers: { ...auth(a.token), ...headers } });
const week = () => `from=${encodeURIComponent(iso(MON, '00:00'))}&to=${encodeURIComponent(iso(addDays(MON, 7), '00:00'))}`;

describe('calendar view', () => {
  it('answers lean cards only, in the same envelope, and full records by default', async () => {
    const res = await get(`/api/appointments?${week()}&clinic=${ids.clinic}&view=calendar`);
    expect(res.statusCode).toBe(200);
    const json = body(res);
    expect(json.data).toHaveLength(30);
    expect(json.pagination).toMatchObject({ current_page: 1, total_items: 30 });
    for (const card of json.data) expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
    expect(Object.keys(json.data[0].patient).sort()).toEqual(['_id', 'name']);
    expect(json.data[0]).toMatchObject({ datetime: `${MON}T08:00:00+03:00`, status: 'scheduled', service: { _id: ids.service, name: 'Consultation' }, version: 1 });
    // Full records of a window come a page at a time: the same 30 on one page, to compare the sizes.
    const full = body(await get(`/api/appointments?${week()}&clinic=${ids.clinic}&limit=30`));
    expect(full.data).toHaveLength(30);
    expect(full.data[0]).toHaveProperty('clinic');
    expect(full.data[0]).toHaveProperty('waitingMinutes');
    // Booked by staff; one the patient booked on the public page says so on its card and its record.
    expect(json.data[0].source).toBe('staff');
    const first = json.data[0]._id as string;
    await ctx.database.query(`update appointments set source = 'online' where id = $1`, [first]);
    const cards = body(await get(`/api/appointments?${week()}&clinic=${ids.clinic}&view=calendar`)).data as Array<{ _id: string; source: string }>;
    expect(cards.filter((c) => c.source === 'online').map((c) => c._id)).toEqual([first]);
    expect(body(await get(`/api/appointments/${first}`)).data.source).toBe('online');
    await ctx.database.query(`update appointments set source = 'staff' where id = $1`, [first]);
    expect(res.body.length).toBeLessThan(JSON.stringify(full).length / 2);
  });

  it('filters the calendar by doctor and by statuses', async () => {
    const doc = body(await get(`/api/appointments?${week()}&doctor=${ids.d1}&view=calendar`));
    expect(doc.data).toHaveLength(15);
    expect(new Set(doc.data.map((c: { doctor: { _id: string } }) => c.doctor._id))).toEqual(new Set([ids.d1]));
    expect(body(await get(`/api/appointments?${week()}&view=calendar&status=arrived,completed`)).data).toEqual([]);
    const bad = await get(`/api/appointments?${week()}&view=list`);
    expect(bad.statusCode).toBe(422);
    expect(body(bad).message.fields).toEqual({ view: 'The view must be calendar' });
  });

  it('compresses answers above 1 KB as the client accepts, and leaves small ones alone', async () => {
    const gz = await get(`/api/appointments?${week()}&view=calendar`, { 'accept-encoding': 'gzip' });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).data).toHaveLength(30);
    const br = await get(`/api/appointments?${week()}&view=calendar`, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).data).toHaveLength(30);
    const plain = await get(`/api/appointments?${week()}&view=calendar`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await get(`/api/appointments/next-free?limit=1&clinic=${ids.clinic}&service=${ids.service}`, { 'accept-encoding': 'gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves the web\'s pre-compressed assets as they are', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('console.log');
    const raw = await ctx.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toContain('console.log');
  });
});

describe('front desk board', () => {
  it('groups one clinic-local day by status, with counts, times by start then doctor', async () => {
    const db = ctx.database.db;
    const list = body(await get(`/api/appointments?${week()}&clinic=${ids.clinic}&view=calendar`)).data as Array<{ _id: string; version: number; datetime: string }>;
    const change = (id: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${id}`, headers: auth(a.token), payload });
    await change(list[0]!._id, { version: 1, status: 'arrived' });
    await change(list[1]!._id, { version: 1, status: 'arrived' });
    await change(list[1]!._id, { version: 2, status: 'in_consultation' });
    await change(list[2]!._id, { version: 1, status: 'cancelled', cancellationReason: 'Unwell' });
    // The day before, at 23:30 Riyadh time (20:30 UTC): not on Monday's board.
    const p = await insertPatient(db, a.companyId);
    const startsAt = zonedInstant(addDays(MON, -1), '23:30', TZ);
    await db.insert(appointments).values({
      companyId: a.companyId, publicId: await nextPublicId(db, a.companyId, 'appointment', 'APT'), patientId: p.id, doctorId: ids.d1, clinicId: ids.clinic,
      serviceId: ids.service, reason: 'Late', startsAt, endsAt: new Date(startsAt.getTime() + 15 * 60_000),
    });

    const res = await get(`/api/appointments/board?clinic=${ids.clinic}&date=${MON}`);
    expect(res.statusCode).toBe(200);
    const board = body(res).data;
    expect(board.clinic).toEqual({ _id: ids.clinic, name: 'Board Clinic', timeZone: TZ });
    expect(board.date).toBe(MON);
    expect(board.counts).toEqual({ requested: 0, scheduled: 27, arrived: 1, in_consultation: 1, completed: 0, no_show: 0, cancelled: 1 });
    expect(Object.keys(board.groups).sort()).toEqual([...APPOINTMENT_STATUSES].sort());
    expect(board.groups.arrived[0]).toMatchObject({ _id: list[0]!._id, waitingMinutes: 0, calledInAt: null });
    expect(board.groups.arrived[0].arrivedAt).toMatch(/\+03:00$/);
    expect(board.groups.in_consultation[0]).toMatchObject({ _id: list[1]!._id, waitingMinutes: 0 });
    expect(board.groups.cancelled[0]).toMatchObject({ _id: list[2]!._id, lateCancellation: false });
    const starts = board.groups.scheduled.map((c: { datetime: string; doctor: { name: string } }) => `${c.datetime} ${c.doctor.name}`);
    expect(starts).toEqual([...starts].sort());
    expect(body(await get(`/api/appointments/board?clinic=${ids.clinic}&date=${addDays(MON, -1)}`)).data.counts.scheduled).toBe(1);
  });

  it('uses the clinic\'s own day, also across a clock change, and today by default', async () => {
    const db = ctx.database.db;
    const day = lastSunday(2025, 10); // Berlin's 25-hour day
    const p = await insertPatient(db, a.companyId);
    for (const [time, offset] of [['00:10', '+02:00'], ['23:40', '+01:00']] as const) {
      const startsAt = new Date(`${day}T${time}:00${offset}`);
      await db.insert(appointments).values({
        companyId: a.companyId, publicId: await nextPublicId(db, a.companyId, 'appointment', 'APT'), patientId: p.id, doctorId: ids.bd, clinicId: ids.berlin,
        serviceId: ids.bservice, reason: 'Night', startsAt, endsAt: new Date(startsAt.getTime() + 15 * 60_000), status: 'completed',
      });
    }
    const board = body(await get(`/api/appointments/board?clinic=${ids.berlin}&date=${day}`)).data;
    expect(board.counts.completed).toBe(2);
    expect(board.groups.completed.map((c: { datetime: string }) => c.datetime)).toEqual([`${day}T00:10:00+02:00`, `${day}T23:40:00+01:00`]);
    const today = await get(`/api/appointments/board?clinic=${ids.berlin}`);
    expect(today.statusCode).toBe(200);
    expect(body(today).data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the visit\'s invoice and its status to those who read invoices, and nothing of it to a nurse', async () => {
    const list = body(await get(`/api/appointments?${week()}&clinic=${ids.clinic}&view=calendar&status=arrived`)).data as Array<{ _id: string }>;
    const visit = list[0]!._id;
    const invoice = await ctx.app.inject({ method: 'POST', url: `/api/invoices/from-appointment/${visit}`, headers: auth(a.token), payload: {} });
    expect(invoice.statusCode).toBe(201);
    const card = (token: string) => get(`/api/appointments/board?clinic=${ids.clinic}&date=${MON}`, auth(token))
      .then((res) => (body(res).data.groups.arrived as Array<{ _id: string; invoice: unknown }>).find((c) => c._id === visit));
    expect((await card(a.token))?.invoice).toEqual({ _id: body(invoice).data._id, status: 'draft' });
    const nurse = await createAccount(ctx.database.db, a.companyId, a.roleIds, {
      name: 'Board Nurse', username: 'board_nurse', email: 'board_nurse@a.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
    });
    expect((await card((await login(ctx, nurse.username!, TEST_PASSWORD)).accessToken))?.invoice).toBeNull();
  });

  it('refuses bad parameters with 4xx and unknown clinics with 404', async () => {
    for (const q of ['', 'clinic=x', `clinic=${ids.clinic}&date=2026-13-01`, `clinic=${ids.clinic}&date=9999-12-31`, `clinic=${ids.clinic}&date=%`]) {
      const res = await get(`/api/appointments/board?${q}`);
      expect(res.statusCode, q).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, q).toBeLessThan(500);
    }
    expect((await get('/api/appointments/board?clinic=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
