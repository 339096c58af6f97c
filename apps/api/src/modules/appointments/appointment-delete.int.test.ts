import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, zonedInstant, zonedIso } from '@clinic/shared';
import { appointments, auditLog, payments, reminders } from '../../db/schema/index.js';
import { createAccount } from '../organisation/provision.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from './fixtures.js';

/*
 * Deleting an appointment: an administrator's correction of a mistaken booking (appointment_delete), never for an
 * appointment with history; the front desk and doctors cancel with a reason instead.
 */

const TZ = 'Asia/Riyadh';
const MON = nextWeekday('Monday', TZ);
const at = (time: string) => zonedIso(zonedInstant(MON, time, TZ), TZ);

let ctx: TestContext;
let a: TestOrg;
const tokens = {} as Record<'receptionist' | 'doctor' | 'deleter', string>;
let booking: { patient: string; doctor: string; clinic: string; service: string };
let slot = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Delete Rules' });
  const db = ctx.database.db;
  const clinic = await insertClinic(db, a.companyId, { timeZone: TZ });
  const doctor = await insertDoctor(db, a.companyId, { clinics: [clinic.id] });
  const service = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [doctor.id], durationMinutes: 15 });
  const patient = await insertPatient(db, a.companyId);
  booking = { patient: patient.id, doctor: doctor.id, clinic: clinic.id, service: service.id };
  for (const [key, roleNames] of [['receptionist', ['Receptionist']], ['doctor', ['Doctor']]] as const) {
    const account = await createAccount(db, a.companyId, a.roleIds, {
      name: key, username: `del_${key}`, email: `del_${key}@a.test`, password: TEST_PASSWORD, employeeType: 'Employee', roleNames: [...roleNames],
    });
    tokens[key] = (await login(ctx, account.username!, TEST_PASSWORD)).accessToken;
  }
  // A role made on the Roles screen that holds the permission without being an administrator.
  const role = await ctx.app.inject({
    method: 'POST', url: '/api/roles', headers: auth(a.token), payload: { name: 'Booking corrections', permissions: ['appointment_read', 'appointment_delete'] },
  });
  expect(role.statusCode).toBe(201);
  const rolesAfter = new Map(a.roleIds).set('Booking corrections', body(role).data._id);
  const deleter = await createAccount(db, a.companyId, rolesAfter, {
    name: 'Corrector', username: 'del_corrector', email: 'del_corrector@a.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: ['Booking corrections'],
  });
  tokens.deleter = (await login(ctx, deleter.username!, TEST_PASSWORD)).accessToken;
});
afterAll(() => ctx.close());

/** A fresh booking, each in its own quarter hour of the Monday. */
async function book(): Promise<string> {
  const minutes = 9 * 60 + 15 * slot++;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const res = await ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: auth(a.token), payload: { ...booking, datetime: at(time), reason: 'Check-up' } });
  expect(res.statusCode).toBe(201);
  return body(res).data._id as string;
}
const remove = (token: string, id: string, lang?: string) => ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${id}`, headers: auth(token, lang) });
const stillThere = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/appointments/${id}`, headers: auth(a.token) })).statusCode === 200;
const deletions = async (id: string) =>
  (await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, id), eq(auditLog.action, 'delete')))).length;

describe('who may delete an appointment', () => {
  it('is granted by no built-in role but Admin', () => {
    const holders = DEFAULT_ROLES.filter((r) => (r.permissions as readonly string[]).includes('appointment_delete') || r.permissions.includes('admin'));
    expect(holders.map((r) => r.name)).toEqual(['Admin']);
  });

  it('refuses a receptionist and a doctor (403) and leaves the appointment as it was', async () => {
    const id = await book();
    for (const who of ['receptionist', 'doctor'] as const) {
      const res = await remove(tokens[who], id);
      expect(res.statusCode, who).toBe(403);
      expect(body(res).message, who).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to do this' });
    }
    expect(await stillThere(id)).toBe(true);
    expect(await deletions(id)).toBe(0);
    // They can still cancel it with a reason, which keeps its history.
    const cancel = await ctx.app.inject({
      method: 'PATCH', url: `/api/appointments/${id}`, headers: auth(tokens.receptionist), payload: { status: 'cancelled', cancellationReason: 'Patient called', version: 1 },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await stillThere(id)).toBe(true);
  });

  it('lets an administrator delete a fresh booking made by mistake, records it, then answers 404', async () => {
    const id = await book();
    const res = await remove(a.token, id);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Appointment deleted');
    expect(await stillThere(id)).toBe(false);
    expect(await deletions(id)).toBe(1);
    expect((await remove(a.token, id)).statusCode).toBe(404);
  });

  it('lets a role holding appointment_delete delete a fresh booking too', async () => {
    const id = await book();
    expect((await remove(tokens.deleter, id)).statusCode).toBe(200);
    expect(await stillThere(id)).toBe(false);
  });
});

describe('an appointment with history is never deleted', () => {
  const db = () => ctx.database.db;
  const where = (id: string) => and(eq(appointments.companyId, a.companyId), eq(appointments.id, id));
  const invoiceFor = async (id: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/invoices/from-appointment/${id}`, headers: auth(a.token), payload: {} });
    expect(res.statusCode).toBe(201);
    return body(res).data as { _id: string };
  };
  const cases: Array<[string, (id: string) => Promise<unknown>, string]> = [
    ['checked in', (id) => db().update(appointments).set({ status: 'arrived', arrivedAt: new Date() }).where(where(id)), 'the visit has already started or been recorded'],
    ['marked absent', (id) => db().update(appointments).set({ status: 'no_show', noShowAt: new Date() }).where(where(id)), 'the visit has already started or been recorded'],
    ['completed', (id) => db().update(appointments).set({ status: 'completed', arrivedAt: new Date(), completedAt: new Date() }).where(where(id)), 'the visit has already started or been recorded'],
    ['with a visit note', (id) => db().update(appointments).set({ visitNote: 'Seen at the door' }).where(where(id)), 'it has a visit note'],
    ['with an invoice', invoiceFor, 'it has an invoice'],
    ['with a payment', async (id) => {
      const invoice = await invoiceFor(id);
      await db().insert(payments).values({ companyId: a.companyId, invoiceId: invoice._id, clinicId: booking.clinic, kind: 'payment', method: 'card', amount: 100 });
    }, 'a payment was taken for it'],
    ['with a reminder sent', (id) => db().insert(reminders).values({ companyId: a.companyId, appointmentId: id, channel: 'sms', dueAt: new Date(), status: 'sent', sentAt: new Date() }), 'a reminder was already sent to the patient'],
    ['marked as reminded', (id) => db().update(appointments).set({ reminderSent: true }).where(where(id)), 'a reminder was already sent to the patient'],
  ];

  it.each(cases)('refuses (409) one %s, says why and to cancel instead, and keeps it', async (_, history, why) => {
    const id = await book();
    await history(id);
    const res = await remove(a.token, id);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toEqual({ code: 'APPOINTMENT_HAS_HISTORY', message: `This appointment cannot be deleted: ${why}. Cancel it with a reason instead.` });
    expect(await stillThere(id)).toBe(true);
    expect(await deletions(id)).toBe(0);
  });

  it('says it in Arabic too', async () => {
    const id = await book();
    await invoiceFor(id);
    const res = await remove(a.token, id, 'ar');
    expect(body(res).message).toEqual({ code: 'APPOINTMENT_HAS_HISTORY', message: 'لا يمكن حذف هذا الموعد: صدرت له فاتورة. ألغِه مع ذكر السبب بدلًا من ذلك.' });
  });

  it('still deletes a booking whose reminders were only planned or skipped', async () => {
    const id = await book();
    await db().insert(reminders).values([
      { companyId: a.companyId, appointmentId: id, channel: 'sms', dueAt: new Date(), status: 'skipped' },
      { companyId: a.companyId, appointmentId: id, channel: 'email', dueAt: new Date(), status: 'planned' },
    ]);
    expect((await remove(a.token, id)).statusCode).toBe(200);
  });
});
