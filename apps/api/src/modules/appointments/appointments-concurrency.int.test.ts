import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedInstant, zonedIso } from '@clinic/shared';
import { appointments } from '../../db/schema/index.js';
import { auth, body, contextWithOrg, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextClockChange, nextWeekday } from './fixtures.js';

let ctx: TestContext;
let a: TestOrg;

beforeAll(async () => {
  ({ ctx, org: a } = await contextWithOrg());
});
afterAll(() => ctx.close());

const post = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: auth(a.token), payload });

describe('no double booking under concurrency', () => {
  it('lets exactly one of 50 simultaneous bookings of one doctor\'s slot through', async () => {
    const db = ctx.database.db;
    const clinic = await insertClinic(db, a.companyId, { timeZone: 'Asia/Riyadh' });
    const doctor = await insertDoctor(db, a.companyId, { clinics: [clinic.id] });
    const service = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [doctor.id] });
    const patients = [];
    for (let i = 0; i < 50; i++) patients.push(await insertPatient(db, a.companyId, { name: `Patient ${i}` }));
    const datetime = zonedIso(zonedInstant(nextWeekday('Monday'), '10:00', 'Asia/Riyadh'), 'Asia/Riyadh');

    const results = await Promise.all(
      patients.map((p, i) => post({ patient: p.id, doctor: doctor.id, clinic: clinic.id, service: service.id, datetime, reason: `Visit ${i}` })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(body(r).message.code).toBe('DOCTOR_DOUBLE_BOOKED');
    const stored = await db.select().from(appointments).where(and(eq(appointments.companyId, a.companyId), eq(appointments.doctorId, doctor.id)));
    expect(stored).toHaveLength(1);
    // Refused bookings used up no public number.
    expect(stored[0]!.publicId).toBe('APT-000001');
  });

  it('lets exactly one of 20 simultaneous bookings of one patient with different doctors through', async () => {
    const db = ctx.database.db;
    const clinic = await insertClinic(db, a.companyId, { timeZone: 'Asia/Riyadh' });
    const doctors = [];
    for (let i = 0; i < 20; i++) doctors.push(await insertDoctor(db, a.companyId, { clinics: [clinic.id] }));
    const service = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: doctors.map((d) => d.id) });
    const patient = await insertPatient(db, a.companyId);
    const datetime = zonedIso(zonedInstant(nextWeekday('Tuesday'), '11:00', 'Asia/Riyadh'), 'Asia/Riyadh');
    const results = await Promise.all(
      doctors.map((d) => post({ patient: patient.id, doctor: d.id, clinic: clinic.id, service: service.id, datetime, reason: 'Second opinion' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).map((r) => body(r).message.code)).toEqual(Array(19).fill('PATIENT_DOUBLE_BOOKED'));
  });
});

describe('time zones with daylight saving (Europe/Berlin)', () => {
  const TZ = 'Europe/Berlin';
  let clinicId: string;
  let doctorId: string;
  let serviceId: string;

  beforeAll(async () => {
    const db = ctx.database.db;
    const hours = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({ day, timeSlots: [{ startTime: '09:00', endTime: '17:00' }] }));
    const clinic = await insertClinic(db, a.companyId, { name: 'Berlin Mitte', timeZone: TZ, workingHours: hours });
    const doctor = await insertDoctor(db, a.companyId, {
      clinics: [clinic.id],
      workingHours: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({ day, startTime: '09:00', endTime: '17:00' })),
    });
    clinicId = clinic.id;
    doctorId = doctor.id;
    serviceId = (await insertService(db, a.companyId, { clinicId, doctors: [doctorId] })).id;
  });

  for (const [month, before, after] of [[3, '+01:00', '+02:00'], [10, '+02:00', '+01:00']] as const) {
    it(`keeps 09:00 at 09:00 on both sides of the ${month === 3 ? 'March' : 'October'} clock change`, async () => {
      const change = nextClockChange(month);
      const saturday = addDays(change, -1);
      const monday = addDays(change, 1);
      const patient = await insertPatient(ctx.database.db, a.companyId);
      const book = (date: string, time: string, offset: string) =>
        post({ patient: patient.id, doctor: doctorId, clinic: clinicId, service: serviceId, datetime: `${date}T${time}:00${offset}`, reason: 'Check-up' });

      const first = await book(saturday, '09:00', before);
      expect(first.statusCode).toBe(201);
      expect(body(first).data).toMatchObject({ datetime: `${saturday}T09:00:00${before}`, clinicTimeZone: TZ });
      const second = await book(monday, '09:00', after);
      expect(second.statusCode).toBe(201);
      expect(body(second).data.datetime).toBe(`${monday}T09:00:00${after}`);
      // The same instant as Saturday's 09:00 shifted by exactly 48 hours is no longer 09:00 on Monday.
      const shifted = new Date(Date.parse(body(first).data.datetime) + 2 * 86_400_000);
      const res = await post({ patient: patient.id, doctor: doctorId, clinic: clinicId, service: serviceId, datetime: shifted.toISOString(), reason: 'Check-up' });
      if (month === 3) {
        // 09:00 +01:00 plus 48 h is 10:00 summer time: inside the hours.
        expect(res.statusCode).toBe(201);
        expect(body(res).data.datetime).toBe(`${monday}T10:00:00+02:00`);
      } else {
        // 09:00 +02:00 plus 48 h is 08:00 winter time: before the clinic opens.
        expect(res.statusCode).toBe(422);
        expect(body(res).message.message).toBe(`The appointment (08:00–08:30) is outside the clinic's working hours on ${monday} (09:00–17:00)`);
      }
      // A date filter reads the clinic's own calendar day.
      const list = body(await ctx.app.inject({ method: 'GET', url: `/api/appointments?date=${monday}&patient=${patient.id}`, headers: auth(a.token) }));
      expect(list.data.map((x: { datetime: string }) => x.datetime.slice(11, 16)).sort()).toEqual(month === 3 ? ['09:00', '10:00'] : ['09:00']);
    });
  }

  it('describes the week across the change with the same local hours', async () => {
    const change = nextClockChange(3);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointments/availability?clinic=${clinicId}&from=${addDays(change, -2)}&to=${addDays(change, 2)}`,
      headers: auth(a.token),
    });
    const days = body(res).data.days as Array<{ weekday: string; clinicHours: unknown }>;
    expect(days.map((d) => d.weekday)).toEqual(['Friday', 'Saturday', 'Sunday', 'Monday', 'Tuesday']);
    for (const d of days) expect(d.clinicHours).toEqual([{ startTime: '09:00', endTime: '17:00' }]);
  });
});
