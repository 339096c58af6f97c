import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { auditLog, notifications } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertService } from '../appointments/fixtures.js';

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'https://clinic.example' });
  a = await createOrg(ctx, { name: 'North Group' });
  b = await createOrg(ctx, { name: 'South Group' });
});
afterAll(async () => { await ctx.close(); });

const db = () => ctx.database.db;
const call = (org: TestOrg, method: 'GET' | 'PUT', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(org.token, lang), ...(payload ? { payload } : {}) });

async function clinicWithStaff(org: TestOrg) {
  const clinic = await insertClinic(db(), org.companyId, { name: 'Olaya Clinic' });
  const doctor = await insertDoctor(db(), org.companyId, { clinics: [clinic.id], name: 'Dr. Salma Haddad' });
  const service = await insertService(db(), org.companyId, { clinicId: clinic.id, doctors: [doctor.id], name: 'Dental check-up' });
  return { clinic, doctor, service };
}

const settings = (over: Record<string, unknown> = {}) => ({
  enabled: true, mode: 'request', services: [], doctors: [], minNoticeMinutes: 60, horizonDays: 14, maxPerPhoneDay: 1, maxPerPhoneWeek: 3,
  cancellationPolicy: { en: 'Cancel 24 hours ahead', ar: 'ألغِ قبل 24 ساعة' }, ...over,
});

describe('a clinic\'s online-booking settings', () => {
  it('are off with the defaults until saved, then hold what was saved, audited', async () => {
    const { clinic, doctor, service } = await clinicWithStaff(a);
    const first = await call(a, 'GET', `/api/clinics/${clinic.id}/online-booking`);
    expect(first.statusCode).toBe(200);
    expect(body(first).data).toMatchObject({ clinic: clinic.id, enabled: false, mode: 'instant', services: [], doctors: [], minNoticeMinutes: 120, horizonDays: 30, url: null, version: 1 });

    const saved = await call(a, 'PUT', `/api/clinics/${clinic.id}/online-booking`, settings({ services: [service.id], doctors: [doctor.id], version: 1 }));
    expect(saved.statusCode).toBe(200);
    expect(body(saved).message).toBe('Online booking settings saved');
    expect(body(saved).data).toMatchObject({ enabled: true, mode: 'request', services: [service.id], doctors: [doctor.id], minNoticeMinutes: 60, version: 2 });
    expect(body(saved).data.cancellationPolicy).toEqual({ en: 'Cancel 24 hours ahead', ar: 'ألغِ قبل 24 ساعة' });
    const again = body(await call(a, 'GET', `/api/clinics/${clinic.id}/online-booking`)).data;
    expect(again).toMatchObject({ enabled: true, services: [service.id], version: 2 });

    const audit = await db().select().from(auditLog)
      .where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.entity, 'online_booking_settings'), eq(auditLog.entityId, clinic.id)));
    expect(audit).toHaveLength(1);
  });

  it('refuses a save based on an older version, changing nothing', async () => {
    const { clinic } = await clinicWithStaff(a);
    expect((await call(a, 'PUT', `/api/clinics/${clinic.id}/online-booking`, settings({ version: 1 }))).statusCode).toBe(200);
    const stale = await call(a, 'PUT', `/api/clinics/${clinic.id}/online-booking`, settings({ enabled: false, version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(body(await call(a, 'GET', `/api/clinics/${clinic.id}/online-booking`)).data).toMatchObject({ enabled: true, version: 2 });
  });

  it('names, in Arabic too, a service or doctor of another clinic or organisation', async () => {
    const { clinic, doctor } = await clinicWithStaff(a);
    const other = await clinicWithStaff(a);
    const foreign = await clinicWithStaff(b);
    const res = await call(a, 'PUT', `/api/clinics/${clinic.id}/online-booking`, settings({ services: [other.service.id, foreign.service.id], doctors: [doctor.id, foreign.doctor.id] }));
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({
      'services.0': 'Choose services of this clinic', 'services.1': 'Choose services of this clinic', 'doctors.1': 'Choose doctors who work at this clinic',
    });
    const ar = await call(a, 'PUT', `/api/clinics/${clinic.id}/online-booking`, settings({ maxPerPhoneDay: 5, maxPerPhoneWeek: 2 }), 'ar');
    expect(ar.statusCode).toBe(422);
    expect(body(ar).message.fields).toEqual({ maxPerPhoneWeek: 'لا يمكن أن يقل الحد الأسبوعي عن الحد اليومي' });
    expect(body(await call(a, 'GET', `/api/clinics/${clinic.id}/online-booking`)).data.version).toBe(1);
  });

  it('are not found for another organisation\'s clinic', async () => {
    const { clinic } = await clinicWithStaff(a);
    expect((await call(b, 'GET', `/api/clinics/${clinic.id}/online-booking`)).statusCode).toBe(404);
    expect((await call(b, 'PUT', `/api/clinics/${clinic.id}/online-booking`, settings())).statusCode).toBe(404);
  });
});

describe('the organisation\'s booking address', () => {
  it('is none at first; once set, gives the address, its QR code, the embed snippet and each clinic\'s deep link', async () => {
    const empty = await call(a, 'GET', `/api/companies/${a.companyId}/booking-page`);
    expect(body(empty).data).toEqual({ slug: null, url: null, qrSvg: null, embed: null });

    const saved = await call(a, 'PUT', `/api/companies/${a.companyId}/booking-page`, { slug: '  North-Group ' });
    expect(saved.statusCode).toBe(200);
    const page = body(saved).data;
    expect(page.slug).toBe('north-group');
    expect(page.url).toBe('https://clinic.example/book/north-group');
    expect(page.qrSvg).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    expect(page.embed).toContain('<iframe src="https://clinic.example/book/north-group"');

    const { clinic } = await clinicWithStaff(a);
    expect(body(await call(a, 'GET', `/api/clinics/${clinic.id}/online-booking`)).data.url).toBe(`https://clinic.example/book/north-group?clinic=${clinic.id}`);
  });

  it('is unique across organisations: a taken address is a field error', async () => {
    await call(a, 'PUT', `/api/companies/${a.companyId}/booking-page`, { slug: 'north-group' });
    const taken = await call(b, 'PUT', `/api/companies/${b.companyId}/booking-page`, { slug: 'north-group' });
    expect(taken.statusCode).toBe(422);
    expect(body(taken).message.fields).toEqual({ slug: 'This address is taken by another organisation; choose another' });
    expect(body(await call(b, 'GET', `/api/companies/${b.companyId}/booking-page`)).data.slug).toBeNull();
    const bad = await call(b, 'PUT', `/api/companies/${b.companyId}/booking-page`, { slug: '-x' });
    expect(bad.statusCode).toBe(422);
    expect(body(bad).message.fields.slug).toMatch(/lower-case letters/);
  });

  it('belongs to the caller\'s organisation only, and can be cleared', async () => {
    expect((await call(b, 'GET', `/api/companies/${a.companyId}/booking-page`)).statusCode).toBe(404);
    expect((await call(b, 'PUT', `/api/companies/${a.companyId}/booking-page`, { slug: 'stolen-address' })).statusCode).toBe(404);
    const cleared = await call(a, 'PUT', `/api/companies/${a.companyId}/booking-page`, { slug: null });
    expect(body(cleared).data.url).toBeNull();
  });
});

describe('the bell, for a booking made online', () => {
  it('says who booked with whom, when, and whether the desk must accept it; a click opens the appointment', async () => {
    const appointmentId = randomUUID();
    const params = { patient: 'Huda Saleh', doctor: 'Dr. Salma Haddad', clinic: 'Olaya Clinic', datetime: '2026-03-01T09:00:00+03:00', timeZone: 'Asia/Riyadh' };
    await db().insert(notifications).values([
      { companyId: a.companyId, recipientId: a.adminId, kind: 'online_booking', entity: 'appointment', entityId: appointmentId, params: { ...params, requested: 'true' }, createdAt: new Date(Date.now() - 1000) },
      { companyId: a.companyId, recipientId: a.adminId, kind: 'online_booking', entity: 'appointment', entityId: appointmentId, params: { ...params, requested: 'false' } },
    ]);
    const en = body(await call(a, 'GET', '/api/notifications')).data as Array<{ text: string; link: string }>;
    expect(en[0]!.text).toMatch(/^Booked online: Huda Saleh with Dr\. Salma Haddad at Olaya Clinic, .+9:00/);
    expect(en[1]!.text).toMatch(/^Online request to accept: Huda Saleh/);
    expect(en[0]!.link).toBe(`/appointments?id=${appointmentId}`);
    const ar = body(await call(a, 'GET', '/api/notifications', undefined, 'ar')).data as Array<{ text: string }>;
    expect(ar[1]!.text).toMatch(/^طلب حجز إلكتروني بانتظار القبول: Huda Saleh مع Dr\. Salma Haddad في Olaya Clinic، /);
  });
});
