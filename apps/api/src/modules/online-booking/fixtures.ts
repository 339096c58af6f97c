import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { zonedInstant, zonedIso } from '@clinic/shared';
import { clinicOnlineBooking, companies, patients } from '../../db/schema/index.js';
import { body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { startSmsGateway, type SmsGateway } from '../../test/messaging-sinks.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';

/** The public booking page's test organisation and the requests its tests make (online-booking*.int.test.ts). */
export let ctx: TestContext;
export let org: TestOrg;
export let sms: SmsGateway;
export const TZ = 'Asia/Riyadh';
export const SLUG = 'olaya-health';
let ipCounter = 0;
export const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let phoneCounter = 0;
export const nextPhone = () => `+9665${String(10_000_000 + ++phoneCounter).slice(-8)}`;

export const fx = {} as {
  clinic: { id: string }; requestClinic: { id: string }; offClinic: { id: string };
  omar: { id: string }; sara: { id: string }; hidden: { id: string }; nadia: { id: string };
  consult: { id: string }; unlisted: { id: string }; followUp: { id: string };
};
export const db = () => ctx.database.db;

/** Registers the file's setup: a page of two clinics taking online bookings (one in request mode) and one that does not. */
export function useBookingPage(): void {
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
}

export const get = (url: string, lang = 'en') => ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
export const post = (url: string, payload: unknown, ip = nextIp(), lang = 'en') =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip, headers: { 'accept-language': lang } });
export const askCode = (phone: string, ip = nextIp(), extra: object = {}) => post(`/api/public/book/${SLUG}/code`, { phone, ...extra }, ip);
export const lastCode = () => /(\d{6})/.exec(JSON.parse(sms.requests.at(-1)!.body).text as string)![1]!;
/** The latest code sent to a number (codes asked at the same moment arrive in any order). */
export const codeFor = (phone: string) => {
  const sent = sms.requests.map((r) => JSON.parse(r.body) as { to: string; text: string }).filter((m) => m.to === phone).at(-1)!;
  return /(\d{6})/.exec(sent.text)![1]!;
};

/** A Monday ahead (each call another week), at 10:00 clinic time. */
let week = 0;
export function monday(time = '10:00') {
  week += 1;
  const date = nextWeekday('Monday', TZ, 2 + (week % 3) * 7);
  return { date, at: zonedIso(zonedInstant(date, time, TZ), TZ) };
}

export async function verified(phone = nextPhone()) {
  const res = await askCode(phone);
  expect(res.statusCode).toBe(202);
  return { phone, verification: body(res).data.verification as string, code: codeFor(phone) };
}

export const person = { name: 'Huda Salem', dateOfBirth: '1988-04-12', gender: 'female' };
export async function book(v: { verification: string; code: string }, slot: { at: string }, extra: object = {}, ip = nextIp()) {
  return post(`/api/public/book/${SLUG}/appointments`, {
    verification: v.verification, code: v.code, clinic: fx.clinic.id, service: fx.consult.id, doctor: fx.omar.id, datetime: slot.at, ...person, ...extra,
  }, ip);
}


export async function insertPatientRow(opts: { phone?: string; dateOfBirth?: string; name?: string } = {}) {
  const p = await insertPatient(db(), org.companyId, { name: opts.name ?? 'Walk-in' });
  if (opts.phone) await db().update(patients).set({ phone: opts.phone, dateOfBirth: opts.dateOfBirth ?? '1990-01-05' }).where(eq(patients.id, p.id));
  return p;
}

