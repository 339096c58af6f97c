import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, zonedInstant, zonedIso } from '@clinic/shared';
import {
  appointments, auditLog, clinicReminderSettings, notifications, onlineBookings, patientLinkUses, patients, phoneVerifications, reminders, services,
} from '../../db/schema/index.js';
import { body, settleEvents } from '../../test/harness.js';
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
  it('marks the days with a free time to move to: the doctor\'s own days, inside the clinic\'s horizon, a range at a time', async () => {
    const slot = monday('10:30');
    const done = body(await book(await verified(), slot)).data;
    const token = encodeURIComponent(decodeURIComponent(done.icsUrl.split('token=')[1]));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
    const [from, to] = [addDays(today, 20), addDays(today, 40)];
    const res = await get(`/api/public/visit/days?token=${token}&from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const days = body(res).data.days as string[];
    // The same days the booking page offers for the visit's doctor, none past the 30-day horizon.
    const page = body(await get(`/api/public/book/${SLUG}/days?clinic=${fx.clinic.id}&service=${fx.consult.id}&doctor=${fx.omar.id}&from=${from}&to=${to}`)).data.days;
    expect(days).toEqual(page);
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((d) => d >= from && d <= addDays(today, 30))).toBe(true);
    // The visit's own day is offered (its own time is not held against it).
    expect(body(await get(`/api/public/visit/days?token=${token}&from=${slot.date}&to=${slot.date}`)).data.days).toEqual([slot.date]);
    // A reversed or too long range is refused on `to`; a token that is no link is refused.
    const reversed = await get(`/api/public/visit/days?token=${token}&from=${to}&to=${from}`);
    expect([reversed.statusCode, Object.keys(body(reversed).message.fields)]).toEqual([422, ['to']]);
    expect((await get(`/api/public/visit/days?token=${token}&from=${today}&to=${addDays(today, 90)}`)).statusCode).toBe(422);
    expect((await get(`/api/public/visit/days?token=nonsense&from=${from}&to=${to}`)).statusCode).toBe(401);
  });

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
    const off = await post('/api/public/visit/reschedule', { token: decodeURIComponent(body(moved).data.link.split('#')[1]), datetime: zonedIso(zonedInstant(date, '13:15', TZ), TZ) });
    expect(off.statusCode).toBe(422);
  });

  /** The free times the link offers on the date, other than the visit's own. */
  const freeTimes = async (token: string, date: string, own: string) => {
    const res = await get(`/api/public/visit/times?token=${encodeURIComponent(token)}&date=${date}`);
    expect(res.statusCode, res.body).toBe(200);
    return (body(res).data.times as Array<{ datetime: string }>).map((t) => t.datetime).filter((t) => t !== own);
  };
  const move = (token: string, datetime: string, lang = 'en') => post('/api/public/visit/reschedule', { token, datetime }, nextIp(), lang);
  const tokenOf = (link: string) => decodeURIComponent(link.split('#')[1]!);
  const movesOf = async (id: string) =>
    (await db().select().from(patientLinkUses).where(and(eq(patientLinkUses.appointmentId, id), eq(patientLinkUses.action, 'move')))).length;

  it('moves a visit at most twice from the links, each move answering a new link and ending the one used', async () => {
    const slot = monday('12:00');
    const done = body(await book(await verified(), slot)).data;
    const date = slot.at.slice(0, 10);
    const first = decodeURIComponent(done.icsUrl.split('token=')[1]);
    const [to1, to2, to3] = await freeTimes(first, date, slot.at);

    const m1 = await move(first, to1!);
    expect(m1.statusCode, m1.body).toBe(200);
    expect(body(m1).data).toMatchObject({ datetime: to1, status: 'scheduled', canAct: true });
    expect(body(m1).data.link).toMatch(/^https:\/\/clinic\.example\/visit#[\w.-]+$/);
    const second = tokenOf(body(m1).data.link);
    // The link used lapses with the old time: refused for the page, the times, a move and the calendar file.
    for (const res of [
      await get(`/api/public/visit?token=${encodeURIComponent(first)}`), await get(`/api/public/visit/times?token=${encodeURIComponent(first)}&date=${date}`),
      await move(first, to2!), await get(`/api/public/visit/ics?token=${encodeURIComponent(first)}`),
    ]) expect([res.statusCode, body(res).message.code], res.body).toEqual([410, 'LINK_EXPIRED']);
    // The new one works, for the new time.
    expect(body(await get(`/api/public/visit?token=${encodeURIComponent(second)}`)).data).toMatchObject({ datetime: to1, canAct: true });
    expect((await get(`/api/public/visit/ics?token=${encodeURIComponent(second)}`)).statusCode).toBe(200);

    const m2 = await move(second, to2!);
    expect(m2.statusCode, m2.body).toBe(200);
    const third = tokenOf(body(m2).data.link);

    // The third move is refused, before a time is chosen and when one is sent; nothing changes.
    const times = await get(`/api/public/visit/times?token=${encodeURIComponent(third)}&date=${date}`);
    expect([times.statusCode, body(times).message.code]).toEqual([409, 'VISIT_NOT_MOVABLE']);
    const refused = await move(third, to3!);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toEqual({
      code: 'VISIT_NOT_MOVABLE', message: 'This visit has already been moved twice online, the most allowed. To change it again, please call the clinic.',
    });
    expect(body(await move(third, to3!, 'ar')).message.message).toBe('تم تغيير موعد هذه الزيارة مرتين عبر الإنترنت، وهو الحد المسموح. لتغييره مرة أخرى يرجى الاتصال بالعيادة.');
    const [row] = await db().select().from(appointments).where(eq(appointments.publicId, done.publicId));
    expect(row!.startsAt.toISOString()).toBe(new Date(to2!).toISOString());
    expect(await movesOf(row!.id)).toBe(2);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entityId, row!.id), eq(auditLog.action, 'update')));
    expect(audits).toHaveLength(2);
    // The latest link still confirms or cancels.
    expect((await post('/api/public/visit/confirm', { token: third })).statusCode).toBe(200);
  });

  it('lets only one of simultaneous moves through, and never more than two moves in all', async () => {
    const slot = monday('10:30');
    const booked = await book(await verified(), slot, { doctor: fx.sara.id });
    expect(booked.statusCode, booked.body).toBe(201);
    const done = body(booked).data;
    const date = slot.at.slice(0, 10);
    const first = decodeURIComponent(done.icsUrl.split('token=')[1]);
    const free = await freeTimes(first, date, slot.at);
    const m1 = await move(first, free[0]!);
    expect(m1.statusCode, m1.body).toBe(200);
    const second = tokenOf(body(m1).data.link);
    const results = await Promise.all(free.slice(1, 5).map((t) => move(second, t)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The others: the visit moved under them (409), or had moved before they read it, ending their link (410).
    expect(results.filter((r) => [409, 410].includes(r.statusCode))).toHaveLength(results.length - 1);
    const [row] = await db().select().from(appointments).where(eq(appointments.publicId, done.publicId));
    expect(await movesOf(row!.id)).toBe(2);
    const third = tokenOf(body(results.find((r) => r.statusCode === 200)!).data.link);
    expect((await move(third, free[6]!)).statusCode).toBe(409);
    expect(await movesOf(row!.id)).toBe(2);
  });

  it('re-plans only the reminders still ahead after the patient\'s move: none is sent at once for a lead time passed', async () => {
    // A lead time of two weeks has passed for a visit within the week, as a day's lead time has for one within a day.
    await db().insert(clinicReminderSettings).values({ companyId: org.companyId, clinicId: fx.clinic.id, enabled: true, channels: ['sms'], leadHours: [336, 1] });
    try {
      const date = nextWeekday('Monday', TZ, 2);
      const at = zonedIso(zonedInstant(date, '16:30', TZ), TZ);
      const booked = await book(await verified(), { at }, { doctor: fx.sara.id });
      expect(booked.statusCode, booked.body).toBe(201);
      const done = body(booked).data;
      const [row] = await db().select().from(appointments).where(eq(appointments.publicId, done.publicId));
      await settleEvents(ctx);
      const token = decodeURIComponent(done.icsUrl.split('token=')[1]);
      const to = (await freeTimes(token, date, at))[0]!;
      const moved = await move(token, to);
      expect(moved.statusCode, moved.body).toBe(200);
      const now = Date.now();
      await settleEvents(ctx);
      const planned = (await db().select().from(reminders).where(and(eq(reminders.appointmentId, row!.id), eq(reminders.status, 'planned'))));
      // Only the hour's reminder of the new time; nothing due now.
      expect(planned.map((r) => r.dueAt.toISOString())).toEqual([new Date(new Date(to).getTime() - 3_600_000).toISOString()]);
      expect(planned.every((r) => r.dueAt.getTime() > now + 5 * 60_000)).toBe(true);
    } finally {
      await db().delete(clinicReminderSettings).where(and(eq(clinicReminderSettings.companyId, org.companyId), eq(clinicReminderSettings.clinicId, fx.clinic.id)));
    }
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
