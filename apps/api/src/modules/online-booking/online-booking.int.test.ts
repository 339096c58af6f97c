import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, localTime, zonedInstant, zonedIso } from '@clinic/shared';
import { appointments, auditLog, clinicOnlineBooking, clinics, companies, notifications, onlineBookings, patients, services } from '../../db/schema/index.js';
import { body, createOrg, settleEvents } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertService, nextWeekday } from '../appointments/fixtures.js';
import {
  ctx, org, sms, TZ, SLUG, nextPhone, fx, db, get, post, askCode, lastCode, monday, verified, person, book, insertPatientRow, useBookingPage,
} from './fixtures.js';

/**
 * The public booking page: what an organisation offers, free days and times under the desk's rules, the one-time
 * code, the booking in one transaction, the limits, and the moves from the patient's link.
 */
useBookingPage();

describe('the page', () => {
  it('shows the clinics that take online bookings with only their listed, active services and doctors, in Arabic', async () => {
    const res = await get(`/api/public/book/${SLUG}`);
    expect(res.statusCode).toBe(200);
    const site = body(res).data;
    expect(site).toMatchObject({ organisation: 'Olaya Health', language: 'ar', currency: 'SAR' });
    expect(site.clinics.map((c: { name: string }) => c.name)).toEqual(['Malqa Clinic', 'Olaya Clinic']);
    const olaya = site.clinics.find((c: { name: string }) => c.name === 'Olaya Clinic');
    expect(olaya).toMatchObject({ timeZone: TZ, firstWeekday: 0, hijri: 'off', mode: 'instant', minNoticeMinutes: 60, horizonDays: 30 });
    expect(olaya.services.map((s: { name: string }) => s.name)).toEqual(['Consultation']);
    expect(olaya.doctors.map((d: { name: string }) => d.name)).toEqual(['Dr. Omar', 'Dr. Sara']);
    expect(olaya.doctors[0].services).toEqual([fx.consult.id]);
  });

  it('says how long a visit of a service without its own length is booked for: the clinic\'s usual visit', async () => {
    await db().update(services).set({ durationMinutes: null }).where(eq(services.id, fx.consult.id));
    await db().update(clinics).set({ averageVisitMinutes: 25 }).where(eq(clinics.id, fx.clinic.id));
    try {
      const olaya = body(await get(`/api/public/book/${SLUG}`)).data.clinics.find((c: { name: string }) => c.name === 'Olaya Clinic');
      expect(olaya.services).toEqual([expect.objectContaining({ name: 'Consultation', durationMinutes: 25 })]);
    } finally {
      await db().update(services).set({ durationMinutes: 30 }).where(eq(services.id, fx.consult.id));
      await db().update(clinics).set({ averageVisitMinutes: 30 }).where(eq(clinics.id, fx.clinic.id));
    }
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

describe('one organisation per page', () => {
  it('refuses another organisation\'s clinic, even one taking online bookings, as not offered', async () => {
    const other = await createOrg(ctx, { name: 'Other Group' });
    const clinic = await insertClinic(db(), other.companyId, { timeZone: TZ });
    const doctor = await insertDoctor(db(), other.companyId, { clinics: [clinic.id] });
    const service = await insertService(db(), other.companyId, { clinicId: clinic.id, doctors: [doctor.id], durationMinutes: 30 });
    await db().insert(clinicOnlineBooking).values({ companyId: other.companyId, clinicId: clinic.id, enabled: true, serviceIds: [service.id], doctorIds: [doctor.id] });
    const res = await get(`/api/public/book/${SLUG}/times?clinic=${clinic.id}&service=${service.id}&date=${nextWeekday('Monday', TZ, 3)}`);
    expect(res.statusCode).toBe(404);
    expect(body(res).message.code).toBe('BOOKING_OFFER_NOT_FOUND');
    const v = await verified();
    const booked = await book(v, monday('10:00'), { clinic: clinic.id, service: service.id, doctor: doctor.id });
    expect(booked.statusCode).toBe(404);
    expect(await db().select().from(appointments).where(eq(appointments.companyId, other.companyId))).toHaveLength(0);
  });
});

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
    expect(p).toMatchObject({ name: 'Huda Salem', phone: v.phone, selfRegistered: true, incomplete: true, identity: '', details: { preferredLanguage: 'Arabic' } });
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
    await settleEvents(ctx);
    const [bell] = await db().select().from(notifications).where(and(eq(notifications.kind, 'online_booking'), sql`${notifications.params}->>'requested' = 'true'`));
    expect(bell).toBeDefined();
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

