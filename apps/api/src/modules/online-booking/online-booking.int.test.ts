import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, localTime, zonedInstant, zonedIso } from '@clinic/shared';
import { appointments, auditLog, clinicOnlineBooking, companies, notifications, onlineBookings, patients, phoneVerifications } from '../../db/schema/index.js';
import { body, createOrg, createTestContext, settleEvents, type TestContext, type TestOrg } from '../../test/harness.js';
import { startSmsGateway, type SmsGateway } from '../../test/messaging-sinks.js';
import { insertClinic, insertDoctor, insertService, nextWeekday } from '../appointments/fixtures.js';

/**
 * The public booking page: what an organisation offers, free days and times under the desk's rules, the one-time
 * code, the booking in one transaction, the limits, and the moves from the patient's link.
 */
let ctx: TestContext;
let org: TestOrg;
let sms: SmsGateway;
const TZ = 'Asia/Riyadh';
const SLUG = 'olaya-health';
let ipCounter = 0;
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let phoneCounter = 0;
const nextPhone = () => `+9665${String(10_000_000 + ++phoneCounter).slice(-8)}`;

const fx = {} as {
  clinic: { id: string }; requestClinic: { id: string }; offClinic: { id: string };
  omar: { id: string }; sara: { id: string }; hidden: { id: string }; nadia: { id: string };
  consult: { id: string }; unlisted: { id: string }; followUp: { id: string };
};
const db = () => ctx.database.db;

beforeAll(async () => {
  sms = await startSmsGateway();
  ctx = await createTestContext({ publicUrl: 'https://clinic.example', sms: { preset: 'generic', url: sms.url, auth: undefined, body: undefined, from: 'CLINIC' } });
  org = await createOrg(ctx, { name: 'Olaya Health' });
  await db().update(companies).set({ bookingSlug: SLUG, timeZone: TZ }).where(eq(companies.id, org.companyId));
  const clinic = await insertClinic(db(), org.companyId, { name: 'Olaya Clinic', timeZone: TZ });
  const requestClinic = await insertClinic(db(), org.companyId, { name: 'Malqa Clinic', timeZone: TZ });
  const offClinic = await insertClinic(db(), org.companyId, { name: 'Closed-online Clinic', timeZone: TZ });
  const omar = await insertDoctor(db(), org.companyId, { name: 'Dr. Omar', clinics: [clinic.id] });
  const sara = await insertDoctor(db(), org.companyId, { name: 'Dr. Sara', clinics: [clinic.id] });
  const hidden = await insertDoctor(db(), org.companyId, { name: 'Dr. Hidden', clinics: [clinic.id] });
  const nadia = await insertDoctor(db(), org.companyId, { name: 'Dr. Nadia', clinics: [requestClinic.id, offClinic.id] });
  const consult = await insertService(db(), org.companyId, { clinicId: clinic.id, doctors: [omar.id, sara.id, hidden.id], name: 'Consultation', durationMinutes: 30 });
  const unlisted = await insertService(db(), org.companyId, { clinicId: clinic.id, doctors: [omar.id], name: 'Surgery', durationMinutes: 60 });
  const followUp = await insertService(db(), org.companyId, { clinicId: requestClinic.id, doctors: [nadia.id], name: 'Follow-up', durationMinutes: 20 });
  await db().insert(clinicOnlineBooking).values([
    { companyId: org.companyId, clinicId: clinic.id, enabled: true, mode: 'instant', serviceIds: [consult.id], doctorIds: [omar.id, sara.id], minNoticeMinutes: 60, horizonDays: 30, maxPerPhoneDay: 2, maxPerPhoneWeek: 3 },
    { companyId: org.companyId, clinicId: requestClinic.id, enabled: true, mode: 'request', serviceIds: [followUp.id], doctorIds: [nadia.id], minNoticeMinutes: 0, horizonDays: 14, maxPerPhoneDay: 1, maxPerPhoneWeek: 4 },
    { companyId: org.companyId, clinicId: offClinic.id, enabled: false, serviceIds: [], doctorIds: [nadia.id] },
  ]);
  Object.assign(fx, { clinic, requestClinic, offClinic, omar, sara, hidden, nadia, consult, unlisted, followUp });
});
afterAll(async () => {
  await ctx.close();
  await sms.close();
});
beforeEach(() => {
  sms.requests.length = 0;
  sms.status = 200;
});

const get = (url: string, lang = 'en') => ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
const post = (url: string, payload: unknown, ip = nextIp(), lang = 'en') =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip, headers: { 'accept-language': lang } });
const askCode = (phone: string, ip = nextIp(), extra: object = {}) => post(`/api/public/book/${SLUG}/code`, { phone, ...extra }, ip);
const lastCode = () => /(\d{6})/.exec(JSON.parse(sms.requests.at(-1)!.body).text as string)![1]!;

/** A Monday ahead (each call another week), at 10:00 clinic time. */
let week = 0;
function monday(time = '10:00') {
  week += 1;
  const date = nextWeekday('Monday', TZ, 2 + (week % 3) * 7);
  return { date, at: zonedIso(zonedInstant(date, time, TZ), TZ) };
}

async function verified(phone = nextPhone()) {
  const res = await askCode(phone);
  expect(res.statusCode).toBe(202);
  return { phone, verification: body(res).data.verification as string, code: lastCode() };
}

const person = { name: 'Huda Salem', dateOfBirth: '1988-04-12', gender: 'female' };
async function book(v: { verification: string; code: string }, slot: { at: string }, extra: object = {}, ip = nextIp()) {
  return post(`/api/public/book/${SLUG}/appointments`, {
    verification: v.verification, code: v.code, clinic: fx.clinic.id, service: fx.consult.id, doctor: fx.omar.id, datetime: slot.at, ...person, ...extra,
  }, ip);
}

describe('the page', () => {
  it('shows the clinics that take online bookings with only their listed, active services and doctors, in Arabic', async () => {
    const res = await get(`/api/public/book/${SLUG}`);
    expect(res.statusCode).toBe(200);
    const site = body(res).data;
    expect(site).toMatchObject({ organisation: 'Olaya Health', language: 'ar' });
    expect(site.clinics.map((c: { name: string }) => c.name)).toEqual(['Malqa Clinic', 'Olaya Clinic']);
    const olaya = site.clinics.find((c: { name: string }) => c.name === 'Olaya Clinic');
    expect(olaya).toMatchObject({ timeZone: TZ, firstWeekday: 0, hijri: 'off', mode: 'instant', minNoticeMinutes: 60, horizonDays: 30 });
    expect(olaya.services.map((s: { name: string }) => s.name)).toEqual(['Consultation']);
    expect(olaya.doctors.map((d: { name: string }) => d.name)).toEqual(['Dr. Omar', 'Dr. Sara']);
    expect(olaya.doctors[0].services).toEqual([fx.consult.id]);
  });

  it('answers a translated 404 for an unknown address and for a closed organisation', async () => {
    const unknown = await get('/api/public/book/no-such-page', 'ar');
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message.code).toBe('BOOKING_PAGE_NOT_FOUND');
    expect(body(unknown).message.message).toBe('لا توجد صفحة حجز على هذا العنوان');
    const closed = await createOrg(ctx, { name: 'Gone Clinic' });
    await db().update(companies).set({ bookingSlug: 'gone-clinic', closedAt: new Date() }).where(eq(companies.id, closed.companyId));
    for (const url of ['/api/public/book/gone-clinic', `/api/public/book/gone-clinic/days?clinic=${fx.clinic.id}&service=${fx.consult.id}&from=2030-01-01&to=2030-01-02`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(body(res).message.code).toBe('BOOKING_PAGE_NOT_FOUND');
    }
  });
});

describe('free days and times', () => {
  it('offers the rule engine\'s free times of the listed doctors ("any doctor": both), never a taken one', async () => {
    const { date } = monday();
    const url = `/api/public/book/${SLUG}/times?clinic=${fx.clinic.id}&service=${fx.consult.id}&date=${date}`;
    const all = body(await get(url)).data;
    expect(all.timeZone).toBe(TZ);
    const at10 = zonedIso(zonedInstant(date, '10:00', TZ), TZ);
    expect(all.times.filter((t: { datetime: string }) => t.datetime === at10).map((t: { doctor: { name: string } }) => t.doctor.name)).toEqual(['Dr. Omar', 'Dr. Sara']);
    // The clinic's break (13:00-14:00) and hours (to 18:00) hold; the unlisted doctor is never offered.
    expect(all.times.some((t: { datetime: string }) => t.datetime.slice(11, 16) === '13:00' || t.datetime.slice(11, 16) === '17:45')).toBe(false);
    expect(all.times.some((t: { doctor: { name: string } }) => t.doctor.name === 'Dr. Hidden')).toBe(false);
    // A staff booking holds Dr. Omar's 10:00.
    const staff = await ctx.app.inject({
      method: 'POST', url: '/api/appointments', headers: { authorization: `Bearer ${org.token}` },
      payload: { patient: (await insertPatientRow()).id, doctor: fx.omar.id, clinic: fx.clinic.id, service: fx.consult.id, datetime: at10, reason: 'Check-up' },
    });
    expect(staff.statusCode).toBe(201);
    const omar = body(await get(`${url}&doctor=${fx.omar.id}`)).data.times.map((t: { datetime: string }) => t.datetime);
    expect(omar).not.toContain(at10);
    expect(omar).toContain(zonedIso(zonedInstant(date, '10:30', TZ), TZ));
  });

  it('keeps to the notice and the horizon, and skips holidays', async () => {
    const today = localTime(new Date(), TZ).date;
    const url = (from: string, to: string) => `/api/public/book/${SLUG}/days?clinic=${fx.clinic.id}&service=${fx.consult.id}&from=${from}&to=${to}`;
    const days: string[] = body(await get(url(today, addDays(today, 61)))).data.days;
    expect(days.length).toBeGreaterThan(20);
    expect(days.every((d) => d <= addDays(today, 30))).toBe(true);
    const holiday = nextWeekday('Wednesday', TZ, 3);
    await db().execute(sql`update clinics set holidays = ${JSON.stringify([{ name: 'Founding Day', date: holiday, reason: 'Holiday' }])}::jsonb where id = ${fx.clinic.id}`);
    const around: string[] = body(await get(url(addDays(holiday, -1), addDays(holiday, 1)))).data.days;
    expect(around).toEqual([addDays(holiday, -1), addDays(holiday, 1)]);
    // Today: nothing earlier than an hour from now.
    const times = body(await get(`/api/public/book/${SLUG}/times?clinic=${fx.clinic.id}&service=${fx.consult.id}&date=${today}`)).data.times;
    expect(times.every((t: { datetime: string }) => Date.parse(t.datetime) >= Date.now() + 59 * 60_000)).toBe(true);
  });

  it('bounds the days asked, and refuses a service or doctor not offered online', async () => {
    const res = await get(`/api/public/book/${SLUG}/days?clinic=${fx.clinic.id}&service=${fx.consult.id}&from=2030-01-01&to=2030-03-05`);
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields.to).toBe('Ask for at most 62 days at a time');
    for (const q of [`service=${fx.unlisted.id}`, `service=${fx.consult.id}&doctor=${fx.hidden.id}`]) {
      const r = await get(`/api/public/book/${SLUG}/times?clinic=${fx.clinic.id}&${q}&date=2030-01-07`);
      expect(r.statusCode).toBe(404);
      expect(body(r).message.code).toBe('BOOKING_OFFER_NOT_FOUND');
    }
    const off = await get(`/api/public/book/${SLUG}/times?clinic=${fx.offClinic.id}&service=${fx.followUp.id}&date=2030-01-07`);
    expect(off.statusCode).toBe(404);
  });
});

async function insertPatientRow(opts: { phone?: string; dateOfBirth?: string; name?: string } = {}) {
  const { insertPatient } = await import('../appointments/fixtures.js');
  const p = await insertPatient(db(), org.companyId, { name: opts.name ?? 'Walk-in' });
  if (opts.phone) await db().update(patients).set({ phone: opts.phone, dateOfBirth: opts.dateOfBirth ?? '1990-01-05' }).where(eq(patients.id, p.id));
  return p;
}

describe('booking', () => {
  it('books with the code in one step: a self-registered patient, the online record, the audit, the bell, the link and the calendar file', async () => {
    const v = await verified();
    expect(JSON.parse(sms.requests.at(-1)!.body).to).toBe(v.phone);
    const slot = monday('11:00');
    const res = await book(v, slot);
    expect(res.statusCode).toBe(201);
    const done = body(res).data;
    expect(done).toMatchObject({ status: 'scheduled', datetime: slot.at, timeZone: TZ, clinic: 'Olaya Clinic', doctor: 'Dr. Omar', service: 'Consultation' });
    expect(done.link).toMatch(/^https:\/\/clinic\.example\/visit#/);
    const [a] = await db().select().from(appointments).where(and(eq(appointments.companyId, org.companyId), eq(appointments.publicId, done.publicId)));
    expect(a).toMatchObject({ status: 'scheduled', source: 'online', createdBy: null });
    const [p] = await db().select().from(patients).where(eq(patients.id, a!.patientId));
    expect(p).toMatchObject({ name: 'Huda Salem', phone: v.phone, selfRegistered: true, incomplete: true, identity: '' });
    expect(await db().select().from(onlineBookings).where(eq(onlineBookings.appointmentId, a!.id))).toHaveLength(1);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, a!.id)));
    expect(audit).toMatchObject({ action: 'create', actorId: null });
    expect(audit!.changes).toMatchObject({ by: 'patient', source: 'online' });
    await settleEvents(ctx);
    const bells = await db().select().from(notifications).where(and(eq(notifications.companyId, org.companyId), eq(notifications.entityId, a!.id)));
    expect(bells.map((b) => b.kind)).toEqual(['online_booking']);
    expect(bells[0]!.recipientId).toBe(org.adminId);
    expect(bells[0]!.params).toMatchObject({ requested: 'false', datetime: slot.at });
    // The patient's link shows the visit; its calendar file is the visit in the clinic's zone.
    const token = decodeURIComponent(done.icsUrl.split('token=')[1]);
    const view = body(await get(`/api/public/visit?token=${encodeURIComponent(token)}`)).data;
    expect(view).toMatchObject({ status: 'scheduled', canAct: true, doctor: 'Dr. Omar' });
    const ics = await get(`/api/public/visit/ics?token=${encodeURIComponent(token)}`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain(`DTSTART;TZID=${TZ}:${slot.at.slice(0, 10).replace(/-/g, '')}T110000`);
  });

  it('asks the desk first at a clinic in request mode; the link can cancel it but not confirm it', async () => {
    const v = await verified();
    const date = nextWeekday('Tuesday', TZ, 3);
    const res = await book(v, { at: zonedIso(zonedInstant(date, '09:00', TZ), TZ) }, { clinic: fx.requestClinic.id, service: fx.followUp.id, doctor: fx.nadia.id });
    expect(res.statusCode).toBe(201);
    expect(body(res).data.status).toBe('requested');
    expect(body(res).message).toBe('Your request was sent; the clinic will confirm it');
    const token = decodeURIComponent(body(res).data.icsUrl.split('token=')[1]);
    expect(body(await get(`/api/public/visit?token=${encodeURIComponent(token)}`)).data).toMatchObject({ status: 'requested', canAct: true });
    const confirm = await post('/api/public/visit/confirm', { token });
    expect(confirm.statusCode).toBe(409);
  });

  it('finds the known patient by number and date of birth, and answers exactly as for an unknown number', async () => {
    const phone = nextPhone();
    const known = await insertPatientRow({ phone, dateOfBirth: person.dateOfBirth, name: 'Huda S.' });
    const a = await askCode(phone);
    const b = await askCode(nextPhone());
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(Object.keys(body(a).data).sort()).toEqual(Object.keys(body(b).data).sort());
    expect(body(a).message).toBe(body(b).message);
    const res = await book({ verification: body(a).data.verification, code: /(\d{6})/.exec(JSON.parse(sms.requests.at(-2)!.body).text)![1]! }, monday('12:00'));
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(appointments).where(eq(appointments.publicId, body(res).data.publicId));
    expect(row!.patientId).toBe(known.id);
    const unknown = await book({ verification: body(b).data.verification, code: lastCode() }, monday('12:30'));
    expect(Object.keys(body(unknown).data).sort()).toEqual(Object.keys(body(res).data).sort());
  });
});

describe('the code', () => {
  it('works once: replayed, it is refused', async () => {
    const v = await verified();
    expect((await book(v, monday('14:00'))).statusCode).toBe(201);
    const again = await book(v, monday('14:30'));
    expect(again.statusCode).toBe(409);
    expect(body(again).message.code).toBe('CODE_USED');
  });

  it('counts wrong tries (saying how many are left) and closes after five, even for the right code', async () => {
    const v = await verified();
    const wrong = v.code === '000000' ? '111111' : '000000';
    const left: string[] = [];
    for (let i = 0; i < 4; i++) left.push(body(await book({ ...v, code: wrong }, monday())).message.message);
    expect(left).toEqual(['That code is not right. 4 tries left.', 'That code is not right. 3 tries left.', 'That code is not right. 2 tries left.', 'That code is not right. 1 try left.']);
    const fifth = await book({ ...v, code: wrong }, monday());
    expect(fifth.statusCode).toBe(429);
    const right = await book(v, monday());
    expect(right.statusCode).toBe(429);
    expect(body(right).message.code).toBe('CODE_TRIES_EXHAUSTED');
  });

  it('expires after five minutes', async () => {
    const v = await verified();
    await db().update(phoneVerifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(phoneVerifications.id, v.verification));
    const res = await book(v, monday('15:00'), {}, nextIp());
    expect(res.statusCode).toBe(410);
    expect(body(res).message.message).toBe('This code has expired. Please ask for a new one.');
  });

  it('is stored only as a hash', async () => {
    const v = await verified();
    const [row] = await db().select().from(phoneVerifications).where(eq(phoneVerifications.id, v.verification));
    expect(row!.codeHash).not.toContain(v.code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('limits', () => {
  it('sends at most three codes per number per hour, saying when to try again (in Arabic with its plural)', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 3; i++) expect((await askCode(phone)).statusCode).toBe(202);
    const fourth = await ctx.app.inject({ method: 'POST', url: `/api/public/book/${SLUG}/code`, payload: { phone }, remoteAddress: nextIp(), headers: { 'accept-language': 'ar' } });
    expect(fourth.statusCode).toBe(429);
    expect(body(fourth).message.code).toBe('CODE_LIMIT_PHONE');
    expect(body(fourth).message.message).toBe('طُلبت رموز كثيرة لهذا الرقم. يرجى المحاولة مرة أخرى بعد 60 دقيقة.');
    expect(fourth.headers['retry-after']).toBe('3600');
    expect(sms.requests).toHaveLength(3);
  });

  it('sends at most three codes per address per hour', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await askCode(nextPhone(), ip)).statusCode).toBe(202);
    const fourth = await askCode(nextPhone(), ip);
    expect(fourth.statusCode).toBe(429);
    expect(body(fourth).message.code).toBe('CODE_LIMIT_ADDRESS');
    expect(body(fourth).message.message).toBe('Too many codes were asked from this connection. Please try again in 60 minutes.');
  });

  it('holds the clinic\'s bookings per number per day', async () => {
    const phone = nextPhone();
    const date = nextWeekday('Wednesday', TZ, 10);
    const at = (t: string) => ({ at: zonedIso(zonedInstant(date, t, TZ), TZ) });
    const req = { clinic: fx.requestClinic.id, service: fx.followUp.id, doctor: fx.nadia.id };
    expect((await book(await verified(phone), at('09:00'), req)).statusCode).toBe(201);
    const second = await book(await verified(phone), at('10:00'), req);
    expect(second.statusCode).toBe(429);
    expect(body(second).message.code).toBe('BOOKING_LIMIT_DAY');
    expect(body(second).message.message).toContain('1 online booking at this clinic in the last 24 hours');
  });

  it('says plainly that online booking needs text messages when none are set up', async () => {
    const url = ctx.config.sms.url;
    ctx.config.sms.url = undefined;
    try {
      const res = await askCode(nextPhone());
      expect(res.statusCode).toBe(503);
      expect(body(res).message.code).toBe('TEXT_CHANNEL_MISSING');
    } finally {
      ctx.config.sms.url = url;
    }
  });
});

describe('the last free time', () => {
  it('goes to exactly one of two patients booking it at the same moment; the other may pick another with the same code', async () => {
    const [a, b] = await Promise.all([verified(), verified()]);
    const slot = monday('16:00');
    const results = await Promise.all([book(a!, slot, { name: 'First' }), book(b!, slot, { name: 'Second', dateOfBirth: '1991-02-02' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(body(loser).message.message).toBe('This time was just taken. Please choose another.');
    const at = new Date(slot.at);
    const held = await db().select().from(appointments).where(and(eq(appointments.doctorId, fx.omar.id), eq(appointments.startsAt, at)));
    expect(held).toHaveLength(1);
    const retry = await book(results[0]!.statusCode === 409 ? a! : b!, { at: zonedIso(new Date(at.getTime() + 30 * 60_000), TZ) }, { dateOfBirth: '1991-02-02' });
    expect(retry.statusCode).toBe(201);
  });
});

describe('moving the visit from the link', () => {
  it('offers free times of the same doctor and moves the visit in one step, audited as the patient\'s', async () => {
    const v = await verified();
    const slot = monday('09:00');
    const done = body(await book(v, slot)).data;
    const token = decodeURIComponent(done.icsUrl.split('token=')[1]);
    const date = slot.at.slice(0, 10);
    const times = body(await get(`/api/public/visit/times?token=${encodeURIComponent(token)}&date=${date}`)).data.times;
    expect(times.every((t: { doctor: { name: string } }) => t.doctor.name === 'Dr. Omar')).toBe(true);
    // Its own time is not held against it.
    expect(times.map((t: { datetime: string }) => t.datetime)).toContain(slot.at);
    const moved = await post('/api/public/visit/reschedule', { token, datetime: zonedIso(zonedInstant(date, '15:00', TZ), TZ) });
    expect(moved.statusCode).toBe(200);
    expect(body(moved).data.datetime).toBe(zonedIso(zonedInstant(date, '15:00', TZ), TZ));
    const [row] = await db().select().from(appointments).where(eq(appointments.publicId, done.publicId));
    expect(row!.startsAt.toISOString()).toBe(zonedInstant(date, '15:00', TZ).toISOString());
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entityId, row!.id), eq(auditLog.action, 'update')));
    expect(audits[0]).toMatchObject({ actorId: null });
    const off = await post('/api/public/visit/reschedule', { token, datetime: zonedIso(zonedInstant(date, '13:15', TZ), TZ) });
    expect(off.statusCode).toBe(422);
  });
});
