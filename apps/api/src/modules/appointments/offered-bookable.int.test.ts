/**
 * Whatever the first-available search offers is booked as offered, with the server's clock fixed: zones on both
 * sides of UTC, with and without daylight saving, near local midnight, the date line and a clock change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '@clinic/shared';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService } from './fixtures.js';

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
let clock = new Date('2026-11-28T00:18:00Z');
let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => clock });
  org = await createOrg(ctx);
});
afterAll(() => ctx.close());

/** A clinic and its doctor with the same hours every day, a service of `minutes`, and a patient. */
async function setting(timeZone: string, hours: { startTime: string; endTime: string }, minutes: number, grid: number) {
  const db = ctx.database.db;
  const clinic = await insertClinic(db, org.companyId, { timeZone, averageVisitMinutes: grid, workingHours: WEEK.map((day) => ({ day, timeSlots: [hours] })) });
  const doctor = await insertDoctor(db, org.companyId, { clinics: [clinic.id], workingHours: WEEK.map((day) => ({ day, ...hours })) });
  const service = await insertService(db, org.companyId, { clinicId: clinic.id, doctors: [doctor.id], durationMinutes: minutes });
  const patient = await insertPatient(db, org.companyId);
  return { clinic: clinic.id, doctor: doctor.id, service: service.id, patient: patient.id };
}

async function offerThenBook(s: Awaited<ReturnType<typeof setting>>, limit: number) {
  const res = await ctx.app.inject({
    method: 'GET', url: `/api/appointments/next-free?clinic=${s.clinic}&service=${s.service}&limit=${limit}`, headers: auth(org.token),
  });
  expect(res.statusCode).toBe(200);
  const offered = body(res).data as Array<{ datetime: string; doctor: { _id: string } }>;
  const booked: string[] = [];
  for (const slot of offered) {
    const post = await ctx.app.inject({
      method: 'POST', url: '/api/appointments', headers: auth(org.token),
      payload: { patient: s.patient, doctor: slot.doctor._id, clinic: s.clinic, service: s.service, datetime: slot.datetime, reason: 'Check-up' },
    });
    expect(post.json(), slot.datetime).toMatchObject({ success: true });
    expect(Date.parse(body(post).data.datetime)).toBe(Date.parse(slot.datetime));
    booked.push(slot.datetime);
  }
  return booked;
}

describe('the first available time is bookable as offered (fixed clock)', () => {
  it('Auckland, open 00:00-23:59, asked at 13:18 on Saturday (still Friday in UTC): 13:20 is booked', async () => {
    clock = new Date('2026-11-28T00:18:00Z');
    const s = await setting('Pacific/Auckland', { startTime: '00:00', endTime: '23:59' }, 15, 15);
    expect(await offerThenBook(s, 3)).toEqual(['2026-11-28T13:20:00+13:00', '2026-11-28T13:35:00+13:00', '2026-11-28T13:50:00+13:00']);
  });

  it('Kiritimati (UTC+14), asked at 23:37 local: the last visit of the day and the next day\'s first across local midnight', async () => {
    clock = new Date(zonedInstant('2026-11-30', '23:37', 'Pacific/Kiritimati').getTime() + 42_000);
    const s = await setting('Pacific/Kiritimati', { startTime: '00:00', endTime: '23:59' }, 15, 30);
    expect(await offerThenBook(s, 2)).toEqual(['2026-11-30T23:40:00+14:00', '2026-12-01T00:00:00+14:00']);
  });

  it('New York on the night clocks go back: the offered times of the repeated hour are booked', async () => {
    clock = zonedInstant('2026-11-01', '00:50', 'America/New_York');
    const s = await setting('America/New_York', { startTime: '00:00', endTime: '23:59' }, 30, 30);
    const booked = await offerThenBook(s, 4);
    expect(booked[0]).toBe('2026-11-01T00:50:00-04:00');
    expect(booked).toHaveLength(4);
  });

  it('Riyadh, ordinary hours, asked a quarter before closing: the last visit that fits, then the next morning', async () => {
    clock = new Date(zonedInstant('2026-12-02', '16:44', 'Asia/Riyadh').getTime() + 30_000);
    const s = await setting('Asia/Riyadh', { startTime: '09:00', endTime: '17:00' }, 15, 30);
    expect(await offerThenBook(s, 2)).toEqual(['2026-12-02T16:45:00+03:00', '2026-12-03T09:00:00+03:00']);
  });
});
