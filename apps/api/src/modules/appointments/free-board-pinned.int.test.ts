import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService } from './fixtures.js';

/*
 * Whole answers of the free-time search and the front desk's board on one seeded clinic, compared as they are:
 * any change in what is offered (hours, shifts, breaks, leave, holidays, held time with buffers, the night the clocks
 * spring forward) or in what a board card shows fails here.
 */

const TZ = 'Europe/Berlin';
// Thursday 27 March 2031, 10:07:30 in Berlin (UTC+1; the clocks spring forward on Sunday the 30th at 02:00).
const now = new Date('2031-03-27T09:07:30Z');
const at = (local: string) => new Date(`${local}${local.slice(0, 10) >= '2031-03-30' && local.slice(11) >= '03:00' ? '+02:00' : '+01:00'}`);

let ctx: TestContext;
let a: TestOrg;
const labels = new Map<string, string>();
const ids = {} as Record<'clinic' | 'other' | 'amal' | 'basel' | 'carim' | 'service' | 'sundays', string>;

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
  a = await createOrg(ctx);
  const db = ctx.database.db;
  const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
  const clinic = await insertClinic(db, a.companyId, {
    name: 'Pinned Clinic', timeZone: TZ, averageVisitMinutes: 15,
    workingHours: [
      ...weekdays.map((day) => ({ day, timeSlots: [{ startTime: '08:00', endTime: '12:00' }, { startTime: '13:00', endTime: '17:00' }] })),
      { day: 'Saturday', timeSlots: [{ startTime: '09:00', endTime: '13:00' }] },
      { day: 'sunday', timeSlots: [{ startTime: '00:00', endTime: '04:00' }] },
    ],
    holidays: [{ name: 'Spring Day', date: '2031-04-01', reason: 'Holiday' }],
  });
  ids.clinic = clinic.id;
  ids.other = (await insertClinic(db, a.companyId, { name: 'Other Clinic', timeZone: TZ })).id;
  const doctor = async (key: 'amal' | 'basel' | 'carim' | null, name: string, opts: Parameters<typeof insertDoctor>[2]) => {
    const row = await insertDoctor(db, a.companyId, { name, clinics: [ids.clinic], ...opts });
    labels.set(row.id, name);
    if (key) ids[key] = row.id;
    return row.id;
  };
  await doctor('amal', 'Dr. Amal', {
    workingHours: [...weekdays, 'Saturday'].map((day) => ({ day, startTime: '08:00', endTime: '17:00' })).concat({ day: 'Sunday', startTime: '00:00', endTime: '04:00' }),
    breakTimes: [{ startTime: '10:30', endTime: '11:00' }],
    vacationRecords: [
      { leaveStartDate: '2031-03-31', leaveEndDate: '2031-03-31', leaveType: 'Vacation', status: 'Approved' },
      { leaveStartDate: '2031-04-02', leaveEndDate: '2031-04-02', leaveType: 'Vacation', status: 'Pending' },
    ],
  });
  await doctor('basel', 'Dr. Basel', {
    workingHours: [
      { day: 'Thursday', startTime: '08:00', endTime: '10:00' }, { day: 'Thursday', startTime: '14:00', endTime: '16:00' },
      { day: 'Friday', startTime: '08:00', endTime: '12:00' }, { day: 'Saturday', startTime: '09:00', endTime: '13:00' },
      { day: 'Sunday', startTime: '01:00', endTime: '04:00' },
      ...['Monday', 'Tuesday', 'Wednesday'].map((day) => ({ day, startTime: '13:00', endTime: '17:00' })),
    ],
  });
  await doctor('carim', 'Dr. Carim', { workingHours: [], breakTimes: [{ startTime: '12:00', endTime: '13:00' }] });
  const dana = await doctor(null, 'Dr. Dana', { isActive: false });
  await doctor(null, 'Dr. Emad', {});
  // Sundays only, on leave for the first two weeks: a search that fills up only in its third week.
  const farah = await doctor(null, 'Dr. Farah', {
    workingHours: [{ day: 'Sunday', startTime: '00:00', endTime: '04:00' }],
    vacationRecords: [{ leaveStartDate: '2031-03-27', leaveEndDate: '2031-04-08', leaveType: 'Vacation', status: 'Approved' }],
  });
  ids.sundays = (await insertService(db, a.companyId, { clinicId: ids.clinic, name: 'Night clinic', doctors: [farah], durationMinutes: 60 })).id;
  labels.set(ids.sundays, 'sundays');
  const service = await insertService(db, a.companyId, {
    clinicId: ids.clinic, name: 'Check-up', doctors: [ids.amal, ids.basel, ids.carim, dana], durationMinutes: 20, bufferBeforeMinutes: 5, bufferAfterMinutes: 10,
  });
  ids.service = service.id;
  labels.set(ids.clinic, 'clinic').set(ids.other, 'other').set(service.id, 'service');

  let n = 0;
  const book = async (doctorId: string, start: string, minutes: number, status: string, extra: Partial<typeof appointments.$inferInsert> = {}) => {
    n += 1;
    const patient = await insertPatient(db, a.companyId, { name: `Patient ${n}` });
    labels.set(patient.id, `patient ${n}`);
    const startsAt = at(start);
    const [row] = await db.insert(appointments).values({
      companyId: a.companyId, publicId: await nextPublicId(db, a.companyId, 'appointment', 'APT'), patientId: patient.id, doctorId,
      clinicId: extra.clinicId ?? ids.clinic, serviceId: service.id, reason: `Visit ${n}`, startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000), status,
      bufferBeforeMinutes: 5, bufferAfterMinutes: 10, ...extra,
    }).returning();
    labels.set(row!.id, `appointment ${n}`);
  };
  await book(ids.amal, '2031-03-27T08:00', 20, 'completed', { arrivedAt: at('2031-03-27T07:50'), calledInAt: at('2031-03-27T08:02'), completedAt: at('2031-03-27T08:25') });
  await book(ids.amal, '2031-03-27T09:40', 20, 'in_consultation', { arrivedAt: at('2031-03-27T09:35'), calledInAt: at('2031-03-27T09:50') });
  await book(ids.amal, '2031-03-27T11:00', 30, 'scheduled');
  await book(ids.amal, '2031-03-27T13:00', 20, 'arrived', { arrivedAt: at('2031-03-27T09:58') });
  await book(ids.amal, '2031-03-27T14:00', 20, 'cancelled', { cancelledAt: at('2031-03-26T12:00'), cancellationReason: 'Travel', lateCancellation: true });
  await book(ids.amal, '2031-03-27T15:10', 20, 'requested');
  await book(ids.amal, '2031-03-28T08:00', 20, 'no_show', { noShowAt: at('2031-03-28T08:30') });
  await book(ids.basel, '2031-03-27T14:30', 30, 'scheduled', { bufferBeforeMinutes: 0, bufferAfterMinutes: 0 });
  await book(ids.basel, '2031-03-27T15:30', 20, 'scheduled', { overbooked: true });
  await book(ids.basel, '2031-03-28T09:00', 45, 'scheduled');
  await book(ids.basel, '2031-03-30T01:30', 20, 'scheduled');
  await book(ids.basel, '2031-03-30T03:15', 20, 'scheduled');
  await book(ids.carim, '2031-03-27T13:30', 150, 'completed', { completedAt: at('2031-03-27T16:00') });
  await book(ids.carim, '2031-03-27T16:40', 20, 'scheduled', { clinicId: ids.other });
  await book(ids.carim, '2031-03-29T23:50', 20, 'scheduled');
});
afterAll(() => ctx.close());

/** The answer as JSON with every id replaced by what it is (ids differ on every run). */
function named(value: unknown): unknown {
  const text = JSON.stringify(value).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => labels.get(id) ?? `unknown ${id}`);
  return JSON.parse(text);
}

const get = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: auth(a.token) });
  expect(res.statusCode).toBe(200);
  return named(body(res).data);
};
const free = (query: Record<string, string>) => get(`/api/appointments/next-free?${new URLSearchParams({ clinic: ids.clinic, service: ids.service, limit: '20', ...query })}`);


/** Each offered slot as `start end doctor` (doctor ids are named after the doctor). */
const FREE: Record<string, string[]> = {
  now: [
    '2031-03-27T10:10:00+01:00 2031-03-27T10:30:00+01:00 Dr. Carim',
    '2031-03-27T10:25:00+01:00 2031-03-27T10:45:00+01:00 Dr. Carim',
    '2031-03-27T10:40:00+01:00 2031-03-27T11:00:00+01:00 Dr. Carim',
    '2031-03-27T10:55:00+01:00 2031-03-27T11:15:00+01:00 Dr. Carim',
    '2031-03-27T11:10:00+01:00 2031-03-27T11:30:00+01:00 Dr. Carim',
    '2031-03-27T11:25:00+01:00 2031-03-27T11:45:00+01:00 Dr. Carim',
    '2031-03-27T11:40:00+01:00 2031-03-27T12:00:00+01:00 Dr. Carim',
    '2031-03-27T13:35:00+01:00 2031-03-27T13:55:00+01:00 Dr. Amal',
    '2031-03-27T13:50:00+01:00 2031-03-27T14:10:00+01:00 Dr. Amal',
    '2031-03-27T14:00:00+01:00 2031-03-27T14:20:00+01:00 Dr. Basel',
    '2031-03-27T14:05:00+01:00 2031-03-27T14:25:00+01:00 Dr. Amal',
    '2031-03-27T14:20:00+01:00 2031-03-27T14:40:00+01:00 Dr. Amal',
    '2031-03-27T14:35:00+01:00 2031-03-27T14:55:00+01:00 Dr. Amal',
    '2031-03-27T15:45:00+01:00 2031-03-27T16:05:00+01:00 Dr. Amal',
    '2031-03-27T16:00:00+01:00 2031-03-27T16:20:00+01:00 Dr. Amal',
    '2031-03-27T16:15:00+01:00 2031-03-27T16:35:00+01:00 Dr. Amal',
    '2031-03-27T16:30:00+01:00 2031-03-27T16:50:00+01:00 Dr. Amal',
    '2031-03-28T08:00:00+01:00 2031-03-28T08:20:00+01:00 Dr. Amal',
    '2031-03-28T08:00:00+01:00 2031-03-28T08:20:00+01:00 Dr. Basel',
    '2031-03-28T08:00:00+01:00 2031-03-28T08:20:00+01:00 Dr. Carim',
  ],
  doctor: [
    '2031-03-27T10:10:00+01:00 2031-03-27T10:30:00+01:00 Dr. Carim',
    '2031-03-27T10:25:00+01:00 2031-03-27T10:45:00+01:00 Dr. Carim',
    '2031-03-27T10:40:00+01:00 2031-03-27T11:00:00+01:00 Dr. Carim',
    '2031-03-27T10:55:00+01:00 2031-03-27T11:15:00+01:00 Dr. Carim',
    '2031-03-27T11:10:00+01:00 2031-03-27T11:30:00+01:00 Dr. Carim',
    '2031-03-27T11:25:00+01:00 2031-03-27T11:45:00+01:00 Dr. Carim',
    '2031-03-27T11:40:00+01:00 2031-03-27T12:00:00+01:00 Dr. Carim',
    '2031-03-28T08:00:00+01:00 2031-03-28T08:20:00+01:00 Dr. Carim',
    '2031-03-28T08:15:00+01:00 2031-03-28T08:35:00+01:00 Dr. Carim',
    '2031-03-28T08:30:00+01:00 2031-03-28T08:50:00+01:00 Dr. Carim',
    '2031-03-28T08:45:00+01:00 2031-03-28T09:05:00+01:00 Dr. Carim',
    '2031-03-28T09:00:00+01:00 2031-03-28T09:20:00+01:00 Dr. Carim',
    '2031-03-28T09:15:00+01:00 2031-03-28T09:35:00+01:00 Dr. Carim',
    '2031-03-28T09:30:00+01:00 2031-03-28T09:50:00+01:00 Dr. Carim',
    '2031-03-28T09:45:00+01:00 2031-03-28T10:05:00+01:00 Dr. Carim',
    '2031-03-28T10:00:00+01:00 2031-03-28T10:20:00+01:00 Dr. Carim',
    '2031-03-28T10:15:00+01:00 2031-03-28T10:35:00+01:00 Dr. Carim',
    '2031-03-28T10:30:00+01:00 2031-03-28T10:50:00+01:00 Dr. Carim',
    '2031-03-28T10:45:00+01:00 2031-03-28T11:05:00+01:00 Dr. Carim',
    '2031-03-28T11:00:00+01:00 2031-03-28T11:20:00+01:00 Dr. Carim',
  ],
  weekend: [
    '2031-03-29T09:00:00+01:00 2031-03-29T09:20:00+01:00 Dr. Amal',
    '2031-03-29T09:00:00+01:00 2031-03-29T09:20:00+01:00 Dr. Basel',
    '2031-03-29T09:00:00+01:00 2031-03-29T09:20:00+01:00 Dr. Carim',
    '2031-03-29T09:15:00+01:00 2031-03-29T09:35:00+01:00 Dr. Amal',
    '2031-03-29T09:15:00+01:00 2031-03-29T09:35:00+01:00 Dr. Basel',
    '2031-03-29T09:15:00+01:00 2031-03-29T09:35:00+01:00 Dr. Carim',
    '2031-03-29T09:30:00+01:00 2031-03-29T09:50:00+01:00 Dr. Amal',
    '2031-03-29T09:30:00+01:00 2031-03-29T09:50:00+01:00 Dr. Basel',
    '2031-03-29T09:30:00+01:00 2031-03-29T09:50:00+01:00 Dr. Carim',
    '2031-03-29T09:45:00+01:00 2031-03-29T10:05:00+01:00 Dr. Amal',
    '2031-03-29T09:45:00+01:00 2031-03-29T10:05:00+01:00 Dr. Basel',
    '2031-03-29T09:45:00+01:00 2031-03-29T10:05:00+01:00 Dr. Carim',
    '2031-03-29T10:00:00+01:00 2031-03-29T10:20:00+01:00 Dr. Amal',
    '2031-03-29T10:00:00+01:00 2031-03-29T10:20:00+01:00 Dr. Basel',
    '2031-03-29T10:00:00+01:00 2031-03-29T10:20:00+01:00 Dr. Carim',
    '2031-03-29T10:15:00+01:00 2031-03-29T10:35:00+01:00 Dr. Basel',
    '2031-03-29T10:15:00+01:00 2031-03-29T10:35:00+01:00 Dr. Carim',
    '2031-03-29T10:30:00+01:00 2031-03-29T10:50:00+01:00 Dr. Basel',
    '2031-03-29T10:30:00+01:00 2031-03-29T10:50:00+01:00 Dr. Carim',
    '2031-03-29T10:45:00+01:00 2031-03-29T11:05:00+01:00 Dr. Basel',
  ],
  springForward: [
    '2031-03-30T00:00:00+01:00 2031-03-30T00:20:00+01:00 Dr. Amal',
    '2031-03-30T00:15:00+01:00 2031-03-30T00:35:00+01:00 Dr. Amal',
    '2031-03-30T00:25:00+01:00 2031-03-30T00:45:00+01:00 Dr. Carim',
    '2031-03-30T00:30:00+01:00 2031-03-30T00:50:00+01:00 Dr. Amal',
    '2031-03-30T00:40:00+01:00 2031-03-30T01:00:00+01:00 Dr. Carim',
    '2031-03-30T00:45:00+01:00 2031-03-30T01:05:00+01:00 Dr. Amal',
    '2031-03-30T00:55:00+01:00 2031-03-30T01:15:00+01:00 Dr. Carim',
    '2031-03-30T01:00:00+01:00 2031-03-30T01:20:00+01:00 Dr. Amal',
    '2031-03-30T01:10:00+01:00 2031-03-30T01:30:00+01:00 Dr. Carim',
    '2031-03-30T01:15:00+01:00 2031-03-30T01:35:00+01:00 Dr. Amal',
    '2031-03-30T01:25:00+01:00 2031-03-30T01:45:00+01:00 Dr. Carim',
    '2031-03-30T01:30:00+01:00 2031-03-30T01:50:00+01:00 Dr. Amal',
    '2031-03-30T01:40:00+01:00 2031-03-30T03:00:00+02:00 Dr. Carim',
    '2031-03-30T01:45:00+01:00 2031-03-30T03:05:00+02:00 Dr. Amal',
    '2031-03-30T01:55:00+01:00 2031-03-30T03:15:00+02:00 Dr. Carim',
    '2031-03-30T03:00:00+02:00 2031-03-30T03:20:00+02:00 Dr. Amal',
    '2031-03-30T03:10:00+02:00 2031-03-30T03:30:00+02:00 Dr. Carim',
    '2031-03-30T03:15:00+02:00 2031-03-30T03:35:00+02:00 Dr. Amal',
    '2031-03-30T03:25:00+02:00 2031-03-30T03:45:00+02:00 Dr. Carim',
    '2031-03-30T03:30:00+02:00 2031-03-30T03:50:00+02:00 Dr. Amal',
  ],
  springForwardBusy: [
    '2031-03-31T13:00:00+02:00 2031-03-31T13:20:00+02:00 Dr. Basel',
    '2031-03-31T13:15:00+02:00 2031-03-31T13:35:00+02:00 Dr. Basel',
    '2031-03-31T13:30:00+02:00 2031-03-31T13:50:00+02:00 Dr. Basel',
    '2031-03-31T13:45:00+02:00 2031-03-31T14:05:00+02:00 Dr. Basel',
    '2031-03-31T14:00:00+02:00 2031-03-31T14:20:00+02:00 Dr. Basel',
    '2031-03-31T14:15:00+02:00 2031-03-31T14:35:00+02:00 Dr. Basel',
    '2031-03-31T14:30:00+02:00 2031-03-31T14:50:00+02:00 Dr. Basel',
    '2031-03-31T14:45:00+02:00 2031-03-31T15:05:00+02:00 Dr. Basel',
    '2031-03-31T15:00:00+02:00 2031-03-31T15:20:00+02:00 Dr. Basel',
    '2031-03-31T15:15:00+02:00 2031-03-31T15:35:00+02:00 Dr. Basel',
    '2031-03-31T15:30:00+02:00 2031-03-31T15:50:00+02:00 Dr. Basel',
    '2031-03-31T15:45:00+02:00 2031-03-31T16:05:00+02:00 Dr. Basel',
    '2031-03-31T16:00:00+02:00 2031-03-31T16:20:00+02:00 Dr. Basel',
    '2031-03-31T16:15:00+02:00 2031-03-31T16:35:00+02:00 Dr. Basel',
    '2031-03-31T16:30:00+02:00 2031-03-31T16:50:00+02:00 Dr. Basel',
    '2031-04-02T13:00:00+02:00 2031-04-02T13:20:00+02:00 Dr. Basel',
    '2031-04-02T13:15:00+02:00 2031-04-02T13:35:00+02:00 Dr. Basel',
    '2031-04-02T13:30:00+02:00 2031-04-02T13:50:00+02:00 Dr. Basel',
    '2031-04-02T13:45:00+02:00 2031-04-02T14:05:00+02:00 Dr. Basel',
    '2031-04-02T14:00:00+02:00 2031-04-02T14:20:00+02:00 Dr. Basel',
  ],
  leaveAndHoliday: [
    '2031-03-31T13:00:00+02:00 2031-03-31T13:20:00+02:00 Dr. Basel',
    '2031-03-31T13:00:00+02:00 2031-03-31T13:20:00+02:00 Dr. Carim',
    '2031-03-31T13:15:00+02:00 2031-03-31T13:35:00+02:00 Dr. Basel',
    '2031-03-31T13:15:00+02:00 2031-03-31T13:35:00+02:00 Dr. Carim',
    '2031-03-31T13:30:00+02:00 2031-03-31T13:50:00+02:00 Dr. Basel',
    '2031-03-31T13:30:00+02:00 2031-03-31T13:50:00+02:00 Dr. Carim',
    '2031-03-31T13:45:00+02:00 2031-03-31T14:05:00+02:00 Dr. Basel',
    '2031-03-31T13:45:00+02:00 2031-03-31T14:05:00+02:00 Dr. Carim',
    '2031-03-31T14:00:00+02:00 2031-03-31T14:20:00+02:00 Dr. Basel',
    '2031-03-31T14:00:00+02:00 2031-03-31T14:20:00+02:00 Dr. Carim',
    '2031-03-31T14:15:00+02:00 2031-03-31T14:35:00+02:00 Dr. Basel',
    '2031-03-31T14:15:00+02:00 2031-03-31T14:35:00+02:00 Dr. Carim',
    '2031-03-31T14:30:00+02:00 2031-03-31T14:50:00+02:00 Dr. Basel',
    '2031-03-31T14:30:00+02:00 2031-03-31T14:50:00+02:00 Dr. Carim',
    '2031-03-31T14:45:00+02:00 2031-03-31T15:05:00+02:00 Dr. Basel',
    '2031-03-31T14:45:00+02:00 2031-03-31T15:05:00+02:00 Dr. Carim',
    '2031-03-31T15:00:00+02:00 2031-03-31T15:20:00+02:00 Dr. Basel',
    '2031-03-31T15:00:00+02:00 2031-03-31T15:20:00+02:00 Dr. Carim',
    '2031-03-31T15:15:00+02:00 2031-03-31T15:35:00+02:00 Dr. Basel',
    '2031-03-31T15:15:00+02:00 2031-03-31T15:35:00+02:00 Dr. Carim',
  ],
  short: [
    '2031-03-28T11:00:00+01:00 2031-03-28T11:20:00+01:00 Dr. Amal',
    '2031-03-28T11:00:00+01:00 2031-03-28T11:20:00+01:00 Dr. Basel',
    '2031-03-28T11:00:00+01:00 2031-03-28T11:20:00+01:00 Dr. Carim',
  ],
  sundays: [
    '2031-04-13T00:00:00+02:00 2031-04-13T01:00:00+02:00 Dr. Farah',
    '2031-04-13T00:15:00+02:00 2031-04-13T01:15:00+02:00 Dr. Farah',
    '2031-04-13T00:30:00+02:00 2031-04-13T01:30:00+02:00 Dr. Farah',
    '2031-04-13T00:45:00+02:00 2031-04-13T01:45:00+02:00 Dr. Farah',
    '2031-04-13T01:00:00+02:00 2031-04-13T02:00:00+02:00 Dr. Farah',
    '2031-04-13T01:15:00+02:00 2031-04-13T02:15:00+02:00 Dr. Farah',
    '2031-04-13T01:30:00+02:00 2031-04-13T02:30:00+02:00 Dr. Farah',
    '2031-04-13T01:45:00+02:00 2031-04-13T02:45:00+02:00 Dr. Farah',
    '2031-04-13T02:00:00+02:00 2031-04-13T03:00:00+02:00 Dr. Farah',
    '2031-04-13T02:15:00+02:00 2031-04-13T03:15:00+02:00 Dr. Farah',
    '2031-04-13T02:30:00+02:00 2031-04-13T03:30:00+02:00 Dr. Farah',
    '2031-04-13T02:45:00+02:00 2031-04-13T03:45:00+02:00 Dr. Farah',
    '2031-04-13T03:00:00+02:00 2031-04-13T04:00:00+02:00 Dr. Farah',
    '2031-04-20T00:00:00+02:00 2031-04-20T01:00:00+02:00 Dr. Farah',
    '2031-04-20T00:15:00+02:00 2031-04-20T01:15:00+02:00 Dr. Farah',
    '2031-04-20T00:30:00+02:00 2031-04-20T01:30:00+02:00 Dr. Farah',
    '2031-04-20T00:45:00+02:00 2031-04-20T01:45:00+02:00 Dr. Farah',
    '2031-04-20T01:00:00+02:00 2031-04-20T02:00:00+02:00 Dr. Farah',
    '2031-04-20T01:15:00+02:00 2031-04-20T02:15:00+02:00 Dr. Farah',
    '2031-04-20T01:30:00+02:00 2031-04-20T02:30:00+02:00 Dr. Farah',
  ],
  sundaysLate: [
    '2031-04-20T00:00:00+02:00 2031-04-20T01:00:00+02:00 Dr. Farah',
    '2031-04-20T00:15:00+02:00 2031-04-20T01:15:00+02:00 Dr. Farah',
    '2031-04-20T00:30:00+02:00 2031-04-20T01:30:00+02:00 Dr. Farah',
    '2031-04-20T00:45:00+02:00 2031-04-20T01:45:00+02:00 Dr. Farah',
    '2031-04-20T01:00:00+02:00 2031-04-20T02:00:00+02:00 Dr. Farah',
    '2031-04-20T01:15:00+02:00 2031-04-20T02:15:00+02:00 Dr. Farah',
    '2031-04-20T01:30:00+02:00 2031-04-20T02:30:00+02:00 Dr. Farah',
    '2031-04-20T01:45:00+02:00 2031-04-20T02:45:00+02:00 Dr. Farah',
    '2031-04-20T02:00:00+02:00 2031-04-20T03:00:00+02:00 Dr. Farah',
    '2031-04-20T02:15:00+02:00 2031-04-20T03:15:00+02:00 Dr. Farah',
    '2031-04-20T02:30:00+02:00 2031-04-20T03:30:00+02:00 Dr. Farah',
    '2031-04-20T02:45:00+02:00 2031-04-20T03:45:00+02:00 Dr. Farah',
    '2031-04-20T03:00:00+02:00 2031-04-20T04:00:00+02:00 Dr. Farah',
    '2031-04-27T00:00:00+02:00 2031-04-27T01:00:00+02:00 Dr. Farah',
    '2031-04-27T00:15:00+02:00 2031-04-27T01:15:00+02:00 Dr. Farah',
    '2031-04-27T00:30:00+02:00 2031-04-27T01:30:00+02:00 Dr. Farah',
    '2031-04-27T00:45:00+02:00 2031-04-27T01:45:00+02:00 Dr. Farah',
    '2031-04-27T01:00:00+02:00 2031-04-27T02:00:00+02:00 Dr. Farah',
    '2031-04-27T01:15:00+02:00 2031-04-27T02:15:00+02:00 Dr. Farah',
    '2031-04-27T01:30:00+02:00 2031-04-27T02:30:00+02:00 Dr. Farah',
  ],
};

/** The board of Thursday 27 March (ids named: "appointment 4", "patient 4", "Dr. Amal"). */
const BOARD_TODAY = {
  clinic: { _id: 'clinic', name: 'Pinned Clinic', timeZone: 'Europe/Berlin' },
  date: '2031-03-27',
  counts: { requested: 1, scheduled: 3, arrived: 1, in_consultation: 1, completed: 2, no_show: 0, cancelled: 1 },
  groups: {
    requested: [
      { _id: 'appointment 6', publicId: 'APT-000006', datetime: '2031-03-27T15:10:00+01:00', endsAt: '2031-03-27T15:30:00+01:00', status: 'requested', source: 'staff', patient: { _id: 'patient 6', name: 'Patient 6' }, doctor: { _id: 'Dr. Amal', name: 'Dr. Amal' }, service: { _id: 'service', name: 'Check-up' }, reason: 'Visit 6', version: 1, seriesId: null, overbooked: false, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, arrivedAt: null, calledInAt: null, completedAt: null, waitingMinutes: null, visitMinutes: null, lateCancellation: false, invoice: null },
    ],
    scheduled: [
      { _id: 'appointment 3', publicId: 'APT-000003', datetime: '2031-03-27T11:00:00+01:00', endsAt: '2031-03-27T11:30:00+01:00', status: 'scheduled', source: 'staff', patient: { _id: 'patient 3', name: 'Patient 3' }, doctor: { _id: 'Dr. Amal', name: 'Dr. Amal' }, service: { _id: 'service', name: 'Check-up' }, reason: 'Visit 3', version: 1, seriesId: null, overbooked: false, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, arrivedAt: null, calledInAt: null, completedAt: null, waitingMinutes: null, visitMinutes: null, lateCancellation: false, invoice: null },
      { _id: 'appointment 8', publicId: 'APT-000008', datetime: '2031-03-27T14:30:00+01:00', endsAt: '2031-03-27T15:00:00+01:00', status: 'scheduled', source: 'staff', patient: { _id: 'patient 8', name: 'Patient 8' }, doctor: { _id: 'Dr. Basel', name: 'Dr. Basel' }, service: { _id: 'service', name: 'Check-up' }, reason: 'Visit 8', version: 1, seriesId: null, overbooked: false, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, arrivedAt: null, calledInAt: null, completedAt: null, waitingMinutes: null, visitMinutes: null, lateCancellation: false, invoice: null },
      { _id: 'appointment 9', publicId: 'APT-000009', datetime: '2031-03-27T15:30:00+01:00', endsAt: '2031-03-27T15:50:00+01:00', status: 'scheduled', source: 'staff', patient: { _id: 'patient 9', name: 'Patient 9' }, doctor: { _id: 'Dr. Basel', name: 'Dr. Basel' }, service: { _id: 'service', name: 'Check-up' }, reason: 'Visit 9', version: 1, seriesId: null, overbooked: true, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, arrivedAt: null, calledInAt: null, completedAt: null, waitingMinutes: null, visitMinutes: null, lateCancellation: false, invoice: null },
    ],
    arrived: [
      { _id: 'appointment 4', publicId: 'APT-000004', datetime: '2031-03-27T13:00:00+01:00', endsAt: '2031-03-27T13:20:00+01:00', status: 'arrived', source: 'staff', patient: { _id: 'patient 4', name: 'Patient 4' }, doctor: { _id: 'Dr. Amal', name: 'Dr. Amal' }, service: { _id: 'service', name: 'Check-up' }, reason: 'Visit 4', version: 1, seriesId: null, overbooked: false, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, arrivedAt: '2031-03-27T09:58:00+01:00', calledInAt: null, completedAt: null, waitingMinutes: 9, visitMinutes: null, lateCancellation: false, invoice: null },
    ],
    in_consultation: [
      { _id: 'appointment 2', publicId: 'APT-000002', datetime: '2031-03-27T09:40:00+01:00', endsAt: '2031-03-27T10:00:00+01:00', status: 'in_consultation', source: 'staff', patient: { _id: 'patient 2', name: 'Patient 2' }, doctor: { _id: 'Dr. Amal', name: 'Dr. Amal' }, service: { _id: 'service', name: 'Check-up' }, reason: 'Visit 2', version: 1, seriesId: null, overbooked: false, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, arrivedAt: '2031-03-27T09:35:00+01:00', calledInAt: '2031-03-27T09:50:00+01:00', completedAt: null, waitingMinutes: 15, visitMinutes: null, lateCancellation: false, invoice: null },
    ],
    completed: [
      { _id: 'appointment 1', publicId: 'APT-000001', datetime: '2031-03-27T08:00:00+01:00', endsAt: '2031-03-27T08:20:00+01:00', status: 'completed', source: 'staff', patient: { _id: 'patient 1', name: 'Patient 1' }, doctor: { _id: 'Dr. Amal', name: 'Dr. Amal' }, service: { _id: 'service', name: 'Check-up' }, reason: 'Visit 1', version: 1, seriesId: null, overbooked: false, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, arrivedAt: '2031-03-27T07:50:00+01:00', calledInAt: '2031-03-27T08:02:00+01:00', completedAt: '2031-03-27T08:25:00+01:00', waitingMinutes: 12, visitMinutes: 23, lateCancellation: false, invoice: null },
      { _id: 'appointment 13', publicId: 'APT-000013', datetime: '2031-03-27T13:30:00+01:00', endsAt: '2031-03-27T16:00:00+01:00', status: 'completed', source: 'staff', patient: { _id: 'patient 13', name: 'Patient 13' }, doctor: { _id: 'Dr. Carim', name: 'Dr. Carim' }, service: { _id: 'service', name: 'Check-up' }, reason: 'Visit 13', version: 1, seriesId: null, overbooked: false, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, arrivedAt: null, calledInAt: null, completedAt: '2031-03-27T16:00:00+01:00', waitingMinutes: null, visitMinutes: null, lateCancellation: false, invoice: null },
    ],
    no_show: [],
    cancelled: [
      { _id: 'appointment 5', publicId: 'APT-000005', datetime: '2031-03-27T14:00:00+01:00', endsAt: '2031-03-27T14:20:00+01:00', status: 'cancelled', source: 'staff', patient: { _id: 'patient 5', name: 'Patient 5' }, doctor: { _id: 'Dr. Amal', name: 'Dr. Amal' }, service: { _id: 'service', name: 'Check-up' }, reason: 'Visit 5', version: 1, seriesId: null, overbooked: false, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, arrivedAt: null, calledInAt: null, completedAt: null, waitingMinutes: null, visitMinutes: null, lateCancellation: true, invoice: null },
    ],
  },
};

/** The board of the Sunday the clocks spring forward: 01:30 (UTC+1) and 03:15 (UTC+2) are both that day's. */
const BOARD_SPRING_FORWARD = {
  clinic: { _id: 'clinic', name: 'Pinned Clinic', timeZone: 'Europe/Berlin' },
  date: '2031-03-30',
  counts: { requested: 0, scheduled: 2, arrived: 0, in_consultation: 0, completed: 0, no_show: 0, cancelled: 0 },
  groups: {
    requested: [],
    scheduled: [
      { _id: 'appointment 11', publicId: 'APT-000011', datetime: '2031-03-30T01:30:00+01:00', endsAt: '2031-03-30T01:50:00+01:00', status: 'scheduled', source: 'staff', patient: { _id: 'patient 11', name: 'Patient 11' }, doctor: { _id: 'Dr. Basel', name: 'Dr. Basel' }, service: { _id: 'service', name: 'Check-up' }, reason: 'Visit 11', version: 1, seriesId: null, overbooked: false, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, arrivedAt: null, calledInAt: null, completedAt: null, waitingMinutes: null, visitMinutes: null, lateCancellation: false, invoice: null },
      { _id: 'appointment 12', publicId: 'APT-000012', datetime: '2031-03-30T03:15:00+02:00', endsAt: '2031-03-30T03:35:00+02:00', status: 'scheduled', source: 'staff', patient: { _id: 'patient 12', name: 'Patient 12' }, doctor: { _id: 'Dr. Basel', name: 'Dr. Basel' }, service: { _id: 'service', name: 'Check-up' }, reason: 'Visit 12', version: 1, seriesId: null, overbooked: false, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, arrivedAt: null, calledInAt: null, completedAt: null, waitingMinutes: null, visitMinutes: null, lateCancellation: false, invoice: null },
    ],
    arrived: [],
    in_consultation: [],
    completed: [],
    no_show: [],
    cancelled: [],
  },
};

const asSlots = (lines: string[]) => lines.map((line) => {
  const [datetime, endsAt, ...name] = line.split(' ');
  return { datetime, endsAt, doctor: { _id: name.join(' '), name: name.join(' ') } };
});

describe('pinned answers', () => {
  it('offers the same free times: from now, for one doctor, over a weekend, the night the clocks spring forward, around leave and a holiday', async () => {
    expect(await free({})).toEqual(asSlots(FREE.now!));
    expect(await free({ doctor: ids.carim })).toEqual(asSlots(FREE.doctor!));
    expect(await free({ from: '2031-03-29T00:00:00+01:00' })).toEqual(asSlots(FREE.weekend!));
    expect(await free({ from: '2031-03-30T00:00:00+01:00' })).toEqual(asSlots(FREE.springForward!));
    expect(await free({ from: '2031-03-30T00:00:00+01:00', doctor: ids.basel })).toEqual(asSlots(FREE.springForwardBusy!));
    expect(await free({ from: '2031-03-31T12:00:00+02:00' })).toEqual(asSlots(FREE.leaveAndHoliday!));
    expect(await free({ from: '2031-03-28T11:00:00+01:00', limit: '3' })).toEqual(asSlots(FREE.short!));
    // Filled only in the third week (leave, then Sundays only), and from a later day.
    expect(await free({ service: ids.sundays })).toEqual(asSlots(FREE.sundays!));
    expect(await free({ service: ids.sundays, from: '2031-04-14T00:00:00+02:00' })).toEqual(asSlots(FREE.sundaysLate!));
  });

  it('shows the same board: every card of the day by status, with its visit stamps and waiting time, and today by default', async () => {
    expect(await get(`/api/appointments/board?clinic=${ids.clinic}&date=2031-03-27`)).toEqual(BOARD_TODAY);
    expect(await get(`/api/appointments/board?clinic=${ids.clinic}`)).toEqual(BOARD_TODAY);
    expect(await get(`/api/appointments/board?clinic=${ids.clinic}&date=2031-03-30`)).toEqual(BOARD_SPRING_FORWARD);
  });
});
