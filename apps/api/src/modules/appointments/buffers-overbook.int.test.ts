import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant, zonedIso } from '@clinic/shared';
import { appointments, auditLog } from '../../db/schema/index.js';
import { auth, body, contextWithOrg, signInStaff, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from './fixtures.js';

const TZ = 'Asia/Riyadh';
let ctx: TestContext;
let a: TestOrg;
let receptionistToken: string;

beforeAll(async () => {
  ({ ctx, org: a } = await contextWithOrg());
  receptionistToken = await signInStaff(ctx, a, {
    name: 'Front Desk', username: 'frontdesk', email: 'frontdesk@example.test', employeeType: 'Administrative', roleNames: ['Receptionist'],
  });
});
afterAll(() => ctx.close());

const post = (token: string, payload: Record<string, unknown>, lang?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: auth(token, lang), payload });
const at = (date: string, time: string) => zonedIso(zonedInstant(date, time, TZ), TZ);

async function setting(opts: { before?: number; after?: number } = {}) {
  const db = ctx.database.db;
  const clinic = await insertClinic(db, a.companyId, { timeZone: TZ });
  const doctor = await insertDoctor(db, a.companyId, { clinics: [clinic.id] });
  const service = await insertService(db, a.companyId, {
    clinicId: clinic.id, doctors: [doctor.id], durationMinutes: 30, bufferBeforeMinutes: opts.before ?? 0, bufferAfterMinutes: opts.after ?? 0,
  });
  const visit = async (time: string, date = nextWeekday('Monday')) => {
    const patient = await insertPatient(db, a.companyId);
    return { patient: patient.id, doctor: doctor.id, clinic: clinic.id, service: service.id, datetime: at(date, time), reason: 'Physiotherapy' };
  };
  return { clinic, doctor, service, visit };
}

describe('service buffers', () => {
  it('block the doctor before and after the visit, and an adjacent buffered visit still fits', async () => {
    const s = await setting({ before: 15, after: 15 });
    const first = await post(a.token, await s.visit('10:00'));
    expect(first.statusCode).toBe(201);
    expect(body(first).data).toMatchObject({ bufferBeforeMinutes: 15, bufferAfterMinutes: 15, overbooked: false });
    // 10:30 is after the visit but inside its cleaning time (10:30–10:45).
    const inBuffer = await post(a.token, await s.visit('10:30'), 'ar');
    expect(inBuffer.statusCode).toBe(409);
    expect(body(inBuffer).message).toMatchObject({ code: 'DOCTOR_DOUBLE_BOOKED', message: 'لدى الطبيب موعد آخر في هذا الوقت' });
    // 11:00 with its own 15 minutes of preparation starts blocking at 10:45, where the first one's time ends.
    expect((await post(a.token, await s.visit('11:00'))).statusCode).toBe(201);
  });

  it('next-free keeps both buffers clear of the doctor\'s blocked time', async () => {
    const s = await setting({ before: 15, after: 15 });
    const date = nextWeekday('Wednesday');
    expect((await post(a.token, await s.visit('09:30', date))).statusCode).toBe(201);
    const res = await ctx.app.inject({
      method: 'GET', headers: auth(a.token),
      url: `/api/appointments/next-free?clinic=${s.clinic.id}&service=${s.service.id}&doctor=${s.doctor.id}&from=${encodeURIComponent(at(date, '09:00'))}&limit=1`,
    });
    expect(res.statusCode).toBe(200);
    // 09:30–10:00 blocks 09:15–10:15; the next visit needs 15 minutes before it: 10:30 on the half-hour grid.
    expect(body(res).data[0].datetime).toBe(at(date, '10:30'));
  });

  it('lets exactly one of 50 simultaneous bookings through when only their buffers overlap', async () => {
    const s = await setting({ before: 15, after: 15 });
    const date = nextWeekday('Tuesday');
    // Starts from 10:00 to 10:49: every two blocked ranges (an hour long each) overlap, though many visits do not.
    const payloads = [];
    for (let i = 0; i < 50; i++) payloads.push(await s.visit(`10:${String(i).padStart(2, '0')}`, date));
    const results = await Promise.all(payloads.map((p) => post(a.token, p)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).map((r) => body(r).message.code)).toEqual(Array(49).fill('DOCTOR_DOUBLE_BOOKED'));
    const stored = await ctx.database.db.select().from(appointments)
      .where(and(eq(appointments.companyId, a.companyId), eq(appointments.doctorId, s.doctor.id)));
    expect(stored).toHaveLength(1);
  });
});

describe('deliberate overbooking', () => {
  it('is refused without the permission appointment_overbook, and nothing is stored', async () => {
    const s = await setting();
    expect((await post(a.token, await s.visit('12:00'))).statusCode).toBe(201);
    const res = await post(receptionistToken, { ...(await s.visit('12:00')), overbook: true }, 'ar');
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toMatchObject({ code: 'OVERBOOK_NOT_ALLOWED', message: 'لا يحق لك الحجز فوق موعد آخر' });
    const plain = await post(receptionistToken, await s.visit('12:00'));
    expect(body(plain).message.code).toBe('DOCTOR_DOUBLE_BOOKED');
    const stored = await ctx.database.db.select().from(appointments).where(and(eq(appointments.companyId, a.companyId), eq(appointments.doctorId, s.doctor.id)));
    expect(stored).toHaveLength(1);
  });

  it('with the permission books on top, marks the appointment overbooked and audits it', async () => {
    const s = await setting({ before: 10, after: 10 });
    expect((await post(a.token, await s.visit('12:00'))).statusCode).toBe(201);
    expect((await post(a.token, await s.visit('12:00'))).statusCode).toBe(409);
    const res = await post(a.token, { ...(await s.visit('12:00')), overbook: true });
    expect(res.statusCode).toBe(201);
    const record = body(res).data;
    expect(record.overbooked).toBe(true);
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.entityId, record._id)));
    expect(audit).toMatchObject({ action: 'overbook', entity: 'appointment', actorId: a.adminId });
    // An ordinary booking of the same slot is still refused: the first appointment holds it.
    expect((await post(a.token, await s.visit('12:00'))).statusCode).toBe(409);
    // "Book anyway" on a free slot is an ordinary booking.
    const free = await post(a.token, { ...(await s.visit('15:00')), overbook: true });
    expect(body(free).data.overbooked).toBe(false);
  });

  it('never books one patient twice at the same time, overbooked or not', async () => {
    const s = await setting();
    const first = await s.visit('16:00');
    expect((await post(a.token, first)).statusCode).toBe(201);
    const res = await post(a.token, { ...first, overbook: true });
    expect(res.statusCode).toBe(409);
    expect(body(res).message.code).toBe('PATIENT_DOUBLE_BOOKED');
  });
});

describe('the answer to a booking', () => {
  it('is the appointment exactly as it reads back, names and numbers included, overbooked or not', async () => {
    const s = await setting({ before: 5, after: 5 });
    const get = async (id: string) => body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${id}`, headers: auth(a.token) })).data;
    const plain = body(await post(a.token, await s.visit('09:00'))).data;
    expect(plain.patient.publicId).toBeTruthy();
    expect(plain.doctor.name).toBeTruthy();
    expect(plain).toEqual(await get(plain._id));
    const over = body(await post(a.token, { ...(await s.visit('09:00')), overbook: true })).data;
    expect(over.overbooked).toBe(true);
    expect(over).toEqual(await get(over._id));
  });
});
