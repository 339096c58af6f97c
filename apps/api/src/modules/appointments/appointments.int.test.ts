import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_PAGE_SIZE, zonedInstant, zonedIso } from '@clinic/shared';
import { appointments, auditLog, employees, files } from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';
import { createAccount } from '../organisation/provision.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { withVersion } from '../../test/versions.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday, WEEKDAY_HOURS } from './fixtures.js';

const TZ = 'Asia/Riyadh';
const iso = (date: string, time: string) => zonedIso(zonedInstant(date, time, TZ), TZ);

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
// Dates ahead of today: a Monday for most bookings, and one day per rule.
const MON = nextWeekday('Monday');
const TUE = addDays(MON, 1); // clinic holiday
const WED = addDays(MON, 2); // doctor 1 on approved leave
const THU = addDays(MON, 3); // doctor 1 has a pending leave request
const FRI = addDays(MON, 4); // the clinic does not work on Fridays

const ids = {} as Record<'clinic' | 'otherClinic' | 'd1' | 'd2' | 'd3' | 'inactiveDoctor' | 'nurse' | 's1' | 's2' | 'inactiveService' | 'otherService'
  | 'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'p6' | 'inactivePatient', string>;
const names = {} as Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Al Noor' });
  b = await createOrg(ctx, { name: 'Other Org' });
  const db = ctx.database.db;
  const clinic = await insertClinic(db, a.companyId, {
    name: 'Olaya Clinic',
    timeZone: TZ,
    workingHours: WEEKDAY_HOURS.filter((d) => d.day !== 'Friday'),
    holidays: [{ name: 'National Day', date: TUE, reason: 'Public holiday' }],
  });
  const otherClinic = await insertClinic(db, a.companyId, { name: 'Malqa Clinic' });
  ids.clinic = clinic.id;
  ids.otherClinic = otherClinic.id;
  const allWeek = (start: string, end: string) => ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({ day, startTime: start, endTime: end }));
  ids.d1 = (await insertDoctor(db, a.companyId, {
    name: 'Dr. Omar Haddad', clinics: [clinic.id], workingHours: allWeek('09:00', '18:00'), breakTimes: [{ startTime: '11:00', endTime: '11:30' }],
    vacationRecords: [
      { leaveStartDate: WED, leaveEndDate: WED, leaveType: 'Vacation', status: 'Approved' },
      { leaveStartDate: THU, leaveEndDate: THU, leaveType: 'Sick Leave', status: 'Pending' },
    ],
  })).id;
  ids.d2 = (await insertDoctor(db, a.companyId, { name: 'Dr. Emily Carter', clinics: [clinic.id], workingHours: allWeek('09:00', '16:00') })).id;
  ids.d3 = (await insertDoctor(db, a.companyId, { name: 'Dr. Youssef Amin', clinics: [otherClinic.id] })).id;
  ids.inactiveDoctor = (await insertDoctor(db, a.companyId, { name: 'Dr. Retired', clinics: [clinic.id], isActive: false })).id;
  ids.nurse = (await insertDoctor(db, a.companyId, { name: 'Fatima Zahra', clinics: [clinic.id], employeeType: 'Nurse' })).id;
  ids.s1 = (await insertService(db, a.companyId, { clinicId: clinic.id, name: 'General consultation', doctors: [ids.d1, ids.d2, ids.d3, ids.inactiveDoctor, ids.nurse] })).id;
  ids.s2 = (await insertService(db, a.companyId, { clinicId: clinic.id, name: 'Cardiology check-up', durationMinutes: 60, doctors: [ids.d1] })).id;
  ids.inactiveService = (await insertService(db, a.companyId, { clinicId: clinic.id, name: 'Old service', doctors: [ids.d1], isActive: false })).id;
  ids.otherService = (await insertService(db, a.companyId, { clinicId: otherClinic.id, name: 'Dermatology', doctors: [ids.d1] })).id;
  for (const [key, name] of [['p1', 'Ahmed Al-Farsi'], ['p2', 'Sara Khan'], ['p3', 'Mona Adel'], ['p4', 'John Smith'], ['p5', 'Layla Hassan'], ['p6', 'Omar Saleh']] as const) {
    ids[key] = (await insertPatient(db, a.companyId, { name })).id;
    names[key] = name;
  }
  ids.inactivePatient = (await insertPatient(db, a.companyId, { name: 'Inactive Patient', isActive: false })).id;
});
afterAll(() => ctx.close());

const post = (token: string, payload: Record<string, unknown>, lang?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: auth(token, lang), payload });
/** A change from a screen loaded now: the appointment's current version is sent unless the payload names one. */
const patch = async (token: string, id: string, payload: Record<string, unknown>, lang?: string) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${id}`, headers: auth(token, lang), payload: (await withVersion(ctx, 'appointments', id, payload)) as Record<string, unknown> });
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });

function booking(overrides: Record<string, unknown> = {}) {
  return { patient: ids.p1, doctor: ids.d1, clinic: ids.clinic, service: ids.s1, datetime: iso(MON, '09:00'), reason: 'Follow-up visit', ...overrides };
}

describe('POST /api/appointments', () => {
  it('books inside the rules and reads back names, the clinic-local instant and the duration', async () => {
    const res = await post(a.token, { ...booking(), status: 'scheduled', cancellationReason: null, reminderSent: false });
    expect(res.statusCode).toBe(201);
    const json = body(res);
    expect(json.message).toBe('Appointment booked');
    expect(json.data).toMatchObject({
      publicId: 'APT-000001',
      patient: { _id: ids.p1, name: 'Ahmed Al-Farsi', publicId: expect.stringMatching(/^PAT-/) },
      doctor: { _id: ids.d1, name: 'Dr. Omar Haddad' },
      clinic: { _id: ids.clinic, name: 'Olaya Clinic' },
      service: { _id: ids.s1, name: 'General consultation' },
      reason: 'Follow-up visit',
      datetime: `${MON}T09:00:00+03:00`,
      endsAt: `${MON}T09:30:00+03:00`,
      durationMinutes: 30,
      clinicTimeZone: TZ,
      status: 'scheduled',
      cancellationReason: null,
      reminderSent: false,
    });
    const again = body(await get(a.token, `/api/appointments/${json.data._id}`));
    expect(again.data).toEqual(json.data);
    const audit = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, json.data._id)));
    expect(audit.map((r) => r.action)).toEqual(['create']);
  });

  it('lasts as long as the service says, else the clinic\'s average visit', async () => {
    const res = await post(a.token, booking({ patient: ids.p2, service: ids.s2, datetime: iso(MON, '09:30') }));
    expect(res.statusCode).toBe(201);
    expect(body(res).data).toMatchObject({ durationMinutes: 60, endsAt: `${MON}T10:30:00+03:00` });
  });

  it('states every missing field with the spec\'s messages, in English and Arabic', async () => {
    const res = await post(a.token, {});
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({
      patient: 'Patient name is required',
      doctor: 'Doctor is required',
      clinic: 'Clinic is required',
      service: 'Service is required',
      datetime: 'Date is required',
      reason: 'Reason is required',
    });
    const ar = body(await post(a.token, { ...booking(), reason: '  ' }, 'ar'));
    expect(ar.message.fields).toEqual({ reason: 'سبب الزيارة مطلوب' });
    const unknown = await post(a.token, { ...booking(), companyId: b.companyId });
    expect(body(unknown).message.fields).toEqual({ companyId: 'Unknown field' });
    const badStatus = await post(a.token, { ...booking(), status: 'lost' });
    expect(body(badStatus).message.fields).toEqual({ status: 'Invalid status' });
    const completed = await post(a.token, { ...booking(), status: 'completed' });
    expect(completed.statusCode).toBe(422);
    expect(body(completed).message.fields).toEqual({ status: 'New appointments are always scheduled' });
    const cancelledAlready = await post(a.token, { ...booking(), cancellationReason: 'Changed plans', reminderSent: true });
    expect(cancelledAlready.statusCode).toBe(422);
    expect(body(cancelledAlready).message.fields).toEqual({
      cancellationReason: 'A new appointment has no cancellation reason', reminderSent: 'A new appointment has no reminder sent yet',
    });
    expect(body(await post(a.token, { ...booking(), reminderSent: true }, 'ar')).message.fields).toEqual({ reminderSent: 'لم يُرسَل أي تذكير لموعد جديد بعد' });
  });

  const refusals: Array<[string, () => Record<string, unknown>, string, string]> = [
    ['before the clinic opens', () => booking({ patient: ids.p3, datetime: iso(MON, '08:30') }), 'OUTSIDE_CLINIC_HOURS',
      `The appointment (08:30–09:00) is outside the clinic's working hours on ${MON} (09:00–13:00, 14:00–18:00)`],
    ['across the midday closing (it must fit in one slot)', () => booking({ patient: ids.p3, datetime: iso(MON, '12:45') }), 'OUTSIDE_CLINIC_HOURS',
      `The appointment (12:45–13:15) is outside the clinic's working hours on ${MON} (09:00–13:00, 14:00–18:00)`],
    ['at closing time', () => booking({ patient: ids.p3, datetime: iso(MON, '18:00') }), 'OUTSIDE_CLINIC_HOURS',
      `The appointment (18:00–18:30) is outside the clinic's working hours on ${MON} (09:00–13:00, 14:00–18:00)`],
    ['on a clinic holiday', () => booking({ patient: ids.p3, datetime: iso(TUE, '10:00') }), 'CLINIC_HOLIDAY', `The clinic is closed on ${TUE} (National Day)`],
    ['on a weekday the clinic does not work', () => booking({ patient: ids.p3, datetime: iso(FRI, '10:00') }), 'CLINIC_CLOSED_DAY', `The clinic does not work on ${FRI}`],
    ['outside the doctor\'s own hours', () => booking({ patient: ids.p3, doctor: ids.d2, datetime: iso(MON, '16:30') }), 'OUTSIDE_DOCTOR_HOURS',
      `The appointment (16:30–17:00) is outside the doctor's working hours on ${MON} (09:00–16:00)`],
    ['during the doctor\'s break', () => booking({ patient: ids.p3, datetime: iso(MON, '11:15') }), 'DOCTOR_BREAK',
      'The appointment (11:15–11:45) overlaps the doctor\'s break (11:00–11:30)'],
    ['during the doctor\'s approved leave', () => booking({ patient: ids.p3, datetime: iso(WED, '10:00') }), 'DOCTOR_ON_LEAVE',
      `The doctor is on approved leave from ${WED} to ${WED}`],
    ['with a doctor who does not provide the service', () => booking({ patient: ids.p3, doctor: ids.d2, service: ids.s2, datetime: iso(MON, '14:00') }),
      'DOCTOR_NOT_PROVIDING_SERVICE', 'Dr. Emily Carter does not provide the service Cardiology check-up'],
    ['with a doctor who does not work at the clinic', () => booking({ patient: ids.p3, doctor: ids.d3, datetime: iso(MON, '14:00') }),
      'DOCTOR_NOT_AT_CLINIC', 'Dr. Youssef Amin does not work at Olaya Clinic'],
    ['with an inactive doctor', () => booking({ patient: ids.p3, doctor: ids.inactiveDoctor, datetime: iso(MON, '14:00') }),
      'DOCTOR_INACTIVE', 'Dr. Retired is inactive and cannot take appointments'],
    ['with an employee who is not a doctor', () => booking({ patient: ids.p3, doctor: ids.nurse, datetime: iso(MON, '14:00') }), 'NOT_A_DOCTOR', 'Fatima Zahra is not a doctor'],
    ['for an inactive patient', () => booking({ patient: ids.inactivePatient, datetime: iso(MON, '14:00') }), 'PATIENT_INACTIVE', 'The patient Inactive Patient is inactive'],
    ['for an inactive service', () => booking({ patient: ids.p3, service: ids.inactiveService, datetime: iso(MON, '14:00') }), 'SERVICE_INACTIVE', 'The service Old service is inactive'],
    ['for a service of another clinic', () => booking({ patient: ids.p3, service: ids.otherService, datetime: iso(MON, '14:00') }),
      'SERVICE_NOT_AT_CLINIC', 'The service Dermatology is not offered at Olaya Clinic'],
    ['in the past', () => booking({ patient: ids.p3, datetime: new Date(Date.now() - 3_600_000).toISOString() }), 'APPOINTMENT_IN_PAST',
      'An appointment cannot be booked in the past'],
  ];
  for (const [what, payload, code, message] of refusals) {
    it(`refuses a booking ${what} with 422 and a precise message`, async () => {
      const res = await post(a.token, payload());
      expect(res.statusCode).toBe(422);
      expect(body(res).message).toMatchObject({ code, message });
      expect(Object.values(body(res).message.fields)).toEqual([message]);
    });
  }

  it('translates a refusal into Arabic', async () => {
    const res = await post(a.token, booking({ patient: ids.p3, datetime: iso(TUE, '10:00') }), 'ar');
    expect(body(res).message.message).toBe(`العيادة مغلقة يوم ${TUE} (National Day)`);
  });

  it('accepts a day with only a pending leave request', async () => {
    const res = await post(a.token, booking({ patient: ids.p6, datetime: iso(THU, '10:00') }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses with 409 when the doctor or the patient is already booked, and accepts the adjacent slot', async () => {
    const doctorTaken = await post(a.token, booking({ patient: ids.p3, datetime: iso(MON, '10:00') })); // d1 busy 09:30–10:30
    expect(doctorTaken.statusCode).toBe(409);
    expect(body(doctorTaken).message).toEqual({ code: 'DOCTOR_DOUBLE_BOOKED', message: 'The doctor already has an appointment at this time' });
    const patientTaken = await post(a.token, booking({ doctor: ids.d2, datetime: iso(MON, '09:15') })); // p1 busy 09:00–09:30
    expect(patientTaken.statusCode).toBe(409);
    expect(body(patientTaken).message).toEqual({ code: 'PATIENT_DOUBLE_BOOKED', message: 'The patient already has an appointment at this time' });
    const adjacent = await post(a.token, booking({ patient: ids.p3, datetime: iso(MON, '10:30') }));
    expect(adjacent.statusCode).toBe(201);
    const rows = await ctx.database.db.select().from(appointments).where(eq(appointments.companyId, a.companyId));
    expect(rows.map((r) => r.publicId).sort()).toEqual(['APT-000001', 'APT-000002', 'APT-000003', 'APT-000004']);
  });
});

describe('PATCH /api/appointments/{id}', () => {
  let cancelledId: string;

  it('cancels only with a reason, and a cancelled appointment frees its slot', async () => {
    const first = body(await post(a.token, booking({ patient: ids.p4, doctor: ids.d2, datetime: iso(MON, '15:00') }))).data;
    const taken = await post(a.token, booking({ patient: ids.p5, doctor: ids.d2, datetime: iso(MON, '15:00') }));
    expect(taken.statusCode).toBe(409);
    const noReason = await patch(a.token, first._id, { status: 'cancelled' });
    expect(noReason.statusCode).toBe(422);
    expect(body(noReason).message.fields).toEqual({ cancellationReason: 'Please give a reason for the cancellation' });
    const res = await patch(a.token, first._id, { status: 'cancelled', cancellationReason: 'Patient travelling' });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Appointment cancelled');
    expect(body(res).data).toMatchObject({ status: 'cancelled', cancellationReason: 'Patient travelling' });
    cancelledId = first._id;
    const rebooked = await post(a.token, booking({ patient: ids.p5, doctor: ids.d2, datetime: iso(MON, '15:00') }));
    expect(rebooked.statusCode).toBe(201);
  });

  it('allows nothing after cancelled or completed, and no completion straight from scheduled', async () => {
    const back = await patch(a.token, cancelledId, { status: 'scheduled' });
    expect(back.statusCode).toBe(409);
    expect(body(back).message).toMatchObject({ code: 'INVALID_TRANSITION', message: 'An appointment that is cancelled cannot become scheduled' });
    const cancelledAgain = await patch(a.token, cancelledId, { datetime: iso(MON, '16:00') });
    expect(body(cancelledAgain).message.message).toBe('This appointment is cancelled and can no longer be changed');

    // The visit flow: a scheduled appointment is completed only once the patient has checked in.
    const future = body(await post(a.token, booking({ patient: ids.p4, doctor: ids.d2, datetime: iso(MON, '14:00') }))).data;
    const early = await patch(a.token, future._id, { status: 'completed' });
    expect(early.statusCode).toBe(409);
    expect(body(early).message).toMatchObject({ code: 'INVALID_TRANSITION', message: 'An appointment that is scheduled cannot become completed' });

    // An appointment that already took place (inserted directly: the API never books the past).
    const db = ctx.database.db;
    const startsAt = new Date(Date.now() - 2 * 86_400_000);
    const [past] = await db.insert(appointments).values({
      companyId: a.companyId, publicId: await nextPublicId(db, a.companyId, 'appointment', 'APT'), patientId: ids.p6, doctorId: ids.d1,
      clinicId: ids.clinic, serviceId: ids.s1, reason: 'Check-up', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    }).returning();
    expect((await patch(a.token, past!.id, { status: 'arrived' })).statusCode).toBe(200);
    const done = await patch(a.token, past!.id, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    expect(body(done)).toMatchObject({ message: 'Appointment marked as completed', data: { status: 'completed' } });
    const cancelDone = await patch(a.token, past!.id, { status: 'cancelled', cancellationReason: 'Too late' });
    expect(cancelDone.statusCode).toBe(409);
    expect(body(cancelDone).message.message).toBe('An appointment that is completed cannot become cancelled');
    const moveDone = await patch(a.token, past!.id, { datetime: iso(MON, '16:00') });
    expect(body(moveDone).message.message).toBe('This appointment is completed and can no longer be changed');
    expect(body(await patch(a.token, past!.id, {})).message.fields).toEqual({ body: 'Nothing to change' });
  });

  it('reschedules through the same rules: a free slot moves it, a closed or taken one changes nothing', async () => {
    const appt = body(await post(a.token, booking({ patient: ids.p3, datetime: iso(MON, '16:00') }))).data;
    const moved = await patch(a.token, appt._id, { datetime: iso(MON, '16:30') });
    expect(moved.statusCode).toBe(200);
    expect(body(moved)).toMatchObject({ message: 'Appointment rescheduled', data: { datetime: `${MON}T16:30:00+03:00`, endsAt: `${MON}T17:00:00+03:00` } });

    const closed = await patch(a.token, appt._id, { datetime: iso(MON, '13:00') });
    expect(closed.statusCode).toBe(422);
    expect(body(closed).message.code).toBe('OUTSIDE_CLINIC_HOURS');
    const taken = await patch(a.token, appt._id, { datetime: iso(MON, '09:00') });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message.code).toBe('DOCTOR_DOUBLE_BOOKED');
    const otherDoctor = await patch(a.token, appt._id, { doctor: ids.d3 });
    expect(body(otherDoctor).message.code).toBe('DOCTOR_NOT_AT_CLINIC');
    const withStatus = await patch(a.token, appt._id, { datetime: iso(MON, '17:00'), status: 'cancelled', cancellationReason: 'x' });
    expect(body(withStatus).message.code).toBe('RESCHEDULE_WITH_STATUS');
    expect(body(await get(a.token, `/api/appointments/${appt._id}`)).data).toMatchObject({ datetime: `${MON}T16:30:00+03:00`, doctor: { _id: ids.d1 } });

    const newDoctor = await patch(a.token, appt._id, { doctor: ids.d2, datetime: iso(MON, '14:30') });
    expect(newDoctor.statusCode).toBe(200);
    expect(body(newDoctor).data).toMatchObject({ doctor: { _id: ids.d2, name: 'Dr. Emily Carter' }, datetime: `${MON}T14:30:00+03:00` });
    const audit = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, appt._id)));
    expect(audit.at(-1)?.changes).toMatchObject({ before: { doctor: ids.d1, datetime: `${MON}T16:30:00+03:00` }, after: { doctor: ids.d2, datetime: `${MON}T14:30:00+03:00` } });
  });
});

describe('GET /api/appointments', () => {
  it('pages with the documented block and newest first by default', async () => {
    const json = body(await get(a.token, '/api/appointments?limit=5'));
    expect(json.data).toHaveLength(5);
    expect(json.pagination).toMatchObject({ current_page: 1, items_per_page: 5, has_previous_page: false });
    expect(json.pagination.total_items).toBeGreaterThanOrEqual(9);
  });

  it('filters by status, clinic-local date, clinic (also as the general filter string) and doctor, and searches', async () => {
    const cancelled = body(await get(a.token, '/api/appointments?status=cancelled')).data;
    expect(cancelled.map((x: { patient: { name: string } }) => x.patient.name)).toEqual(['John Smith']);
    const onThursday = body(await get(a.token, `/api/appointments?date=${THU}`)).data;
    expect(onThursday.map((x: { patient: { name: string } }) => x.patient.name)).toEqual(['Omar Saleh']);
    expect(body(await get(a.token, `/api/appointments?datetime=${THU}T00:00:00.000Z`)).data).toHaveLength(1);
    const byFilter = body(await get(a.token, `/api/appointments?filter=${encodeURIComponent(`clinic=${ids.clinic}`)}&limit=30`));
    const byParam = body(await get(a.token, `/api/appointments?clinic=${ids.clinic}&limit=30`));
    expect(byFilter.pagination.total_items).toBe(byParam.pagination.total_items);
    expect(body(await get(a.token, `/api/appointments?clinic=${ids.otherClinic}`)).data).toHaveLength(0);
    const d2 = body(await get(a.token, `/api/appointments?doctor=${ids.d2}&limit=30`)).data;
    expect(d2.every((x: { doctor: { _id: string } }) => x.doctor._id === ids.d2)).toBe(true);
    expect(body(await get(a.token, '/api/appointments?search=farsi')).data.map((x: { patient: { name: string } }) => x.patient.name)).toEqual(['Ahmed Al-Farsi']);
    expect(body(await get(a.token, '/api/appointments?search=APT-000002')).data).toHaveLength(1);
    expect(body(await get(a.token, '/api/appointments?search=cardiology')).data).toHaveLength(1);
  });

  it('finds the day as the clinic sees it, not as UTC does', async () => {
    // 01:00 in Riyadh is 22:00 UTC the day before.
    const db = ctx.database.db;
    const startsAt = zonedInstant(MON, '01:00', TZ);
    await db.insert(appointments).values({
      companyId: a.companyId, publicId: await nextPublicId(db, a.companyId, 'appointment', 'APT'), patientId: ids.p6, doctorId: ids.d2,
      clinicId: ids.clinic, serviceId: ids.s1, reason: 'Night emergency', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), status: 'completed',
    });
    const sameDay = body(await get(a.token, `/api/appointments?date=${MON}&search=night`)).data;
    expect(sameDay).toHaveLength(1);
    expect(sameDay[0].datetime).toBe(`${MON}T01:00:00+03:00`);
    expect(startsAt.toISOString().slice(0, 10)).not.toBe(MON);
  });

  it('finds the day as each clinic sees it when the clinics keep different time zones', async () => {
    const org = await createOrg(ctx, { name: 'Two Zones' });
    const db = ctx.database.db;
    const riyadh = await insertClinic(db, org.companyId, { name: 'Riyadh Clinic', timeZone: 'Asia/Riyadh' });
    const newYork = await insertClinic(db, org.companyId, { name: 'New York Clinic', timeZone: 'America/New_York' });
    const doctor = await insertDoctor(db, org.companyId, { clinics: [riyadh.id, newYork.id] });
    const patient = await insertPatient(db, org.companyId);
    const services = {
      [riyadh.id]: await insertService(db, org.companyId, { clinicId: riyadh.id, doctors: [doctor.id] }),
      [newYork.id]: await insertService(db, org.companyId, { clinicId: newYork.id, doctors: [doctor.id] }),
    };
    const book = async (clinic: { id: string; timeZone: string }, date: string, time: string, reason: string) => {
      const startsAt = zonedInstant(date, time, clinic.timeZone);
      await db.insert(appointments).values({
        companyId: org.companyId, publicId: await nextPublicId(db, org.companyId, 'appointment', 'APT'), patientId: patient.id, doctorId: doctor.id,
        clinicId: clinic.id, serviceId: services[clinic.id]!.id, reason, startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), status: 'completed',
      });
    };
    await book(newYork, MON, '23:30', 'Late in New York'); // Tuesday 04:30 UTC
    await book(riyadh, TUE, '01:00', 'Early in Riyadh'); // Monday 22:00 UTC
    await book(riyadh, MON, '09:00', 'Morning in Riyadh');
    const reasons = async (date: string) =>
      body(await get(org.token, `/api/appointments?date=${date}&limit=30`)).data.map((x: { reason: string }) => x.reason).sort();
    expect(await reasons(MON)).toEqual(['Late in New York', 'Morning in Riyadh']);
    expect(await reasons(TUE)).toEqual(['Early in Riyadh']);
    const riyadhOnly = body(await get(org.token, `/api/appointments?date=${MON}&clinic=${riyadh.id}&status=completed`));
    expect(riyadhOnly.data.map((x: { reason: string }) => x.reason)).toEqual(['Morning in Riyadh']);
    expect(riyadhOnly.pagination.total_items).toBe(1);
  });

  it('returns a calendar window of cards whole, and pages its full records, earliest first', async () => {
    const from = zonedInstant(MON, '00:00', TZ).toISOString();
    const to = zonedInstant(FRI, '00:00', TZ).toISOString();
    const window = `/api/appointments?from=${from}&to=${to}&clinic=${ids.clinic}`;
    const starts = (data: Array<{ datetime: string }>) => data.map((x) => Date.parse(x.datetime));
    const cards = body(await get(a.token, `${window}&view=calendar`));
    expect(cards.data.length).toBe(9);
    expect(starts(cards.data)).toEqual([...starts(cards.data)].sort((x, y) => x - y));
    expect(cards.pagination).toMatchObject({ items_per_page: 2000, total_items: 9, has_next_page: false });

    // The full records: a page at a time (never the whole window in one answer), the pagination saying what is left.
    const first = body(await get(a.token, `${window}&limit=5`));
    expect(first.data.length).toBe(5);
    expect(first.pagination).toMatchObject({ current_page: 1, items_per_page: 5, total_items: 9, total_pages: 2, has_next_page: true, total_exact: true });
    const second = body(await get(a.token, `${window}&limit=5&page=2`));
    expect(second.data.length).toBe(4);
    expect(second.pagination.has_next_page).toBe(false);
    const records = [...first.data, ...second.data];
    expect(records.map((x: { _id: string }) => x._id).sort()).toEqual(cards.data.map((x: { _id: string }) => x._id).sort());
    expect(starts(records)).toEqual(starts(cards.data));
    expect(body(await get(a.token, window)).pagination.items_per_page).toBe(DEFAULT_PAGE_SIZE);
  });

  it('refuses malformed filters with 422', async () => {
    for (const q of ['?status=lost', '?date=2026-02-30', '?sortBy=password', '?filter=clinic%3Dnope', '?filter=owner%3Dme',
      `?from=${encodeURIComponent(iso(FRI, '00:00'))}&to=${encodeURIComponent(iso(MON, '00:00'))}`, `?from=${encodeURIComponent(iso(MON, '00:00'))}`]) {
      const res = await get(a.token, `/api/appointments${q}`);
      expect(res.statusCode, q).toBe(422);
    }
  });
});

describe('GET /api/appointments/availability', () => {
  it('describes the clinic\'s days, holidays and a doctor\'s free windows for the calendar', async () => {
    const res = await get(a.token, `/api/appointments/availability?clinic=${ids.clinic}&from=${MON}&to=${addDays(MON, 6)}&doctor=${ids.d1}`);
    expect(res.statusCode).toBe(200);
    const data = body(res).data;
    expect(data.clinic).toEqual({ _id: ids.clinic, name: 'Olaya Clinic', timeZone: TZ, averageVisitMinutes: 30, isActive: true, hasWorkingHours: true });
    expect(data).toMatchObject({ slotMinutes: 30, dayStart: '09:00', dayEnd: '18:00' });
    const byDate = Object.fromEntries(data.days.map((d: { date: string }) => [d.date, d]));
    expect(byDate[MON]).toEqual({
      date: MON, weekday: 'Monday', holiday: null, doctorAway: null,
      clinicHours: [{ startTime: '09:00', endTime: '13:00' }, { startTime: '14:00', endTime: '18:00' }],
      doctorHours: [{ startTime: '09:00', endTime: '11:00' }, { startTime: '11:30', endTime: '18:00' }],
    });
    expect(byDate[TUE]).toMatchObject({ holiday: 'National Day', clinicHours: [] });
    expect(byDate[WED]).toMatchObject({ doctorAway: 'leave', doctorHours: [] });
    expect(byDate[FRI]).toMatchObject({ clinicHours: [] });
    expect(data.doctors.map((d: { name: string }) => d.name)).toEqual(['Dr. Emily Carter', 'Dr. Omar Haddad']);
    expect(data.doctors.find((d: { _id: string }) => d._id === ids.d1).serviceIds.sort()).toEqual([ids.s1, ids.s2, ids.inactiveService].sort());
  });

  it('gives each doctor\'s picture as a signed link for the day view\'s headers, and null without one', async () => {
    const [file] = await ctx.database.db
      .insert(files)
      .values({ companyId: a.companyId, originalName: 'carter.png', mimeType: 'image/png', sizeBytes: 10, storagePath: 'x/carter.png' })
      .returning({ id: files.id });
    await ctx.database.db.update(employees).set({ imageFileId: file!.id }).where(and(eq(employees.companyId, a.companyId), eq(employees.id, ids.d1)));
    try {
      const data = body(await get(a.token, `/api/appointments/availability?clinic=${ids.clinic}&from=${MON}&to=${MON}`)).data;
      const image = (id: string) => data.doctors.find((d: { _id: string }) => d._id === id).image as string | null;
      expect(image(ids.d1)).toMatch(new RegExp(`^/api/files/${file!.id}\\?`));
      expect(image(ids.d2)).toBeNull();
    } finally {
      await ctx.database.db.update(employees).set({ imageFileId: null }).where(and(eq(employees.companyId, a.companyId), eq(employees.id, ids.d1)));
    }
  });

  it('404s for an unknown clinic and 422s for a reversed range', async () => {
    expect((await get(b.token, `/api/appointments/availability?clinic=${ids.clinic}&from=${MON}&to=${MON}`)).statusCode).toBe(404);
    expect((await get(a.token, `/api/appointments/availability?clinic=${ids.clinic}&from=${FRI}&to=${MON}`)).statusCode).toBe(422);
  });
});

describe('tenancy and permissions', () => {
  it('gives another company 404 for every id of this one, and changes nothing', async () => {
    const appt = body(await post(a.token, booking({ patient: ids.p2, datetime: iso(MON, '17:00') }))).data;
    const bClinic = await insertClinic(ctx.database.db, b.companyId, { name: 'B Clinic' });
    const bDoctor = await insertDoctor(ctx.database.db, b.companyId, { clinics: [bClinic.id] });
    const bPatient = await insertPatient(ctx.database.db, b.companyId);
    const bService = await insertService(ctx.database.db, b.companyId, { clinicId: bClinic.id, doctors: [bDoctor.id] });
    const own = { patient: bPatient.id, doctor: bDoctor.id, clinic: bClinic.id, service: bService.id, datetime: iso(MON, '10:00'), reason: 'Check' };
    for (const [field, code, message] of [
      ['patient', 'PATIENT_NOT_FOUND', 'The selected patient was not found'], ['doctor', 'DOCTOR_NOT_FOUND', 'The selected doctor was not found'],
      ['clinic', 'CLINIC_NOT_FOUND', 'The selected clinic was not found'], ['service', 'SERVICE_NOT_FOUND', 'The service was not found'],
    ] as const) {
      const res = await post(b.token, { ...own, [field]: ids[field === 'patient' ? 'p1' : field === 'doctor' ? 'd1' : field === 'clinic' ? 'clinic' : 's1'] });
      expect(res.statusCode, field).toBe(404);
      expect(body(res).message, field).toEqual({ code, message });
    }
    expect((await get(b.token, `/api/appointments/${appt._id}`)).statusCode).toBe(404);
    expect((await patch(b.token, appt._id, { status: 'cancelled', cancellationReason: 'Hijack' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${appt._id}`, headers: auth(b.token) })).statusCode).toBe(404);
    expect(body(await get(b.token, '/api/appointments?limit=30')).data).toHaveLength(0);
    expect(body(await get(a.token, `/api/appointments/${appt._id}`)).data).toMatchObject({ status: 'scheduled', cancellationReason: null });
    // B's own booking works.
    expect((await post(b.token, own)).statusCode).toBe(201);
  });

  it('lets a nurse read but not book, and refuses an account without a role', async () => {
    const nurse = await createAccount(ctx.database.db, a.companyId, a.roleIds, {
      name: 'Nurse Joy', username: 'sched_nurse', email: 'sched_nurse@a.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
    });
    const session = await login(ctx, nurse.username!, TEST_PASSWORD);
    expect((await get(session.accessToken, '/api/appointments')).statusCode).toBe(200);
    const res = await post(session.accessToken, booking({ patient: ids.p5, datetime: iso(MON, '17:30') }));
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' });
    const none = await createAccount(ctx.database.db, a.companyId, a.roleIds, {
      name: 'No Role', username: 'sched_norole', email: 'sched_norole@a.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: [],
    });
    const s2 = await login(ctx, none.username!, TEST_PASSWORD);
    expect((await get(s2.accessToken, '/api/appointments')).statusCode).toBe(403);
    expect((await get(s2.accessToken, `/api/appointments/availability?clinic=${ids.clinic}&from=${MON}&to=${MON}`)).statusCode).toBe(403);
  });
});

describe('DELETE /api/appointments/{id}', () => {
  it('deletes, records it, and then answers 404', async () => {
    const appt = body(await post(a.token, booking({ patient: ids.p5, datetime: iso(MON, '17:30') }))).data;
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${appt._id}`, headers: auth(a.token) });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Appointment deleted');
    expect((await get(a.token, `/api/appointments/${appt._id}`)).statusCode).toBe(404);
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${appt._id}`, headers: auth(a.token) });
    expect(body(again).message).toEqual({ code: 'NOT_FOUND', message: 'The appointment was not found' });
    const audit = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, appt._id)));
    expect(audit.map((r) => r.action)).toEqual(['create', 'delete']);
  });
});
