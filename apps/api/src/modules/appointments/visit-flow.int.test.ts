import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, APPOINTMENT_TRANSITIONS, type AppointmentStatus, zonedInstant, zonedIso } from '@clinic/shared';
import { appointments, auditLog, companies } from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { versionOf, withVersion } from '../../test/versions.js';
import { companyBody } from '../../test/organisation-fixtures.js';
import { insertClinic, insertDoctor, insertPatient, insertService, lastSunday } from './fixtures.js';

let ctx: TestContext;
let a: TestOrg;
const ids = {} as Record<'clinic' | 'berlin' | 'doctor' | 'berlinDoctor' | 'service' | 'berlinService' | 'patient', string>;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Front Desk Org' });
  const db = ctx.database.db;
  // Open around the clock: appointments inserted at any hour stay inside the rules.
  const allDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  ids.clinic = (await insertClinic(db, a.companyId, { name: 'Desk Clinic', timeZone: 'Asia/Riyadh', workingHours: [] })).id;
  ids.doctor = (await insertDoctor(db, a.companyId, { name: 'Dr. Desk', clinics: [ids.clinic], workingHours: [] })).id;
  ids.service = (await insertService(db, a.companyId, { clinicId: ids.clinic, doctors: [ids.doctor] })).id;
  ids.patient = (await insertPatient(db, a.companyId, { name: 'Walk In' })).id;
  ids.berlin = (await insertClinic(db, a.companyId, { name: 'Berlin', timeZone: 'Europe/Berlin', workingHours: allDay.map((day) => ({ day, timeSlots: [{ startTime: '00:00', endTime: '00:00' }] })) })).id;
  ids.berlinDoctor = (await insertDoctor(db, a.companyId, { name: 'Dr. Berlin', clinics: [ids.berlin], workingHours: [] })).id;
  ids.berlinService = (await insertService(db, a.companyId, { clinicId: ids.berlin, doctors: [ids.berlinDoctor] })).id;
});
afterAll(() => ctx.close());

const patch = async (id: string, payload: Record<string, unknown>, lang?: string) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${id}`, headers: auth(a.token, lang), payload: (await withVersion(ctx, 'appointments', id, payload)) as Record<string, unknown> });
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(a.token) });

let slot = 0;
/** An appointment stored directly in a status (its own hour, so none overlap), starting `startsInMinutes` from now. */
async function insertAppointment(status: AppointmentStatus, opts: { startsInMinutes?: number; clinic?: string; doctor?: string; service?: string; extra?: Partial<typeof appointments.$inferInsert> } = {}) {
  const db = ctx.database.db;
  slot += 1;
  const startsAt = new Date(Date.now() + (opts.startsInMinutes ?? -slot * 60) * 60_000);
  const [row] = await db.insert(appointments).values({
    companyId: a.companyId, publicId: await nextPublicId(db, a.companyId, 'appointment', 'APT'), patientId: ids.patient,
    doctorId: opts.doctor ?? ids.doctor, clinicId: opts.clinic ?? ids.clinic, serviceId: opts.service ?? ids.service, reason: 'Check-up',
    startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), status, ...opts.extra,
  }).returning();
  return row!;
}

const STAMP: Record<string, [string, string]> = {
  arrived: ['arrivedAt', 'arrivedBy'], in_consultation: ['calledInAt', 'calledInBy'], completed: ['completedAt', 'completedBy'],
  cancelled: ['cancelledAt', 'cancelledBy'], no_show: ['noShowAt', 'noShowBy'],
};

describe('visit status flow', () => {
  const cases = APPOINTMENT_STATUSES.flatMap((from) => APPOINTMENT_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));
  for (const [from, to] of cases) {
    const allowed = APPOINTMENT_TRANSITIONS[from].includes(to);
    it(`${allowed ? 'allows' : 'refuses'} ${from} -> ${to}`, async () => {
      const row = await insertAppointment(from);
      const res = await patch(row.id, { status: to, ...(to === 'cancelled' ? { cancellationReason: 'Patient called' } : {}) });
      const [stored] = await ctx.database.db.select().from(appointments).where(eq(appointments.id, row.id));
      const audits = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, row.id)));
      if (allowed) {
        expect(res.statusCode).toBe(200);
        const data = body(res).data;
        expect(data.status).toBe(to);
        // Accepting a booking requested online stamps no visit step; every other step says when and by whom.
        if (to !== 'scheduled') {
          const [at, by] = STAMP[to]!;
          expect(data[at]).toMatch(/\+03:00$/);
          expect(data[by]).toMatchObject({ _id: a.adminId });
        }
        expect(stored!.version).toBe(row.version + 1);
        expect(audits.map((x) => x.action)).toEqual([to === 'scheduled' ? 'accept' : to]);
        expect(audits[0]!.changes).toMatchObject({ before: { status: from }, after: { status: to } });
      } else {
        expect(res.statusCode).toBe(409);
        expect(body(res).message.code).toBe('INVALID_TRANSITION');
        expect(stored!.status).toBe(from);
        expect(stored!.version).toBe(row.version);
        expect(audits).toEqual([]);
      }
    });
  }

  it('names both statuses in the refusal, in English and Arabic', async () => {
    const row = await insertAppointment('completed');
    const en = await patch(row.id, { status: 'arrived' });
    expect(body(en).message.message).toBe('An appointment that is completed cannot become checked in');
    const ar = await patch(row.id, { status: 'arrived' }, 'ar');
    expect(body(ar).message.message).toBe('لا يمكن نقل موعد حالته «مكتمل» إلى «حاضر»');
  });

  it('marks a no-show only once the appointment has started', async () => {
    const future = await insertAppointment('scheduled', { startsInMinutes: 120 });
    const early = await patch(future.id, { status: 'no_show' });
    expect(early.statusCode).toBe(409);
    expect(body(early).message.code).toBe('NO_SHOW_TOO_EARLY');
    const arrivedEarly = await patch(future.id, { status: 'arrived' });
    expect(arrivedEarly.statusCode).toBe(200);
    expect((await patch(future.id, { status: 'no_show' })).statusCode).toBe(409);

    const started = await insertAppointment('scheduled', { startsInMinutes: -1 });
    const res = await patch(started.id, { status: 'no_show' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: 'Marked as a no-show', data: { status: 'no_show', noShowBy: { _id: a.adminId } } });
  });

  it('needs a reason to cancel, and changes nothing without one', async () => {
    const row = await insertAppointment('arrived');
    const res = await patch(row.id, { status: 'cancelled' });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ cancellationReason: 'Please give a reason for the cancellation' });
    const [stored] = await ctx.database.db.select().from(appointments).where(eq(appointments.id, row.id));
    expect(stored!.status).toBe('arrived');
  });

  it('marks a cancellation within the company\'s late-cancellation hours as late, at the boundary', async () => {
    const cancel = async (startsInMinutes: number) => {
      const row = await insertAppointment('scheduled', { startsInMinutes });
      return body(await patch(row.id, { status: 'cancelled', cancellationReason: 'Changed plans' })).data;
    };
    // Default 24 hours; a few minutes either side of the boundary (the exact boundary is in visit-flow.test.ts).
    expect((await cancel(24 * 60 + 5)).lateCancellation).toBe(false);
    expect((await cancel(24 * 60 - 5)).lateCancellation).toBe(true);
    expect((await cancel(-10)).lateCancellation).toBe(true);
    await ctx.database.db.update(companies).set({ lateCancellationHours: 48 }).where(eq(companies.id, a.companyId));
    expect((await cancel(24 * 60 + 5)).lateCancellation).toBe(true);
    expect((await cancel(48 * 60 + 5)).lateCancellation).toBe(false);
    await ctx.database.db.update(companies).set({ lateCancellationHours: 24 }).where(eq(companies.id, a.companyId));
  });

  it('reschedules only while scheduled', async () => {
    const row = await insertAppointment('arrived', { startsInMinutes: 60 * 24 * 3 });
    const res = await patch(row.id, { datetime: new Date(Date.now() + 4 * 86_400_000).toISOString() });
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toMatchObject({ code: 'RESCHEDULE_NOT_SCHEDULED', message: 'Only a scheduled appointment can be moved; this one is checked in' });
  });

  it('applies one of 5 simultaneous check-ins, once', async () => {
    const row = await insertAppointment('scheduled', { startsInMinutes: 30 });
    const version = await versionOf(ctx, 'appointments', row.id);
    const results = await Promise.all(Array.from({ length: 5 }, () =>
      ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${row.id}`, headers: auth(a.token), payload: { version, status: 'arrived' } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(body(r).message.code).toBe('STALE_RECORD');
    const [stored] = await ctx.database.db.select().from(appointments).where(eq(appointments.id, row.id));
    expect(stored).toMatchObject({ status: 'arrived', version: version + 1 });
    const audits = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, row.id)));
    expect(audits.map((x) => x.action)).toEqual(['arrived']);
  });

  it('applies a transition once even when every request sends the current version (the status is checked in the statement)', async () => {
    const row = await insertAppointment('arrived', { startsInMinutes: 200 });
    const version = await versionOf(ctx, 'appointments', row.id);
    const results = await Promise.all([
      ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${row.id}`, headers: auth(a.token), payload: { version, status: 'in_consultation' } }),
      ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${row.id}`, headers: auth(a.token), payload: { version, status: 'cancelled', cancellationReason: 'Left' } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('visit times and notes', () => {
  it('derives waiting time and visit length, and waits until now while checked in', async () => {
    const arrivedAt = new Date(Date.now() - 25 * 60_000);
    const waiting = await insertAppointment('arrived', { startsInMinutes: -20, extra: { arrivedAt } });
    const w = body(await get(`/api/appointments/${waiting.id}`)).data;
    expect(w.waitingMinutes).toBeGreaterThanOrEqual(25);
    expect(w.waitingMinutes).toBeLessThan(35);
    expect(w.visitMinutes).toBeNull();
    expect(w.arrivedAt).toBe(zonedIso(arrivedAt, 'Asia/Riyadh'));

    const called = await patch(waiting.id, { status: 'in_consultation' });
    expect(body(called).message).toBe('Patient called in');
    await ctx.database.db.update(appointments).set({ calledInAt: new Date(arrivedAt.getTime() + 12 * 60_000) }).where(eq(appointments.id, waiting.id));
    const done = body(await patch(waiting.id, { status: 'completed', visitNote: '  Blood pressure normal. Review in 6 months.  ' })).data;
    expect(done).toMatchObject({ status: 'completed', waitingMinutes: 12, visitNote: 'Blood pressure normal. Review in 6 months.' });
    expect(done.visitMinutes).toBeGreaterThanOrEqual(13);
  });

  for (const [month, arrived, calledIn] of [[3, '01:50', '03:10'], [10, '02:50', '02:10']] as const) {
    it(`counts waiting time in real minutes across the ${month === 3 ? 'March' : 'October'} clock change (Europe/Berlin)`, async () => {
      const day = lastSunday(2025, month);
      // In March 02:00-03:00 does not exist; in October 02:00-03:00 happens twice (first +02:00, then +01:00).
      const arrivedAt = month === 3 ? zonedInstant(day, arrived, 'Europe/Berlin') : new Date(`${day}T${arrived}:00+02:00`);
      const calledInAt = month === 3 ? zonedInstant(day, calledIn, 'Europe/Berlin') : new Date(`${day}T${calledIn}:00+01:00`);
      const row = await insertAppointment('in_consultation', {
        clinic: ids.berlin, doctor: ids.berlinDoctor, service: ids.berlinService,
        extra: { startsAt: arrivedAt, endsAt: new Date(arrivedAt.getTime() + 30 * 60_000), arrivedAt, calledInAt },
      });
      const data = body(await get(`/api/appointments/${row.id}`)).data;
      expect(data.waitingMinutes).toBe(20);
      expect(data.arrivedAt).toBe(month === 3 ? `${day}T01:50:00+01:00` : `${day}T02:50:00+02:00`);
      expect(data.calledInAt).toBe(month === 3 ? `${day}T03:10:00+02:00` : `${day}T02:10:00+01:00`);
    });
  }

  it('keeps a visit note on a completed visit only, audits it and shows it in the treatment history', async () => {
    const row = await insertAppointment('arrived');
    const tooSoon = await patch(row.id, { visitNote: 'Too soon' });
    expect(tooSoon.statusCode).toBe(422);
    expect(body(tooSoon).message.fields).toEqual({ visitNote: 'A visit note can be written only when the visit is completed' });
    const tooLong = await patch(row.id, { status: 'completed', visitNote: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(422);
    expect(body(tooLong).message.fields.visitNote).toBeTruthy();
    expect((await patch(row.id, { status: 'completed' })).statusCode).toBe(200);
    const noted = await patch(row.id, { visitNote: 'Prescribed rest.' });
    expect(noted.statusCode).toBe(200);
    expect(body(noted)).toMatchObject({ message: 'Visit note saved', data: { visitNote: 'Prescribed rest.', status: 'completed' } });
    const other = await patch(row.id, { visitNote: 'Rest', reason: 'Changed' });
    expect(other.statusCode).toBe(422);

    const audits = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, row.id)));
    expect(audits.map((x) => x.action)).toEqual(['completed', 'update']);
    expect(audits[1]!.changes).toMatchObject({ before: { visitNote: null }, after: { visitNote: 'Prescribed rest.' } });

    const patient = body(await get(`/api/patients/${ids.patient}`)).data;
    const entry = patient.treatment.history.find((e: { _id: string }) => e._id === row.id);
    expect(entry).toMatchObject({ status: 'completed', visitNote: 'Prescribed rest.' });
  });

  it('filters lists by one status or several', async () => {
    const db = ctx.database.db;
    const one = body(await get(`/api/appointments?status=in_consultation&limit=30`));
    expect(one.data.length).toBeGreaterThan(0);
    expect(new Set(one.data.map((x: { status: string }) => x.status))).toEqual(new Set(['in_consultation']));
    const several = body(await get(`/api/appointments?status=arrived,no_show&allData=true`));
    const rows = await db.select({ status: appointments.status }).from(appointments).where(eq(appointments.companyId, a.companyId));
    expect(several.data).toHaveLength(rows.filter((r) => r.status === 'arrived' || r.status === 'no_show').length);
    const bad = await get('/api/appointments?status=arrived,gone');
    expect(bad.statusCode).toBe(422);
    expect(body(bad).message.fields).toEqual({ status: 'Use statuses from: requested, scheduled, arrived, in_consultation, completed, no_show, cancelled' });
  });
});

describe('late cancellation setting', () => {
  it('reads and writes lateCancellationHours through the company, 0..720 whole hours', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/companies', headers: auth(a.token), payload: companyBody() });
    expect(created.statusCode).toBe(201);
    expect(body(created).data.lateCancellationHours).toBe(24);
    const put = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'PUT', url: `/api/companies/${a.companyId}`, headers: auth(a.token), payload });
    const bad = await put({ ...companyBody(), version: body(created).data.version, lateCancellationHours: 721 });
    expect(bad.statusCode).toBe(422);
    expect(body(bad).message.fields).toEqual({ lateCancellationHours: 'Late cancellation must be a whole number of hours from 0 to 720' });
    const ok = await put({ ...companyBody(), version: body(created).data.version, lateCancellationHours: 2 });
    expect(ok.statusCode).toBe(200);
    expect(body(ok).data.lateCancellationHours).toBe(2);
    // Left out: unchanged.
    const again = await put({ ...companyBody(), version: body(ok).data.version });
    expect(body(again).data.lateCancellationHours).toBe(2);
    const row = await insertAppointment('scheduled', { startsInMinutes: 5 * 60 });
    expect(body(await patch(row.id, { status: 'cancelled', cancellationReason: 'Rain' })).data.lateCancellation).toBe(false);
  });
});
