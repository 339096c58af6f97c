import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { clinicOnlineBooking, clinics, companies, patients, phoneVerifications } from '../../db/schema/index.js';
import { body, createOrg } from '../../test/harness.js';
import { insertClinic } from '../appointments/fixtures.js';
import {
  ctx, org, sms, SLUG, nextIp, nextPhone, db, post, askCode, monday, verified, book, insertPatientRow, useBookingPage, fx, person,
} from './fixtures.js';

/**
 * What the public booking page must not give away: texts without bound (many addresses of one IPv6 block, one
 * organisation's budget, an organisation that books nothing online), an inactive patient's name, the link tokens in
 * the server's logs.
 */
useBookingPage();

describe('the limits on sending codes', () => {
  it('counts the addresses of one IPv6 /64 as one address (and an IPv4-mapped address as its IPv4 address)', async () => {
    const ips = ['2001:db8:77:1::1', '2001:db8:77:1:ffff:ffff:ffff:fffe', '2001:db8:77:1:1234:5678:9abc:def0'];
    for (const ip of ips) expect((await askCode(nextPhone(), ip)).statusCode).toBe(202);
    const fourth = await askCode(nextPhone(), '2001:db8:77:1:aaaa::42');
    expect(fourth.statusCode).toBe(429);
    expect(body(fourth).message.code).toBe('CODE_LIMIT_ADDRESS');
    expect(sms.requests).toHaveLength(3);
    // Another /64 is another connection.
    expect((await askCode(nextPhone(), '2001:db8:77:2::1')).statusCode).toBe(202);
    const v4 = nextIp();
    for (const ip of [v4, `::ffff:${v4}`, v4]) expect((await askCode(nextPhone(), ip)).statusCode).toBe(202);
    expect((await askCode(nextPhone(), `::ffff:${v4}`)).statusCode).toBe(429);
  });

  it('holds the organisation\'s hourly budget of codes, whatever the numbers and addresses, and sends nothing past it', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const sent = (await db().select().from(phoneVerifications)
      .where(and(eq(phoneVerifications.companyId, org.companyId), gt(phoneVerifications.createdAt, hourAgo)))).length;
    const budget = ctx.config.onlineBookingCodesPerHour;
    expect(budget).toBe(300);
    ctx.config.onlineBookingCodesPerHour = sent + 2;
    try {
      for (let i = 0; i < 2; i++) expect((await askCode(nextPhone())).statusCode).toBe(202);
      const next = await askCode(nextPhone());
      expect(next.statusCode).toBe(429);
      expect(body(next).message.message).toBe('Online booking is very busy just now. Please try again in 60 minutes, or call the clinic to book.');
      expect(next.headers['retry-after']).toBe('3600');
      const ar = await post(`/api/public/book/${SLUG}/code`, { phone: nextPhone() }, nextIp(), 'ar');
      expect(ar.statusCode).toBe(429);
      expect(body(ar).message.message).toBe('الحجز عبر الإنترنت مزدحم جدًا الآن. يرجى المحاولة مرة أخرى بعد 60 دقيقة، أو الاتصال بالعيادة للحجز.');
      expect(sms.requests).toHaveLength(2);
      // Concurrent requests cannot pass it either (the count is taken under the organisation's lock).
      ctx.config.onlineBookingCodesPerHour = sent + 5;
      const burst = await Promise.all(Array.from({ length: 6 }, () => askCode(nextPhone())));
      expect(burst.map((r) => r.statusCode).sort()).toEqual([202, 202, 202, 429, 429, 429]);
      expect(sms.requests).toHaveLength(5);
    } finally {
      ctx.config.onlineBookingCodesPerHour = budget;
    }
  });

  it('sends no code for an organisation none of whose clinics takes online bookings', async () => {
    const other = await createOrg(ctx, { name: 'Offline Clinic Group' });
    await db().update(companies).set({ bookingSlug: 'offline-group' }).where(eq(companies.id, other.companyId));
    const clinic = await insertClinic(db(), other.companyId, { name: 'Offline Clinic' });
    await db().insert(clinicOnlineBooking).values({ companyId: other.companyId, clinicId: clinic.id, enabled: false, serviceIds: [], doctorIds: [] });
    const ask = (lang: string) => post('/api/public/book/offline-group/code', { phone: nextPhone() }, nextIp(), lang);
    const res = await ask('en');
    expect(res.statusCode).toBe(404);
    expect(body(res).message.code).toBe('BOOKING_OFFER_NOT_FOUND');
    expect(body(res).message.message).toBe('This organisation does not take bookings online at the moment. Please call the clinic to book.');
    expect(body(await ask('ar')).message.message).toBe('لا تقبل هذه المنشأة الحجز عبر الإنترنت حاليًا. يرجى الاتصال بالعيادة للحجز.');
    // Turned on, but the clinic itself is inactive: still nothing to book.
    await db().update(clinicOnlineBooking).set({ enabled: true }).where(eq(clinicOnlineBooking.companyId, other.companyId));
    await db().update(clinics).set({ isActive: false }).where(eq(clinics.id, clinic.id));
    expect((await ask('en')).statusCode).toBe(404);
    expect(sms.requests).toHaveLength(0);
    expect(await db().select().from(phoneVerifications).where(eq(phoneVerifications.companyId, other.companyId))).toHaveLength(0);
  });
});

describe('an inactive patient', () => {
  it('is refused without being named, in English and Arabic, and the code stays usable', async () => {
    const phone = nextPhone();
    const holder = await insertPatientRow({ phone, dateOfBirth: person.dateOfBirth, name: 'Zainab Qahtani' });
    await db().update(patients).set({ isActive: false }).where(eq(patients.id, holder.id));
    const v = await verified(phone);
    const slot = monday('12:00');
    const payload = { verification: v.verification, code: v.code, clinic: fx.clinic.id, service: fx.consult.id, doctor: fx.omar.id, datetime: slot.at, ...person };
    const en = await post(`/api/public/book/${SLUG}/appointments`, payload, nextIp(), 'en');
    expect(en.statusCode).toBe(409);
    expect(en.body).not.toContain('Zainab');
    expect(en.body).not.toContain('Qahtani');
    expect(body(en).message).toEqual({ code: 'ONLINE_BOOKING_REFUSED', message: 'We could not book this visit online. Please call the clinic to book.' });
    const ar = await post(`/api/public/book/${SLUG}/appointments`, payload, nextIp(), 'ar');
    expect(ar.statusCode).toBe(409);
    expect(ar.body).not.toContain('Zainab');
    expect(body(ar).message.message).toBe('تعذّر حجز هذه الزيارة عبر الإنترنت. يرجى الاتصال بالعيادة للحجز.');
    // An active patient of another birth date on the same number books as before.
    expect((await book(v, slot, { dateOfBirth: '1999-09-09' })).statusCode).toBe(201);
  });
});

describe('the server log', () => {
  it('never holds a link token: the request line\'s URL has it redacted, the rest kept', async () => {
    const done = body(await book(await verified(), monday('09:30'))).data;
    const token = decodeURIComponent(done.icsUrl.split('token=')[1]);
    const lines: string[] = [];
    const logged = await buildApp({ ...ctx.config, logLevel: 'info' }, ctx.database, { logStream: { write: (line) => void lines.push(line) } });
    await logged.ready();
    try {
      const t = encodeURIComponent(token);
      expect((await logged.inject({ method: 'GET', url: `/api/public/visit?token=${t}` })).statusCode).toBe(200);
      expect((await logged.inject({ method: 'GET', url: `/api/public/visit/ics?token=${t}` })).statusCode).toBe(200);
      await logged.inject({ method: 'GET', url: `/api/public/visit/times?date=${done.datetime.slice(0, 10)}&token=${t}` });
      await logged.inject({ method: 'GET', url: `/api/public/queue?token=${t}` });
    } finally {
      await logged.close();
    }
    const entries = lines.map((l) => JSON.parse(l) as { msg: string; req?: { method: string; url: string; remoteAddress: string } });
    const urls = entries.filter((e) => e.msg === 'incoming request').map((e) => e.req!.url);
    expect(urls).toEqual([
      '/api/public/visit?token=[redacted]',
      '/api/public/visit/ics?token=[redacted]',
      `/api/public/visit/times?date=${done.datetime.slice(0, 10)}&token=[redacted]`,
      '/api/public/queue?token=[redacted]',
    ]);
    expect(entries.find((e) => e.msg === 'incoming request')!.req).toMatchObject({ method: 'GET', remoteAddress: '127.0.0.1' });
    for (const secret of [token, encodeURIComponent(token), token.split('.').at(-1)!]) expect(lines.join('\n')).not.toContain(secret);
  });
});
