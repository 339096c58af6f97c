import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@clinic/shared';
import { appointments } from '../../db/schema/index.js';
import { auth, body, contextWithOrg, createOrg, seedOrgData, type TestContext, type TestOrg } from '../../test/harness.js';
import { withVersion } from '../../test/versions.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';
import { billingClinic } from '../billing/fixtures.js';

/**
 * A hand-computed fortnight at one clinic (Asia/Riyadh, +03:00, open Sunday to Thursday 09:00-17:00, closed for a
 * holiday on Sunday 8 March). Doctor D works Sundays 08:00-13:00 and Mondays 10:00-18:00 with a break 12:00-12:30,
 * and is on approved leave on Monday 2 March. Period: Sunday 1 March to Saturday 14 March 2026.
 *
 * Working minutes of D: 1 Mar 09:00-13:00 less the break = 210; 2 Mar leave = 0; 8 Mar holiday = 0;
 * 9 Mar 10:00-17:00 less the break = 390. Total 600.
 *
 * Company-wide, a second clinic in Cairo (+02:00) adds P3's first completed visit (Thursday 5 March 10:00, 30 minutes,
 * the cheap service) and P1 booked on Saturday 14 March 23:00 Cairo time (already the 15th in Riyadh, still in the
 * period by its own clinic's day); P2 on Saturday 28 February 23:30 Cairo time (the 1st in Riyadh) is outside it.
 */
let ctx: TestContext;
let org: TestOrg;
const ids = { clinic: '', cairo: '', doctor: '', cheap: '', dear: '', p1: '', p2: '', p3: '' };

const at = (local: string) => new Date(`${local}+03:00`);

beforeAll(async () => {
  ({ ctx, org } = await contextWithOrg());
  // Services and doctors' links; its appointments fall years after the fixture's fortnight.
  await seedOrgData(ctx, org.companyId, new Date('2031-06-01T00:00:00Z'));
  const q = ctx.database.query.bind(ctx.database);
  const [link] = await q<{ clinic_id: string; employee_id: string }>(
    `select ec.clinic_id, ec.employee_id from employee_clinics ec join employees e on e.company_id = ec.company_id and e.id = ec.employee_id
      where ec.company_id = $1 and e.employee_type = 'Doctor' order by e.name limit 1`, [org.companyId]);
  ids.clinic = link!.clinic_id;
  ids.doctor = link!.employee_id;
  await q(`update clinics set time_zone = 'Asia/Riyadh', working_hours = $2, holidays = $3 where id = $1`, [ids.clinic,
    JSON.stringify(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => ({ day, timeSlots: [{ startTime: '09:00', endTime: '17:00' }] }))),
    JSON.stringify([{ name: 'Founding Day', date: '2026-03-08', reason: 'Holiday' }])]);
  await q(`update employees set working_hours = $2, break_times = $3, vacation_records = $4 where id = $1`, [ids.doctor,
    JSON.stringify([{ day: 'Sunday', startTime: '08:00', endTime: '13:00' }, { day: 'Monday', startTime: '10:00', endTime: '18:00' }]),
    JSON.stringify([{ startTime: '12:00', endTime: '12:30' }]),
    JSON.stringify([{ leaveStartDate: '2026-03-02', leaveEndDate: '2026-03-02', leaveType: 'Vacation', status: 'Approved' }])]);
  const [cairo] = await q<{ id: string }>('select id from clinics where company_id = $1 and id <> $2 order by id limit 1', [org.companyId, ids.clinic]);
  ids.cairo = cairo!.id;
  await q(`update clinics set time_zone = 'Africa/Cairo' where id = $1`, [ids.cairo]);
  const svc = await q<{ id: string }>('select id from services where company_id = $1 order by name limit 2', [org.companyId]);
  ids.cheap = svc[0]!.id;
  ids.dear = svc[1]!.id;
  await q('update services set price = 100 where id = $1', [ids.cheap]);
  await q('update services set price = 150.5 where id = $1', [ids.dear]);
  const pts = await q<{ id: string }>('select id from patients where company_id = $1 order by public_id limit 3', [org.companyId]);
  [ids.p1, ids.p2, ids.p3] = pts.map((p) => p.id) as [string, string, string];

  let n = 0;
  const row = (patient: string, service: string, start: string, minutes: number, status: string, extra: Partial<typeof appointments.$inferInsert> = {}) => {
    n += 1;
    const startsAt = extra.clinicId === ids.cairo ? new Date(`${start}+02:00`) : at(start);
    return {
      companyId: org.companyId, publicId: `APT-DASH-${n}`, patientId: patient, doctorId: ids.doctor, clinicId: ids.clinic, serviceId: service,
      reason: 'Fixture', startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000), status, ...extra,
    };
  };
  await ctx.database.db.insert(appointments).values([
    // P2's earlier visit: P2 returns in the period.
    row(ids.p2, ids.cheap, '2026-02-01T09:00:00', 30, 'completed'),
    // Outside the period by clinic-local day, though within a day of it in UTC.
    row(ids.p3, ids.cheap, '2026-02-28T23:50:00', 20, 'scheduled', { source: 'online' }),
    row(ids.p3, ids.cheap, '2026-03-15T00:30:00', 20, 'scheduled'),
    // In the period.
    row(ids.p1, ids.dear, '2026-03-01T09:00:00', 30, 'completed', { arrivedAt: at('2026-03-01T08:50:00'), calledInAt: at('2026-03-01T09:05:00') }),
    row(ids.p2, ids.cheap, '2026-03-01T10:00:00', 30, 'completed', { arrivedAt: at('2026-03-01T09:55:00'), calledInAt: at('2026-03-01T10:00:00') }),
    row(ids.p3, ids.cheap, '2026-03-09T11:00:00', 30, 'no_show'),
    row(ids.p3, ids.cheap, '2026-03-09T13:00:00', 30, 'cancelled', { lateCancellation: true }),
    row(ids.p1, ids.cheap, '2026-03-09T14:00:00', 20, 'cancelled'),
    row(ids.p1, ids.cheap, '2026-03-10T09:00:00', 30, 'arrived', { arrivedAt: at('2026-03-10T08:45:00'), source: 'online' }),
    row(ids.p2, ids.cheap, '2026-03-14T23:30:00', 30, 'scheduled'),
    // At the Cairo clinic.
    row(ids.p2, ids.cheap, '2026-02-28T23:30:00', 30, 'scheduled', { clinicId: ids.cairo }),
    row(ids.p3, ids.cheap, '2026-03-05T10:00:00', 30, 'completed', { clinicId: ids.cairo, source: 'online' }),
    row(ids.p1, ids.cheap, '2026-03-14T23:00:00', 30, 'scheduled', { clinicId: ids.cairo }),
  ]);
}, 120_000);
afterAll(() => ctx?.close());

const get = (query: string, lang?: string) => ctx.app.inject({ method: 'GET', url: `/api/dashboard?${query}`, headers: auth(org.token, lang) });

describe('dashboard', () => {
  it('answers the hand-computed figures of the fixture fortnight', async () => {
    const res = await get(`clinic=${ids.clinic}&from=2026-03-01&to=2026-03-14`);
    expect(res.statusCode, res.body).toBe(200);
    const d = body(res).data;
    expect(d.period).toEqual({ from: '2026-03-01', to: '2026-03-14', days: 14 });
    expect(d.scope).toMatchObject({ clinic: { _id: ids.clinic }, complex: null, clinics: 1 });
    expect(d.byStatus).toEqual({ requested: 0, scheduled: 1, arrived: 1, in_consultation: 0, completed: 2, no_show: 1, cancelled: 2 });
    expect(d.total).toBe(7);
    // Booked online: the one of the period (the one the evening before is outside it).
    expect(d.onlineBookings).toBe(1);
    expect(d.arrivals).toBe(3);
    expect(d.averageWaitMinutes).toBe(10);
    expect(d.noShowRate).toBe(0.2);
    expect(d.lateCancellationRate).toBe(0.1429);
    const mine = d.utilisation.find((u: { doctor: { _id: string } }) => u.doctor._id === ids.doctor);
    expect(mine).toMatchObject({ bookedMinutes: 150, workingMinutes: 600, rate: 0.25 });
    expect(d.patients).toEqual({ new: 1, returning: 1 });
    expect(d.revenue).toBe(250.5);
    expect(d.currency).toBe('SAR');
    expect(d.heatmap).toEqual([
      { weekday: 0, hour: 11, count: 1 },
      { weekday: 1, hour: 9, count: 1 },
      { weekday: 5, hour: 23, count: 1 },
      { weekday: 6, hour: 9, count: 1 },
      { weekday: 6, hour: 10, count: 1 },
    ]);
  });

  it('counts the whole company, each clinic by its own local days', async () => {
    const res = await get('from=2026-03-01&to=2026-03-14');
    expect(res.statusCode, res.body).toBe(200);
    const d = body(res).data;
    expect(d.scope).toMatchObject({ clinic: null, complex: null });
    expect(d.scope.clinics).toBeGreaterThan(1);
    expect(d.byStatus).toEqual({ requested: 0, scheduled: 2, arrived: 1, in_consultation: 0, completed: 3, no_show: 1, cancelled: 2 });
    expect(d.total).toBe(9);
    expect(d.onlineBookings).toBe(2);
    expect(d.arrivals).toBe(3);
    expect(d.averageWaitMinutes).toBe(10);
    // 1 no-show of 7 not cancelled; 1 late cancellation of 9.
    expect(d.noShowRate).toBe(0.1429);
    expect(d.lateCancellationRate).toBe(0.1111);
    const mine = d.utilisation.find((u: { doctor: { _id: string } }) => u.doctor._id === ids.doctor);
    expect(mine.bookedMinutes).toBe(210);
    // P3's first completed visit is in the period (new), as is P1's; P2 had one in February (returning).
    expect(d.patients).toEqual({ new: 2, returning: 1 });
    expect(d.revenue).toBe(350.5);
    expect(d.heatmap).toEqual([
      { weekday: 0, hour: 11, count: 1 },
      { weekday: 1, hour: 9, count: 1 },
      { weekday: 3, hour: 10, count: 1 },
      { weekday: 5, hour: 23, count: 2 },
      { weekday: 6, hour: 9, count: 1 },
      { weekday: 6, hour: 10, count: 1 },
    ]);
  });

  it('counts a clinic with nothing in the period as zeros', async () => {
    const [other] = await ctx.database.query<{ id: string }>('select id from clinics where company_id = $1 and id <> $2 and id <> $3 limit 1', [org.companyId, ids.clinic, ids.cairo]);
    const empty = body(await get(`clinic=${other!.id}&from=2026-03-01&to=2026-03-14`)).data;
    expect(empty).toMatchObject({ total: 0, arrivals: 0, averageWaitMinutes: null, noShowRate: null, lateCancellationRate: null, revenue: 0, heatmap: [] });
  });

  it('refuses a period longer than 93 days, backwards, or a clinic and a complex at once, in the caller\'s language', async () => {
    const long = await get('from=2026-01-01&to=2026-04-04', 'ar');
    expect(long.statusCode).toBe(422);
    expect(body(long).message.fields.to).toBe('يمكن أن تكون الفترة 93 يومًا (ربع سنة) على الأكثر');
    expect((await get('from=2026-01-01&to=2026-04-03')).statusCode).toBe(200);
    const back = await get('from=2026-03-02&to=2026-03-01');
    expect(body(back).message.fields.to).toBe('The end of the period must not be before its start');
    const both = await get(`clinic=${ids.clinic}&complex=${ids.clinic}`);
    expect(both.statusCode).toBe(422);
    expect((await get('clinic=0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f')).statusCode).toBe(404);
  });

  it('counts the money taken in the period from paid invoices, net of refunds, at the scope\'s clinics only', async () => {
    const parties = await billingClinic(ctx.database.db, org.companyId);
    const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: auth(org.token), payload });
    const today = todayIn('Asia/Riyadh');
    const before = body(await get(`from=${today}&to=${today}`)).data.collected;
    const draft = body(await post('/api/invoices', { patient: parties.patient.id, clinic: parties.clinic.id, visitDate: today, lines: [{ kind: 'item', description: 'Dressing', quantity: 1, unitPrice: 12_050 }] })).data;
    const issued = await post(`/api/invoices/${draft._id}/issue`, { version: draft.version });
    expect(issued.statusCode, issued.body).toBe(200);
    const boxes = body(await ctx.app.inject({ method: 'GET', url: `/api/cash-boxes?clinic=${parties.clinic.id}`, headers: auth(org.token) })).data;
    const paid = await post(`/api/invoices/${draft._id}/payments`, { method: 'cash', amount: body(issued).data.balanceDue, cashBox: boxes[0]._id });
    expect(paid.statusCode, paid.body).toBe(201);
    const amount = body(paid).data.paidTotal / 100;
    expect(amount).toBeGreaterThan(0);
    // The company's figures are kept for a minute: the kept answer does not see the payment yet, a fresh count does.
    const kept = body(await get(`from=${today}&to=${today}`)).data;
    expect(kept.collected).toBe(before);
    const company = body(await get(`from=${today}&to=${today}&fresh=true`)).data;
    expect(company.collected).toBeCloseTo(before + amount, 2);
    expect(Date.parse(company.asOf)).toBeGreaterThan(Date.parse(kept.asOf) - 1);
    expect(body(await get(`from=${today}&to=${today}`)).data.asOf).toBe(company.asOf);
    expect(body(await get(`clinic=${parties.clinic.id}&from=${today}&to=${today}`)).data.collected).toBeCloseTo(amount, 2);
    expect(body(await get(`clinic=${ids.clinic}&from=${today}&to=${today}`)).data.collected).toBe(0);
    // Another period does not see it; one clinic's figures are always counted live.
    expect(body(await get('from=2026-03-01&to=2026-03-14&fresh=true')).data.collected).toBe(0);
    const live = [body(await get(`clinic=${parties.clinic.id}&from=${today}&to=${today}`)).data.asOf, body(await get(`clinic=${parties.clinic.id}&from=${today}&to=${today}`)).data.asOf];
    expect(live[1]! >= live[0]!).toBe(true);
    expect((await get('from=2026-03-01&to=2026-03-14&fresh=maybe')).statusCode).toBe(422);
  });

  it('shows a booking, a cancellation and a change written straight to the database in the very next answer', async () => {
    const db = ctx.database.db;
    const clinic = await insertClinic(db, org.companyId, { name: 'Live Count Clinic', timeZone: 'Asia/Riyadh' });
    const doctor = await insertDoctor(db, org.companyId, { name: 'Dr. Live Count', clinics: [clinic.id] });
    const service = await insertService(db, org.companyId, { clinicId: clinic.id, doctors: [doctor.id], durationMinutes: 30, price: 80 });
    const patient = await insertPatient(db, org.companyId, { name: 'Live Count Patient' });
    const day = nextWeekday('Monday');
    const figures = async (query = `clinic=${clinic.id}&from=${day}&to=${day}`) => body(await get(query)).data;
    expect(await figures()).toMatchObject({ total: 0, heatmap: [] });
    // Asked twice with nothing changed: the same figures.
    expect((await figures()).total).toBe(0);

    const booked = await ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: auth(org.token), payload: {
      patient: patient.id, doctor: doctor.id, clinic: clinic.id, service: service.id, datetime: `${day}T10:00:00+03:00`, reason: 'Check-up' } });
    expect(booked.statusCode, booked.body).toBe(201);
    const afterBooking = await figures();
    expect(afterBooking).toMatchObject({ total: 1, byStatus: { scheduled: 1, cancelled: 0 }, heatmap: [{ weekday: 0, hour: 10, count: 1 }] });
    expect(afterBooking.utilisation.find((u: { doctor: { _id: string } }) => u.doctor._id === doctor.id)).toMatchObject({ bookedMinutes: 30 });
    const companyBefore = (await figures(`from=${day}&to=${day}&fresh=true`)).byStatus.cancelled;

    const id = body(booked).data._id as string;
    const cancelled = await ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${id}`, headers: auth(org.token),
      payload: await withVersion(ctx, 'appointments', id, { status: 'cancelled', cancellationReason: 'Travelling' }) as Record<string, unknown> });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await figures()).toMatchObject({ total: 1, byStatus: { scheduled: 0, cancelled: 1 }, heatmap: [] });
    expect((await figures(`from=${day}&to=${day}&fresh=true`)).byStatus.cancelled).toBe(companyBefore + 1);

    // Written by another program (no API call): counted at once all the same.
    await ctx.database.query(`update appointments set status = 'completed', cancellation_reason = null where id = $1`, [id]);
    expect(await figures()).toMatchObject({ total: 1, byStatus: { completed: 1, cancelled: 0 }, patients: { new: 1, returning: 0 }, revenue: 80 });
  });

  it('lists today\'s new appointment and a patient\'s new name on the agenda in the very next answer', async () => {
    const db = ctx.database.db;
    const clinic = await insertClinic(db, org.companyId, { name: 'Agenda Clinic', timeZone: 'Asia/Riyadh' });
    const doctor = await insertDoctor(db, org.companyId, { name: 'Dr. Agenda', clinics: [clinic.id] });
    const service = await insertService(db, org.companyId, { clinicId: clinic.id, doctors: [doctor.id] });
    const patient = await insertPatient(db, org.companyId, { name: 'Agenda Patient' });
    const today = todayIn('Asia/Riyadh');
    const agenda = async () => body(await get(`clinic=${clinic.id}&from=${today}&to=${today}`)).data.agenda as Array<{ patient: { name: string } }>;
    expect(await agenda()).toEqual([]);
    await db.insert(appointments).values({ companyId: org.companyId, publicId: 'APT-DASH-AGENDA', patientId: patient.id, doctorId: doctor.id, clinicId: clinic.id,
      serviceId: service.id, reason: 'Fixture', startsAt: new Date(`${today}T12:00:00+03:00`), endsAt: new Date(`${today}T12:30:00+03:00`), status: 'scheduled' });
    expect((await agenda()).map((a) => a.patient.name)).toEqual(['Agenda Patient']);
    await ctx.database.query('update patients set name = $2 where id = $1', [patient.id, 'Agenda Patient Renamed']);
    expect((await agenda()).map((a) => a.patient.name)).toEqual(['Agenda Patient Renamed']);
    // A clinic's new name is shown at once too.
    await ctx.database.query('update clinics set name = $2 where id = $1', [clinic.id, 'Agenda Clinic Renamed']);
    expect((await agenda() as unknown as Array<{ clinic: { name: string } }>)[0]!.clinic.name).toBe('Agenda Clinic Renamed');
  });

  it('answers each organisation its own figures once another one has clinics and appointments too', async () => {
    const before = body(await get('from=2026-03-01&to=2026-03-14')).data;
    const other = await createOrg(ctx);
    await seedOrgData(ctx, other.companyId, new Date('2026-03-05T00:00:00Z'));
    const ours = await get('from=2026-03-01&to=2026-03-14');
    expect(ours.statusCode, ours.body).toBe(200);
    expect(body(ours).data).toMatchObject({ total: before.total, byStatus: before.byStatus, revenue: before.revenue, scope: { clinics: before.scope.clinics } });
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/dashboard?from=2026-03-01&to=2026-03-14', headers: auth(other.token) });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const [counted] = await ctx.database.query<{ n: number }>('select count(*)::int as n from clinics where company_id = $1', [other.companyId]);
    expect(body(theirs).data.scope.clinics).toBe(counted!.n);
    expect(body(theirs).data.utilisation.map((u: { doctor: { _id: string } }) => u.doctor._id)).not.toContain(ids.doctor);
  });
});
