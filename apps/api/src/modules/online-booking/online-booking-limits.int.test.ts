import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { zonedInstant, zonedIso } from '@clinic/shared';
import { appointments, auditLog, notifications, onlineBookings, patients, phoneVerifications, services } from '../../db/schema/index.js';
import { body } from '../../test/harness.js';
import { nextWeekday } from '../appointments/fixtures.js';
import {
  ctx, org, sms, TZ, SLUG, nextIp, nextPhone, fx, db, get, post, askCode, monday, verified, book, insertPatientRow, useBookingPage,
} from './fixtures.js';

/**
 * The public booking page's guarantees: one transaction with its audit row, the identity number, the one-time code,
 * the limits, the last free time taken at the same moment, and moving the visit from the patient's link.
 */
useBookingPage();

describe('one transaction', () => {
  it('leaves no appointment, patient, online record or bell when the audit row cannot be written, and the code stays usable', async () => {
    const v = await verified();
    const tuesday = nextWeekday('Tuesday', TZ, 3);
    const slot = { at: zonedIso(zonedInstant(tuesday, '11:00', TZ), TZ) };
    const count = async () => ({
      appointments: (await db().select().from(appointments).where(eq(appointments.companyId, org.companyId))).length,
      patients: (await db().select().from(patients).where(eq(patients.companyId, org.companyId))).length,
      online: (await db().select().from(onlineBookings).where(eq(onlineBookings.companyId, org.companyId))).length,
      bells: (await db().select().from(notifications).where(eq(notifications.companyId, org.companyId))).length,
    });
    const before = await count();
    await ctx.database.query(`create function ob_audit_unavailable() returns trigger language plpgsql as $$ begin raise exception 'the audit log is unavailable'; end $$`);
    await ctx.database.query(`create trigger ob_audit_unavailable before insert on audit_log for each row execute function ob_audit_unavailable()`);
    try {
      expect((await book(v, slot)).statusCode).toBe(500);
    } finally {
      await ctx.database.query('drop trigger ob_audit_unavailable on audit_log');
      await ctx.database.query('drop function ob_audit_unavailable()');
    }
    expect(await count()).toEqual(before);
    expect((await book(v, slot)).statusCode).toBe(201);
  });
});

describe('the identity number', () => {
  it('is stored on a new patient when free, and kept aside (not refused) when another record has it', async () => {
    const holder = await insertPatientRow({ name: 'Identity Holder' });
    const first = await book(await verified(), monday('17:00'), { identity: '1098765432', dateOfBirth: '1970-03-03' });
    expect(first.statusCode).toBe(201);
    const taken = await book(await verified(), monday('17:30'), { identity: holder.identity, dateOfBirth: '1971-03-03' });
    expect(taken.statusCode).toBe(201);
    const [a] = await db().select().from(appointments).where(eq(appointments.publicId, body(first).data.publicId));
    const [b] = await db().select().from(appointments).where(eq(appointments.publicId, body(taken).data.publicId));
    const [pa] = await db().select().from(patients).where(eq(patients.id, a!.patientId));
    const [pb] = await db().select().from(patients).where(eq(patients.id, b!.patientId));
    expect(pa!.identity).toBe('1098765432');
    expect(pb).toMatchObject({ identity: '', details: { onlineIdentity: holder.identity } });
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
    // Within the request clinic's 14-day horizon whatever today's weekday (7 to 13 days ahead).
    const date = nextWeekday('Wednesday', TZ, 7);
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

  it('says the visit cannot move once its service is no longer offered, and does not pass a database failure off as that', async () => {
    const v = await verified();
    const slot = monday('11:00');
    const done = body(await book(v, slot)).data;
    const token = encodeURIComponent(decodeURIComponent(done.icsUrl.split('token=')[1]));
    const date = slot.at.slice(0, 10);
    // The doctors who give the service cannot be read: the page fails as a fault (500), not as "cannot move" (409).
    await ctx.database.query('alter table service_doctors rename column employee_id to employee_id_moved');
    try {
      const failed = await get(`/api/public/visit/times?token=${token}&date=${date}`);
      expect(failed.statusCode).toBe(500);
    } finally {
      await ctx.database.query('alter table service_doctors rename column employee_id_moved to employee_id');
    }
    expect((await get(`/api/public/visit/times?token=${token}&date=${date}`)).statusCode).toBe(200);
    await db().update(services).set({ isActive: false }).where(eq(services.id, fx.consult.id));
    try {
      const closed = await get(`/api/public/visit/times?token=${token}&date=${date}`);
      expect(closed.statusCode).toBe(409);
      expect(body(closed).message.code).toBe('VISIT_NOT_MOVABLE');
    } finally {
      await db().update(services).set({ isActive: true }).where(eq(services.id, fx.consult.id));
    }
  });
});
