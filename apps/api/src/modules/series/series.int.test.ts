import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, zonedInstant, zonedIso } from '@clinic/shared';
import { appointmentSeries, appointments } from '../../db/schema/index.js';
import { auth, body, orgTest, createOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextClockChange, nextWeekday } from '../appointments/fixtures.js';

const TZ = 'Europe/Berlin';
const { ctx, org: a, call } = await orgTest();

const at = (date: string, time: string) => zonedIso(zonedInstant(date, time, TZ), TZ);

async function setting() {
  const db = ctx.database.db;
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const clinic = await insertClinic(db, a.companyId, { timeZone: TZ, workingHours: days.map((day) => ({ day, timeSlots: [{ startTime: '08:00', endTime: '18:00' }] })) });
  const doctor = await insertDoctor(db, a.companyId, { clinics: [clinic.id], workingHours: days.map((day) => ({ day, startTime: '08:00', endTime: '18:00' })) });
  const service = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [doctor.id], durationMinutes: 45, bufferAfterMinutes: 15 });
  const patient = await insertPatient(db, a.companyId);
  const base = { patient: patient.id, doctor: doctor.id, clinic: clinic.id, service: service.id, reason: 'Physiotherapy' };
  return { clinic, doctor, service, patient, base };
}

async function stored(seriesId: string) {
  return ctx.database.db.select().from(appointments)
    .where(and(eq(appointments.companyId, a.companyId), eq(appointments.seriesId, seriesId))).orderBy(appointments.startsAt);
}

describe('recurring series', () => {
  it('keeps 09:00 at 09:00 across the March clock change, and the preview equals what is booked', async () => {
    const s = await setting();
    const change = nextClockChange(3);
    const first = addDays(change, -8); // the Saturday a week before the change
    const payload = { ...s.base, datetime: at(first, '09:00'), recurrence: { frequency: 'weekly', count: 3 } };
    const preview = await call('POST', '/api/appointment-series?preview=true', payload);
    expect(preview.statusCode).toBe(200);
    const previewed = body(preview).data;
    expect(previewed.series).toBeNull();
    expect(previewed.occurrences.map((o: { datetime: string }) => o.datetime)).toEqual([
      `${first}T09:00:00+01:00`, `${addDays(first, 7)}T09:00:00+01:00`, `${addDays(first, 14)}T09:00:00+02:00`,
    ]);
    // The preview stored nothing.
    expect(await ctx.database.db.select().from(appointments).where(eq(appointments.patientId, s.patient.id))).toHaveLength(0);

    const booked = await call('POST', '/api/appointment-series', payload);
    expect(booked.statusCode).toBe(201);
    const data = body(booked).data;
    expect(data.occurrences.map((o: { appointment: string | null }) => ({ ...o, appointment: null }))).toEqual(previewed.occurrences);
    expect(data.rrule).toMatch(/^FREQ=WEEKLY;INTERVAL=1;BYDAY=SA;COUNT=3$/);
    const rows = await stored(data.series._id);
    expect(rows.map((r) => zonedIso(r.startsAt, TZ))).toEqual(previewed.occurrences.map((o: { datetime: string }) => o.datetime));
    expect(rows.every((r) => r.bufferAfterMinutes === 15)).toBe(true);
    // Each occurrence reads back as an ordinary appointment linked to its series.
    const one = body(await call('GET', `/api/appointments/${rows[0]!.id}`)).data;
    expect(one).toMatchObject({ seriesId: data.series._id, status: 'scheduled' });
  });

  it('answers a conflict in the preview with the single booking\'s translated reason, and books the free occurrences only', async () => {
    const s = await setting();
    const monday = nextWeekday('Monday', TZ, 3);
    const other = await insertPatient(ctx.database.db, a.companyId);
    // Another patient holds the doctor at 10:30 on the second Monday: inside the series' 10:00 visit and its buffer.
    expect((await call('POST', '/api/appointments', { ...s.base, patient: other.id, datetime: at(addDays(monday, 7), '10:30') })).statusCode).toBe(201);
    const payload = { ...s.base, datetime: at(monday, '10:00'), recurrence: { frequency: 'weekly', weekdays: [0], count: 3 } };
    const preview = body(await call('POST', '/api/appointment-series?preview=true', payload, 'ar')).data;
    expect(preview.occurrences.map((o: { free: boolean }) => o.free)).toEqual([true, false, true]);
    expect(preview.occurrences[1]).toMatchObject({ code: 'DOCTOR_DOUBLE_BOOKED', message: 'لدى الطبيب موعد آخر في هذا الوقت' });
    const res = await call('POST', '/api/appointment-series', payload);
    expect(res.statusCode).toBe(201);
    expect(body(res).data).toMatchObject({ booked: 2, refused: 1 });
    expect(body(res).message).toBe('2 appointments booked, 1 refused');
    expect(await stored(body(res).data.series._id)).toHaveLength(2);
  });

  it('stores nothing when no occurrence is free, and bounds the expansion with a translated reason', async () => {
    const s = await setting();
    const monday = nextWeekday('Monday', TZ, 3);
    // 07:00 is before the clinic opens every time.
    const none = await call('POST', '/api/appointment-series', { ...s.base, datetime: at(monday, '07:00'), recurrence: { frequency: 'daily', count: 3 } });
    expect(none.statusCode).toBe(409);
    expect(body(none).message.code).toBe('SERIES_NOTHING_FREE');
    expect(await ctx.database.db.select().from(appointmentSeries).where(eq(appointmentSeries.patientId, s.patient.id))).toHaveLength(0);
    const tooMany = await call('POST', '/api/appointment-series', {
      ...s.base, datetime: at(monday, '09:00'), recurrence: { frequency: 'daily', until: addDays(monday, 400) },
    }, 'ar');
    expect(tooMany.statusCode).toBe(422);
    expect(body(tooMany).message.fields).toEqual({ recurrence: 'ينتج هذا التكرار أكثر من 200 موعدًا؛ اجعل نهايته أقرب' });
    const noEnd = await call('POST', '/api/appointment-series', { ...s.base, datetime: at(monday, '09:00'), recurrence: { frequency: 'daily' } });
    expect(noEnd.statusCode).toBe(422);
  });

  it('cancelling "this and following" leaves the earlier and the completed occurrences', async () => {
    const s = await setting();
    const monday = nextWeekday('Monday', TZ, 3);
    const res = body(await call('POST', '/api/appointment-series', { ...s.base, datetime: at(monday, '11:00'), recurrence: { frequency: 'weekly', count: 5 } })).data;
    const rows = await stored(res.series._id);
    // The fourth visit is already done (recorded directly: completing needs the visit to have happened).
    await ctx.database.db.update(appointments).set({ status: 'completed', completedAt: new Date() }).where(eq(appointments.id, rows[3]!.id));
    const stale = await call('DELETE', `/api/appointment-series/${res.series._id}?scope=following&occurrence=${rows[2]!.id}&version=${res.series.version + 1}`);
    expect(stale.statusCode).toBe(409);
    const cancel = await call('DELETE', `/api/appointment-series/${res.series._id}?scope=following&occurrence=${rows[2]!.id}&reason=Moved%20away&version=${res.series.version}`);
    expect(cancel.statusCode).toBe(200);
    expect(body(cancel).message).toBe('2 appointments cancelled');
    expect((await stored(res.series._id)).map((r) => r.status)).toEqual(['scheduled', 'scheduled', 'cancelled', 'completed', 'cancelled']);
    const series = body(await call('GET', `/api/appointment-series/${res.series._id}`)).data;
    expect(series.occurrences.map((o: { status: string }) => o.status)).toEqual(['scheduled', 'scheduled', 'cancelled', 'completed', 'cancelled']);
    // Nothing left in scope: said, not a silent success.
    const again = await call('DELETE', `/api/appointment-series/${res.series._id}?scope=this&occurrence=${rows[4]!.id}&version=${series.version}`);
    expect(body(again).message.code).toBe('SERIES_NOTHING_TO_CHANGE');
  });

  it('moves the following occurrences to a new local time, all or nothing', async () => {
    const s = await setting();
    const monday = nextWeekday('Monday', TZ, 3);
    const res = body(await call('POST', '/api/appointment-series', { ...s.base, datetime: at(monday, '09:00'), recurrence: { frequency: 'weekly', count: 3 } })).data;
    const rows = await stored(res.series._id);
    // Another patient holds 14:00 on the third Monday: moving the second and third there is refused as a whole.
    const other = await insertPatient(ctx.database.db, a.companyId);
    const blocker = body(await call('POST', '/api/appointments', { ...s.base, patient: other.id, datetime: at(addDays(monday, 14), '14:00') })).data;
    const refused = await call('PATCH', `/api/appointment-series/${res.series._id}`, {
      scope: 'following', occurrence: rows[1]!.id, datetime: at(addDays(monday, 7), '14:00'), version: res.series.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message.message).toBe(`The occurrence on ${addDays(monday, 14)} cannot be moved: The doctor already has an appointment at this time`);
    expect((await stored(res.series._id)).map((r) => zonedIso(r.startsAt, TZ).slice(11, 16))).toEqual(['09:00', '09:00', '09:00']);

    await call('PATCH', `/api/appointments/${blocker._id}`, { status: 'cancelled', cancellationReason: 'Freed', version: blocker.version });
    const moved = await call('PATCH', `/api/appointment-series/${res.series._id}`, {
      scope: 'following', occurrence: rows[1]!.id, datetime: at(addDays(monday, 7), '14:00'), version: res.series.version,
    });
    expect(moved.statusCode).toBe(200);
    expect((await stored(res.series._id)).map((r) => zonedIso(r.startsAt, TZ).slice(11, 16))).toEqual(['09:00', '14:00', '14:00']);
  });

  it('a series of another company is not found', async () => {
    const other = await createOrg(ctx);
    const s = await setting();
    const res = body(await call('POST', '/api/appointment-series', { ...s.base, datetime: at(nextWeekday('Friday', TZ, 3), '09:00'), recurrence: { frequency: 'daily', count: 2 } })).data;
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/appointment-series/${res.series._id}`, headers: auth(other.token) });
    expect(seen.statusCode).toBe(404);
  });
});
