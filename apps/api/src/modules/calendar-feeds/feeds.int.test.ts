import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '@clinic/shared';
import { appointments } from '../../db/schema/index.js';
import type { Deps } from '../../lib/app-types.js';
import { CallerCache } from '../../lib/caller-cache.js';
import { systemContext } from '../../lib/request-context.js';
import { TokenService } from '../../lib/tokens.js';
import { createAccount } from '../organisation/provision.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';
import { renderFeed } from './feeds.service.js';

/** Each event of a feed as an independent parser reads it: its instants and texts. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const vtz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(vtz));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid, summary: e.summary, start: e.startDate.toJSDate().toISOString(), tzid: e.startDate.zone?.tzid,
      localStart: e.startDate.toString(), status: v.getFirstPropertyValue('status'), url: v.getFirstPropertyValue('url'),
    };
  });
}

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let deps: Deps;
let doctorToken: string;
const ids: Record<string, string> = {};

async function insertAt(zoneDay: string, time: string, zone: string, status = 'scheduled', clinicId = ids.clinic!) {
  const startsAt = zonedInstant(zoneDay, time, zone);
  const [row] = await ctx.database.db.insert(appointments).values({
    companyId: a.companyId, publicId: `APT-${Math.random().toString(36).slice(2, 8)}`, patientId: ids.patient!, doctorId: ids.doctor!, clinicId,
    serviceId: ids.service!, reason: 'Follow-up', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), status,
  }).returning();
  return row!.id;
}

const fetchFeed = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: new URL(url).pathname, headers });

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Feeds A' });
  b = await createOrg(ctx, { name: 'Feeds B' });
  deps = { config: ctx.config, database: ctx.database, db: ctx.database.db, tokens: new TokenService(ctx.config.jwtSecret, 900), callers: new CallerCache(0) };
  const db = ctx.database.db;
  const clinic = await insertClinic(db, a.companyId, { name: 'Olaya Clinic', timeZone: 'Asia/Riyadh' });
  const berlin = await insertClinic(db, a.companyId, { name: 'Berlin Praxis', timeZone: 'Europe/Berlin' });
  const account = await createAccount(db, a.companyId, a.roleIds, {
    name: 'Dr. Sara Ali', username: 'drsara', email: 'drsara@example.test', password: TEST_PASSWORD, employeeType: 'Doctor', roleNames: ['Doctor'],
  });
  doctorToken = (await login(ctx, 'drsara', TEST_PASSWORD)).accessToken;
  const other = await insertDoctor(db, a.companyId, { name: 'Dr. Omar', clinics: [clinic.id] });
  const patient = await insertPatient(db, a.companyId, { name: 'محمد عبدالله' });
  const service = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [account.id], name: 'Consultation' });
  Object.assign(ids, { clinic: clinic.id, berlin: berlin.id, doctor: account.id, other: other.id, patient: patient.id, service: service.id });
});
afterAll(() => ctx?.close());

describe('calendar feeds', () => {
  it('gives a doctor a private feed of their appointments, in the clinic\'s zone, with initials by default', async () => {
    const day = nextWeekday('Sunday', 'Asia/Riyadh', 3);
    const booked = await insertAt(day, '09:00', 'Asia/Riyadh');
    const cancelled = await insertAt(day, '10:00', 'Asia/Riyadh', 'cancelled');
    const made = await ctx.app.inject({ method: 'POST', url: '/api/calendar-feeds', headers: auth(doctorToken), payload: { doctor: ids.doctor } });
    expect(made.statusCode, made.body).toBe(201);
    const url = body(made).data.url as string;
    expect(url).toMatch(/\/api\/calendars\/[A-Za-z0-9_-]{43}\.ics$/);

    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body).toContain('BEGIN:VTIMEZONE');
    const events = parse(res.body);
    const first = events.find((e) => e.uid === `${booked}@clinic`)!;
    expect(first.tzid).toBe('Asia/Riyadh');
    expect(first.start).toBe(zonedInstant(day, '09:00', 'Asia/Riyadh').toISOString());
    expect(first.localStart).toContain('T09:00:00');
    expect(first.summary).toBe('م. ع. · Consultation');
    expect(res.body).not.toContain('محمد عبدالله');
    expect(events.find((e) => e.uid === `${cancelled}@clinic`)!.status).toBe('CANCELLED');

    // Unchanged: the same ETag, answered 304.
    const again = await fetchFeed(url, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('shows a visit\'s reason with full names, but not once the visit\'s note is marked sensitive', async () => {
    const day = nextWeekday('Monday', 'Asia/Riyadh', 5);
    const visit = await insertAt(day, '11:00', 'Asia/Riyadh');
    const made = await ctx.app.inject({ method: 'POST', url: '/api/calendar-feeds', headers: auth(a.token), payload: { clinic: ids.clinic, showNames: true } });
    expect(made.statusCode, made.body).toBe(201);
    const url = body(made).data.url as string;
    const description = async () => {
      const v = new ICAL.Component(ICAL.parse((await fetchFeed(url)).body)).getAllSubcomponents('vevent').find((e) => e.getFirstPropertyValue('uid') === `${visit}@clinic`)!;
      return { text: String(v.getFirstPropertyValue('description')), modified: (v.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().toISOString() };
    };
    expect((await description()).text).toContain('Follow-up');

    const [encounter] = await ctx.database.query<{ id: string }>(
      `insert into encounters (company_id, kind, patient_id, doctor_id, clinic_id, appointment_id, reason, status, opened_at)
       values ($1, 'visit', $2, $3, $4, $5, 'Follow-up', 'open', now()) returning id`,
      [a.companyId, ids.patient, ids.doctor, ids.clinic, visit],
    );
    const marked = new Date(Date.now() + 60_000);
    marked.setMilliseconds(0);
    await ctx.database.query(
      `insert into encounter_notes (company_id, encounter_id, template, content, sensitive, sensitive_changed_at) values ($1, $2, '{}', '{}', true, $3)`,
      [a.companyId, encounter!.id, marked],
    );
    const after = await description();
    expect(after.text).not.toContain('Follow-up');
    // A calendar that kept the event sees it changed.
    expect(after.modified).toBe(marked.toISOString());
  });

  it('keeps 09:00 at 09:00 across a clock change', async () => {
    const before = await insertAt('2027-03-26', '09:00', 'Europe/Berlin', 'scheduled', ids.berlin);
    const after = await insertAt('2027-03-29', '09:00', 'Europe/Berlin', 'scheduled', ids.berlin);
    const made = await ctx.app.inject({ method: 'POST', url: '/api/calendar-feeds', headers: auth(a.token), payload: { clinic: ids.berlin, showNames: true } });
    expect(made.statusCode, made.body).toBe(201);
    const secret = new URL(body(made).data.url).pathname.split('/').pop()!;
    const feed = await renderFeed(deps, systemContext(ctx.app.log, 'en', 'https://clinic.example'), secret, new Date('2027-03-10T00:00:00Z'));
    const events = parse(feed!.body);
    const e1 = events.find((e) => e.uid === `${before}@clinic`)!;
    const e2 = events.find((e) => e.uid === `${after}@clinic`)!;
    expect([e1.start, e2.start]).toEqual(['2027-03-26T08:00:00.000Z', '2027-03-29T07:00:00.000Z']);
    expect([e1.localStart, e2.localStart]).toEqual(['2027-03-26T09:00:00', '2027-03-29T09:00:00']);
    expect(e1.summary).toBe('محمد عبدالله · Consultation');
    expect(e1.url).toBe(`https://clinic.example/patients/details/${ids.patient}`);
  });

  it('stops the old address at once when rotated, and every address when revoked', async () => {
    const made = body(await ctx.app.inject({ method: 'POST', url: '/api/calendar-feeds', headers: auth(doctorToken), payload: { doctor: ids.doctor } })).data;
    const rotated = await ctx.app.inject({ method: 'POST', url: `/api/calendar-feeds/${made._id}/rotate`, headers: auth(doctorToken) });
    expect(rotated.statusCode).toBe(200);
    expect((await fetchFeed(made.url)).statusCode).toBe(404);
    const fresh = body(rotated).data.url as string;
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/calendar-feeds/${made._id}`, headers: auth(doctorToken) })).statusCode).toBe(200);
    expect((await fetchFeed(fresh)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/calendars/not-a-secret.ics' })).statusCode).toBe(404);
  });

  it('lets a doctor manage only their own feed; administrators manage any; other companies none', async () => {
    const forOther = await ctx.app.inject({ method: 'POST', url: '/api/calendar-feeds', headers: auth(doctorToken), payload: { doctor: ids.other } });
    expect(forOther.statusCode).toBe(403);
    const clinicFeed = await ctx.app.inject({ method: 'POST', url: '/api/calendar-feeds', headers: auth(doctorToken), payload: { clinic: ids.clinic } });
    expect(clinicFeed.statusCode).toBe(403);
    const neither = await ctx.app.inject({ method: 'POST', url: '/api/calendar-feeds', headers: auth(a.token), payload: {} });
    expect(neither.statusCode).toBe(422);
    const byAdmin = await ctx.app.inject({ method: 'POST', url: '/api/calendar-feeds', headers: auth(a.token), payload: { doctor: ids.other } });
    expect(byAdmin.statusCode).toBe(201);
    const own = body(await ctx.app.inject({ method: 'GET', url: '/api/calendar-feeds', headers: auth(doctorToken) })).data;
    expect(own.every((f: { doctor: { _id: string } | null }) => f.doctor?._id === ids.doctor)).toBe(true);
    const strangers = await ctx.app.inject({ method: 'POST', url: '/api/calendar-feeds', headers: auth(b.token), payload: { doctor: ids.doctor } });
    expect(strangers.statusCode).toBe(404);
    const stranger = await ctx.app.inject({ method: 'POST', url: `/api/calendar-feeds/${body(byAdmin).data._id}/rotate`, headers: auth(b.token) });
    expect(stranger.statusCode).toBe(404);
  });
});
