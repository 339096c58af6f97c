/** Every query of the dashboard. All of them are scoped by company. */
import { and, asc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppointmentStatus } from '@clinic/shared';
import { endOfLocalDay, startOfLocalDay } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { placeholder as ph } from '../../lib/list.js';
import { prepared } from '../../lib/prepared.js';
import { appointments, calendarStamps, clinicCollections, clinics, employeeClinics, employees, patients, services } from '../../db/schema/index.js';

export interface GroupRow {
  kind: 's' | 'd' | 'v' | 'h';
  status: AppointmentStatus | null;
  doctor_id: string | null;
  service_id: string | null;
  weekday: number | null;
  hour: number | null;
  n: number;
  active: number;
  completed: number;
  late: number;
  arrivals: number;
  waits: number;
  wait_minutes: number;
  booked_minutes: number;
  /** Of a status group: how many of them were booked online. */
  online: number;
}

export async function findComplexRef(db: Db, companyId: string, id: string) {
  const [c] = await db.select({ id: clinicCollections.id, name: clinicCollections.name, publicId: clinicCollections.publicId }).from(clinicCollections)
    .where(and(eq(clinicCollections.companyId, companyId), eq(clinicCollections.id, id))).limit(1);
  return c ?? null;
}

/**
 * The dashboard's clinics, by name: one, those of a complex, or all of the company's; each row also carries the
 * company's change stamp (`change_stamps.calendar_stamps`, the calendar's: raised at the commit of every transaction
 * that inserts, updates or deletes any of the company's appointments, renames a patient, doctor or service, or
 * changes a clinic's time zone; see migration 0026), read in the same statement, before anything kept under it is used.
 */
export function scopeClinics(db: Db, companyId: string, scope: { clinic?: string | null; complex?: string | null }) {
  const statement = prepared(db, `dashboard.clinics:${Boolean(scope.clinic)}:${Boolean(scope.complex)}`, (name) => {
    const where: SQL[] = [eq(clinics.companyId, ph('companyId'))];
    if (scope.clinic) where.push(eq(clinics.id, ph('clinic')));
    if (scope.complex) where.push(eq(clinics.clinicCollectionId, ph('complex')));
    return db
      .select({
        id: clinics.id, name: clinics.name, publicId: clinics.publicId, timeZone: clinics.timeZone, workingHours: clinics.workingHours, holidays: clinics.holidays,
        stamp: sql<string | null>`(select s.stamp::text from ${calendarStamps} s where s.company_id = ${ph('companyId')})`,
      })
      .from(clinics).where(and(...where)).orderBy(asc(clinics.name))
      .prepare(name);
  });
  return statement.execute({ companyId, clinic: scope.clinic ?? null, complex: scope.complex ?? null });
}

/**
 * The people of the dashboard, by name, in one statement: everyone working at these clinics and everyone `booked`
 * there in the period, with their calendars (hours, breaks, leave) and which of these clinics they work at.
 */
export async function scopePeople(db: Db, companyId: string, clinicIds: string[], booked: string[]) {
  if (!clinicIds.length) return [];
  const statement = prepared(db, `dashboard.people:${booked.length > 0}`, (name) => {
    const theirs = sql`any(${ph('clinicIds')}::uuid[])`;
    const linked = db.select({ id: employeeClinics.employeeId }).from(employeeClinics)
      .where(and(eq(employeeClinics.companyId, ph('companyId')), sql`${employeeClinics.clinicId} = ${theirs}`));
    return db
      .select({
        id: employees.id, name: employees.name, publicId: employees.publicId, employeeType: employees.employeeType, workingHours: employees.workingHours,
        breakTimes: employees.breakTimes, vacationRecords: employees.vacationRecords,
        clinicIds: sql<string[]>`array(select ec.clinic_id::text from ${employeeClinics} ec
          where ec.company_id = "employees"."company_id" and ec.employee_id = "employees"."id" and ec.clinic_id = ${theirs})`,
      })
      .from(employees)
      .where(and(
        eq(employees.companyId, ph('companyId')),
        booked.length ? or(inArray(employees.id, linked), sql`${employees.id} = any(${ph('booked')}::uuid[])`) : inArray(employees.id, linked),
      ))
      .orderBy(asc(employees.name))
      .prepare(name);
  });
  return statement.execute({ companyId, clinicIds, booked });
}

/**
 * The period's figures counted by the database in one statement (see `periodAggregates` in the service): the groups
 * as JSON, the period's patients with a completed visit, and how many of them had an earlier one.
 */
export type PeriodGroups = { groups: GroupRow[] | string | null; patients: number; returning: number };

export async function periodGroups(db: Db, companyId: string, scope: Array<{ id: string; timeZone: string }>, from: string, to: string): Promise<PeriodGroups> {
  const list = <T>(values: T[], type: string) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::${sql.raw(type)}[]`;
  const starts = scope.map((c) => startOfLocalDay(from, c.timeZone).toISOString());
  const ends = scope.map((c) => endOfLocalDay(to, c.timeZone).toISOString());
  const result = await db.execute<PeriodGroups>(sql`
    with p as materialized (
      select a.doctor_id, a.patient_id, a.service_id, a.starts_at, a.ends_at, a.status, a.late_cancellation, a.arrived_at, a.called_in_at, a.source, z.tz
      from unnest(${list(scope.map((c) => c.id), 'uuid')}, ${list(scope.map((c) => c.timeZone), 'text')},
        ${list(starts, 'timestamptz')}, ${list(ends, 'timestamptz')}) as z(id, tz, s, e)
      -- One range of appointments_clinic_time_idx per clinic, never a scan of the company's appointments: the lateral
      -- subquery is kept apart from the join (offset 0), else the planner hashes a sequential scan on a network. Only
      -- the columns counted are read out of each row.
      cross join lateral (select a.doctor_id, a.patient_id, a.service_id, a.starts_at, a.ends_at, a.status, a.late_cancellation,
          a.arrived_at, a.called_in_at, a.source from ${appointments} a
        where a.company_id = ${companyId} and a.clinic_id = z.id and a.starts_at >= z.s and a.starts_at < z.e offset 0) a
    ),
    -- Four hashed groupings of the period's rows (grouping sets would sort them).
    g as (
      select 's' as kind, status, null::uuid as doctor_id, null::uuid as service_id, null::int as weekday, null::int as hour, count(*)::int as n,
        0 as active, 0 as completed,
        (count(*) filter (where late_cancellation))::int as late,
        count(arrived_at)::int as arrivals,
        count(called_in_at - arrived_at)::int as waits,
        (coalesce(sum(extract(epoch from called_in_at - arrived_at)), 0) / 60)::float8 as wait_minutes,
        0::float8 as booked_minutes,
        (count(*) filter (where source = 'online'))::int as online
      from p group by status
      union all
      select 'd', null, doctor_id, null, null, null, count(*)::int, 0, 0, 0, 0, 0, 0,
        (coalesce(sum(extract(epoch from ends_at - starts_at)) filter (where status <> 'cancelled'), 0) / 60)::float8, 0
      from p group by doctor_id
      union all
      select 'v', null, null, service_id, null, null, count(*)::int, 0, count(*)::int, 0, 0, 0, 0, 0, 0
      from p where status = 'completed' group by service_id
      union all
      -- Local weekday and hour of each distinct start (a clinic's slots), not of each row: a tenth of the conversions.
      select 'h', null, null, null, weekday, hour, sum(n)::int, sum(n)::int, 0, 0, 0, 0, 0, 0, 0
      from (select extract(isodow from starts_at at time zone tz)::int - 1 as weekday, extract(hour from starts_at at time zone tz)::int as hour, n
        from (select tz, starts_at, count(*) as n from p where status <> 'cancelled' group by tz, starts_at) t) h
      group by weekday, hour
    ),
    f as (select patient_id, min(starts_at) as first from p where status = 'completed' group by patient_id)
    select (select json_agg(g) from g) as groups,
      (select count(*)::int from f) as patients,
      (select count(*)::int from f where exists (select 1 from ${appointments} e
        where e.company_id = ${companyId} and e.patient_id = f.patient_id and e.status = 'completed' and e.starts_at < f.first)) as returning`);
  return (result as unknown as { rows: PeriodGroups[] }).rows[0]!;
}

export function servicePrices(db: Db, companyId: string, ids: string[]) {
  return prepared(db, 'dashboard.prices', (name) => db.select({ id: services.id, price: services.price }).from(services)
    .where(and(eq(services.companyId, ph('companyId')), sql`${services.id} = any(${ph('ids')}::uuid[])`)).prepare(name))
    .execute({ companyId, ids });
}

/**
 * Appointments of these clinics starting in the window, with their patient, doctor and service, earliest first. Each
 * row's patient is read by primary key (a lateral subquery kept apart from the join): a join let the planner hash all
 * of the company's patients for a day's few hundred appointments.
 */
export function agendaRows(db: Db, companyId: string, clinicIds: string[], window: { start: Date; end: Date }, limit: number) {
  const patient = db.select({ id: patients.id, name: patients.name, publicId: patients.publicId }).from(patients)
    .where(and(eq(patients.companyId, appointments.companyId), eq(patients.id, appointments.patientId))).offset(0).as('p');
  return db
    .select({
      id: appointments.id, publicId: appointments.publicId, startsAt: appointments.startsAt, endsAt: appointments.endsAt, status: appointments.status,
      clinicId: appointments.clinicId, patientId: patient.id, patientName: patient.name, patientPublicId: patient.publicId,
      doctorId: employees.id, doctorName: employees.name, serviceId: services.id, serviceName: services.name,
    })
    .from(appointments)
    .innerJoinLateral(patient, sql`true`)
    .innerJoin(employees, and(eq(employees.companyId, appointments.companyId), eq(employees.id, appointments.doctorId)))
    .innerJoin(services, and(eq(services.companyId, appointments.companyId), eq(services.id, appointments.serviceId)))
    .where(and(
      eq(appointments.companyId, companyId),
      inArray(appointments.clinicId, clinicIds),
      gte(appointments.startsAt, window.start),
      lt(appointments.startsAt, window.end),
    ))
    .orderBy(asc(appointments.startsAt), asc(appointments.publicId))
    .limit(limit);
}

/**
 * How many appointments of these clinics start within their own day (`days`: the clinics of one zone, from their local
 * midnight to the next), of every status, as the agenda lists them.
 */
export async function agendaCount(db: Db, companyId: string, days: Array<{ clinicIds: string[]; start: Date; end: Date }>): Promise<number> {
  if (!days.length) return 0;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(appointments).where(and(
    eq(appointments.companyId, companyId),
    or(...days.map((d) => and(inArray(appointments.clinicId, d.clinicIds), gte(appointments.startsAt, d.start), lt(appointments.startsAt, d.end)))),
  ));
  return Number(row?.n ?? 0);
}
