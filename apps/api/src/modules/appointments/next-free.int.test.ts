import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedInstant, zonedIso } from '@clinic/shared';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { withVersion } from '../../test/versions.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from './fixtures.js';

const TZ = 'Asia/Riyadh';
const iso = (date: string, time: string) => zonedIso(zonedInstant(date, time, TZ), TZ);
const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
const MON = nextWeekday('Monday');
const TUE = addDays(MON, 1); // clinic holiday
const WED = addDays(MON, 2); // Dr. Amal on leave
const ids = {} as Record<'clinic' | 'amal' | 'basel' | 'other' | 'service' | 'long' | 'inactiveService' | 'patient', string>;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx);
  b = await createOrg(ctx);
  const db = ctx.database.db;
  const clinic = await insertClinic(db, a.companyId, {
    timeZone: TZ, averageVisitMinutes: 30,
    workingHours: WEEK.map((day) => ({ day, timeSlots: [{ startTime: '09:00', endTime: '12:00' }] })),
    holidays: [{ name: 'National Day', date: TUE, reason: 'Holiday' }],
  });
  ids.clinic = clinic.id;
  ids.amal = (await insertDoctor(db, a.companyId, {
    name: 'Dr. Amal', clinics: [clinic.id], breakTimes: [{ startTime: '10:00', endTime: '10:30' }],
    vacationRecords: [{ leaveStartDate: WED, leaveEndDate: WED, leaveType: 'Vacation', status: 'Approved' }],
  })).id;
  ids.basel = (await insertDoctor(db, a.companyId, { name: 'Dr. Basel', clinics: [clinic.id], workingHours: WEEK.map((day) => ({ day, startTime: '11:00', endTime: '12:00' })) })).id;
  ids.other = (await insertDoctor(db, a.companyId, { name: 'Dr. Other', clinics: [clinic.id] })).id;
  ids.service = (await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [ids.amal, ids.basel] })).id;
  ids.long = (await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [ids.amal], durationMinutes: 90 })).id;
  ids.inactiveService = (await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [ids.amal], isActive: false })).id;
  ids.patient = (await insertPatient(db, a.companyId)).id;
});
afterAll(() => ctx.close());

const free = (query: Record<string, string | number>, token = a.token) =>
  ctx.app.inject({ method: 'GET', url: `/api/appointments/next-free?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, headers: auth(token) });
const times = (res: { json: () => unknown }) => (res.json() as { data: Array<{ datetime: string; doctor: { name: string } }> }).data.map((s) => `${s.datetime.slice(0, 16)} ${s.doctor.name}`);

describe('GET /api/appointments/next-free', () => {
  it('lists the first free slots of every doctor providing the service, by time then name, keeping breaks and each doctor\'s hours', async () => {
    const res = await free({ clinic: ids.clinic, service: ids.service, from: iso(MON, '09:00'), limit: 7 });
    expect(res.statusCode).toBe(200);
    expect(times(res)).toEqual([
      `${MON}T09:00 Dr. Amal`, `${MON}T09:30 Dr. Amal`, `${MON}T10:30 Dr. Amal`, `${MON}T11:00 Dr. Amal`, `${MON}T11:00 Dr. Basel`,
      `${MON}T11:30 Dr. Amal`, `${MON}T11:30 Dr. Basel`,
    ]);
    expect(body(res).data[0]).toEqual({ datetime: `${MON}T09:00:00+03:00`, endsAt: `${MON}T09:30:00+03:00`, doctor: { _id: ids.amal, name: 'Dr. Amal' } });
  });

  it('skips existing appointments (a cancelled one frees its time), the holiday and the doctor\'s leave', async () => {
    const book = async (datetime: string) => body(await ctx.app.inject({
      method: 'POST', url: '/api/appointments', headers: auth(a.token),
      payload: { patient: ids.patient, doctor: ids.amal, clinic: ids.clinic, service: ids.service, datetime, reason: 'Check-up' },
    })).data;
    await book(iso(MON, '09:00'));
    const cancelled = await book(iso(MON, '09:30'));
    await ctx.app.inject({
      method: 'PATCH', url: `/api/appointments/${cancelled._id}`, headers: auth(a.token),
      payload: (await withVersion(ctx, 'appointments', cancelled._id, { status: 'cancelled', cancellationReason: 'Travel' })) as Record<string, unknown>,
    });
    const mon = await free({ clinic: ids.clinic, service: ids.service, doctor: ids.amal, from: iso(MON, '09:00'), limit: 2 });
    expect(times(mon)).toEqual([`${MON}T09:30 Dr. Amal`, `${MON}T10:30 Dr. Amal`]);
    // From Tuesday (holiday) the first slot is Thursday: Wednesday is Dr. Amal's leave.
    const tue = await free({ clinic: ids.clinic, service: ids.service, doctor: ids.amal, from: iso(TUE, '00:00'), limit: 1 });
    expect(times(tue)).toEqual([`${addDays(MON, 3)}T09:00 Dr. Amal`]);
    // Dr. Basel has no leave on Wednesday.
    const wed = await free({ clinic: ids.clinic, service: ids.service, from: iso(WED, '00:00'), limit: 1 });
    expect(times(wed)).toEqual([`${WED}T11:00 Dr. Basel`]);
  });

  it('keeps the service\'s whole duration inside the hours and clear of the break', async () => {
    const res = await free({ clinic: ids.clinic, service: ids.long, from: iso(addDays(MON, 7), '09:00'), limit: 3 });
    // 90 minutes: 09:00 would run into the 10:00 break; 10:30-12:00 fits; nothing else that day, so one a day.
    expect(times(res)).toEqual([`${addDays(MON, 7)}T10:30 Dr. Amal`, `${addDays(MON, 8)}T10:30 Dr. Amal`, `${addDays(MON, 9)}T10:30 Dr. Amal`]);
  });

  it('never answers a time in the past, and defaults to 5 slots from now', async () => {
    const res = await free({ clinic: ids.clinic, service: ids.service, from: '2020-01-01T00:00:00+03:00' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toHaveLength(5);
    for (const s of body(res).data) expect(Date.parse(s.datetime)).toBeGreaterThan(Date.now());
  });

  it('refuses what a booking would refuse, and bad parameters', async () => {
    const notProviding = await free({ clinic: ids.clinic, service: ids.service, doctor: ids.other });
    expect(notProviding.statusCode).toBe(422);
    expect(body(notProviding).message.code).toBe('DOCTOR_NOT_PROVIDING_SERVICE');
    expect(body(await free({ clinic: ids.clinic, service: ids.inactiveService })).message.code).toBe('SERVICE_INACTIVE');
    for (const limit of [0, 21, -1, 1.5, 'x', '99999999999999999999']) {
      const res = await free({ clinic: ids.clinic, service: ids.service, limit });
      expect(res.statusCode).toBe(422);
      expect(body(res).message.fields).toEqual({ limit: 'The limit must be a whole number from 1 to 20' });
    }
    expect((await free({ clinic: ids.clinic, service: ids.service, from: '9999-12-31T00:00:00Z' })).statusCode).toBe(422);
    expect((await free({ service: ids.service })).statusCode).toBe(422);
    // Another company's clinic is not found.
    expect((await free({ clinic: ids.clinic, service: ids.service }, b.token)).statusCode).toBe(404);
  });

  it('answers a search far ahead (the last accepted day) without error', async () => {
    const res = await free({ clinic: ids.clinic, service: ids.service, from: '2999-12-31T09:00:00+03:00', limit: 20 });
    expect(res.statusCode).toBe(200);
    expect(body(res).data.length).toBe(20);
  });
});
