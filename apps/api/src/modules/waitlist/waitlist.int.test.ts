import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { zonedInstant, zonedIso } from '@clinic/shared';
import { appointments, waitlistEntries } from '../../db/schema/index.js';
import { body, orgTest, settleEvents } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';

const TZ = 'Asia/Riyadh';
const { ctx, org: a, call } = await orgTest();

const at = (date: string, time: string) => zonedIso(zonedInstant(date, time, TZ), TZ);

async function setting() {
  const db = ctx.database.db;
  const clinic = await insertClinic(db, a.companyId, { timeZone: TZ });
  const doctor = await insertDoctor(db, a.companyId, { clinics: [clinic.id] });
  const otherDoctor = await insertDoctor(db, a.companyId, { clinics: [clinic.id] });
  const service = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [doctor.id, otherDoctor.id], durationMinutes: 30 });
  const date = nextWeekday('Wednesday');
  const owner = await insertPatient(db, a.companyId);
  const booked = body(await call('POST', '/api/appointments', {
    patient: owner.id, doctor: doctor.id, clinic: clinic.id, service: service.id, datetime: at(date, '10:00'), reason: 'Dialysis',
  })).data;
  const cancelled = body(await call('PATCH', `/api/appointments/${booked._id}`, { status: 'cancelled', cancellationReason: 'Travelling', version: booked.version })).data;
  const add = async (over: Record<string, unknown> = {}) => {
    const patient = await insertPatient(db, a.companyId);
    const res = await call('POST', '/api/waitlist', { patient: patient.id, service: service.id, ...over });
    expect(res.statusCode, res.body).toBe(201);
    return body(res).data;
  };
  return { clinic, doctor, otherDoctor, service, date, owner, cancelled, add };
}

describe('waitlist', () => {
  it('refuses a malformed entry with translated reasons and stores nothing', async () => {
    const s = await setting();
    const patient = await insertPatient(ctx.database.db, a.companyId);
    const res = await call('POST', '/api/waitlist', { patient: patient.id, service: s.service.id, weekdays: [7], timeFrom: '25:00', priority: 5 }, 'ar');
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toMatchObject({
      'weekdays.0': 'أيام الأسبوع أرقام من 0 (الإثنين) إلى 6 (الأحد)', timeFrom: 'استخدم وقتًا مثل 09:30', priority: 'يجب أن تكون الأولوية 0 (عادية) أو 1 (قريبة) أو 2 (عاجلة)',
    });
    expect(await ctx.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.patientId, patient.id))).toHaveLength(0);
  });

  it('lists open entries by priority, then by how long they have waited, and offers a freed slot to those it fits', async () => {
    const s = await setting();
    const routine = await s.add({ note: 'Routine' });
    const urgent = await s.add({ priority: 2, weekdays: [2], timeFrom: '09:00', timeTo: '12:00' });
    const otherDoctor = await s.add({ priority: 2, doctor: s.otherDoctor.id });
    const afternoon = await s.add({ timeFrom: '14:00' });
    const list = body(await call('GET', `/api/waitlist?service=${s.service.id}`)).data.map((e: { _id: string }) => e._id);
    expect(list).toEqual([urgent._id, otherDoctor._id, routine._id, afternoon._id]);

    const res = await call('GET', `/api/waitlist/matches?appointment=${s.cancelled._id}`);
    expect(res.statusCode).toBe(200);
    expect(body(res).data.slot).toMatchObject({ doctor: s.doctor.id, datetime: at(s.date, '10:00'), endsAt: at(s.date, '10:30') });
    expect(body(res).data.entries.map((e: { _id: string }) => e._id)).toEqual([urgent._id, routine._id]);
    // The slot a reschedule left, given outright.
    const given = await call('GET', `/api/waitlist/matches?doctor=${s.otherDoctor.id}&service=${s.service.id}&datetime=${encodeURIComponent(at(s.date, '15:00'))}`);
    expect(body(given).data.entries.map((e: { _id: string }) => e._id)).toEqual([otherDoctor._id, routine._id, afternoon._id]);
  });

  it('tells the staff how many waiting patients fit a slot a cancellation freed', async () => {
    const s = await setting();
    await s.add({ priority: 1 });
    await s.add();
    const patient = await insertPatient(ctx.database.db, a.companyId);
    const booked = body(await call('POST', '/api/appointments', {
      patient: patient.id, doctor: s.doctor.id, clinic: s.clinic.id, service: s.service.id, datetime: at(s.date, '12:00'), reason: 'Check-up',
    })).data;
    await call('PATCH', `/api/appointments/${booked._id}`, { status: 'cancelled', cancellationReason: 'Ill', version: booked.version });
    await settleEvents(ctx);
    const bell = body(await call('GET', '/api/notifications?allData=true')).data as Array<{ kind: string; entityId: string; text: string }>;
    const offer = bell.find((n) => n.kind === 'waitlist_match' && n.entityId === booked._id);
    expect(offer?.text).toMatch(/^2 waiting patients fit the freed slot/);
  });

  it('a scheduled appointment frees no slot', async () => {
    const s = await setting();
    const patient = await insertPatient(ctx.database.db, a.companyId);
    const live = body(await call('POST', '/api/appointments', {
      patient: patient.id, doctor: s.doctor.id, clinic: s.clinic.id, service: s.service.id, datetime: at(s.date, '11:00'), reason: 'Check-up',
    })).data;
    const res = await call('GET', `/api/waitlist/matches?appointment=${live._id}`, undefined, 'ar');
    expect(res.statusCode).toBe(409);
    expect(body(res).message.code).toBe('SLOT_NOT_FREE');
  });

  it('offers a freed slot only while booking it would be accepted: not once retaken, not after closing', async () => {
    const s = await setting();
    await s.add();
    const patient = await insertPatient(ctx.database.db, a.companyId);
    const retaken = await call('POST', '/api/appointments', {
      patient: patient.id, doctor: s.doctor.id, clinic: s.clinic.id, service: s.service.id, datetime: at(s.date, '10:15'), reason: 'Check-up',
    });
    expect(retaken.statusCode).toBe(201);
    const res = await call('GET', `/api/waitlist/matches?appointment=${s.cancelled._id}`);
    expect(res.statusCode).toBe(409);
    expect(body(res).message.code).toBe('SLOT_NOT_FREE');
    // 17:45 + 30 minutes ends after the clinic closes at 18:00: booking would refuse it, so no one is offered it.
    const late = await call('GET', `/api/waitlist/matches?doctor=${s.doctor.id}&service=${s.service.id}&datetime=${encodeURIComponent(at(s.date, '17:45'))}`, undefined, 'ar');
    expect(late.statusCode).toBe(422);
    expect(body(late).message.code).toBe('OUTSIDE_CLINIC_HOURS');
  });

  it('books an entry into the freed slot in one click and closes it with the appointment', async () => {
    const s = await setting();
    const entry = await s.add({ priority: 1 });
    const res = await call('POST', `/api/waitlist/${entry._id}/book`, { appointment: s.cancelled._id, version: entry.version }, 'ar');
    expect(res.statusCode).toBe(201);
    expect(body(res).message).toBe('تم الحجز من قائمة الانتظار');
    const appointment = body(res).data;
    expect(appointment).toMatchObject({ patient: { _id: entry.patient._id }, doctor: { _id: s.doctor.id }, datetime: at(s.date, '10:00'), status: 'scheduled' });
    const [stored] = await ctx.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry._id));
    expect(stored).toMatchObject({ status: 'booked', appointmentId: appointment._id });
    // Booked entries leave the open list and are offered no more.
    expect(body(await call('GET', `/api/waitlist?service=${s.service.id}`)).data).toEqual([]);
    const again = await call('POST', `/api/waitlist/${entry._id}/book`, { appointment: s.cancelled._id, version: stored!.version });
    expect(again.statusCode).toBe(409);
    expect(body(again).message.code).toBe('WAITLIST_NOT_OPEN');
  });

  it('two desks booking the same entry at once: one wins, the other changes nothing', async () => {
    const s = await setting();
    const entry = await s.add();
    // Different slots, so only the entry itself decides.
    const results = await Promise.all([
      call('POST', `/api/waitlist/${entry._id}/book`, { doctor: s.doctor.id, datetime: at(s.date, '15:00'), version: entry.version }),
      call('POST', `/api/waitlist/${entry._id}/book`, { doctor: s.otherDoctor.id, datetime: at(s.date, '16:00'), version: entry.version }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const stored = await ctx.database.db.select().from(appointments)
      .where(and(eq(appointments.companyId, a.companyId), eq(appointments.patientId, entry.patient._id)));
    expect(stored).toHaveLength(1);
    const [closed] = await ctx.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry._id));
    expect(closed!.appointmentId).toBe(stored[0]!.id);
  });

  it('closing an entry takes it off the list', async () => {
    const s = await setting();
    const entry = await s.add();
    expect((await call('DELETE', `/api/waitlist/${entry._id}?version=${entry.version}`)).statusCode).toBe(200);
    expect(body(await call('GET', `/api/waitlist?service=${s.service.id}&status=closed`)).data.map((e: { _id: string }) => e._id)).toEqual([entry._id]);
  });
});
