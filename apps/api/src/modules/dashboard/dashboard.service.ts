import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { planAllows, type AppointmentStatus, type DashboardAgendaItem, type DashboardFigures, type DashboardQuery } from '@clinic/shared';
import { appointments, clinicCollections, clinics, employeeClinics, employees, patients, services } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { addDays, calendarDays, localTime, safeTimeZone, zonedInstant, zonedIso } from '../../domain/scheduling/time-zone.js';
import { todayIn } from '../patients/patients.domain.js';
import { paidRevenue } from '../billing/billing.repository.js';
import { getBillingSettings } from '../billing/billing.service.js';
import { dashboardFiguresOf, type DashAggregates } from './dashboard.domain.js';

/** Most appointments today's agenda lists. */
const AGENDA_CAP = 300;

/** Instants safely around clinic-local days `from`..`to` in any zone (a day either side). */
const around = (from: string, to: string) => ({ start: new Date(`${addDays(from, -1)}T00:00:00Z`), end: new Date(`${addDays(to, 2)}T00:00:00Z`) });

export async function dashboard(deps: Deps, caller: Caller, q: DashboardQuery): Promise<DashboardFigures> {
  const db = deps.db;
  const companyId = caller.companyId;
  const asOf = new Date().toISOString();
  const today = todayIn(caller.timeZone, new Date());
  const from = q.from ?? q.to ?? today;
  const to = q.to ?? q.from ?? today;
  const days = calendarDays(from, to)?.length ?? 1;

  // The scope: one clinic, the clinics of a complex (when the plan has complexes), or every clinic.
  let complexRef: { _id: string; name: string; publicId: string } | null = null;
  const where: SQL[] = [eq(clinics.companyId, companyId)];
  if (q.clinic) where.push(eq(clinics.id, q.clinic));
  if (q.complex) {
    if (!planAllows(caller.plan as never, 'complex')) throw forbidden();
    const [c] = await db.select({ id: clinicCollections.id, name: clinicCollections.name, publicId: clinicCollections.publicId }).from(clinicCollections)
      .where(and(eq(clinicCollections.companyId, companyId), eq(clinicCollections.id, q.complex))).limit(1);
    if (!c) throw notFound();
    complexRef = { _id: c.id, name: c.name, publicId: c.publicId };
    where.push(eq(clinics.clinicCollectionId, q.complex));
  }
  const scope = await db
    .select({ id: clinics.id, name: clinics.name, publicId: clinics.publicId, timeZone: clinics.timeZone, workingHours: clinics.workingHours, holidays: clinics.holidays })
    .from(clinics).where(and(...where)).orderBy(asc(clinics.name));
  if (q.clinic && !scope.length) throw notFound();
  const clinicIds = scope.map((c) => c.id);
  const calendars = scope.map((c) => ({ id: c.id, timeZone: safeTimeZone(c.timeZone), workingHours: c.workingHours, holidays: c.holidays }));

  const counted = await periodAggregates(deps, companyId, calendars, from, to);
  // Doctors working at the scope's clinics, and any doctor booked there in the period.
  const links = clinicIds.length ? await db.select({ employeeId: employeeClinics.employeeId, clinicId: employeeClinics.clinicId }).from(employeeClinics)
    .where(and(eq(employeeClinics.companyId, companyId), inArray(employeeClinics.clinicId, clinicIds))) : [];
  const booked = new Set(counted.doctorsInPeriod);
  const doctorIds = [...new Set([...links.map((l) => l.employeeId), ...booked])];
  const doctorRows = doctorIds.length ? await db
    .select({ id: employees.id, name: employees.name, publicId: employees.publicId, employeeType: employees.employeeType, workingHours: employees.workingHours, breakTimes: employees.breakTimes, vacationRecords: employees.vacationRecords })
    .from(employees).where(and(eq(employees.companyId, companyId), inArray(employees.id, doctorIds))).orderBy(asc(employees.name)) : [];
  const clinicsOf = new Map<string, string[]>();
  for (const l of links) clinicsOf.set(l.employeeId, [...(clinicsOf.get(l.employeeId) ?? []), l.clinicId]);
  const doctors = doctorRows
    .filter((d) => d.employeeType === 'Doctor' || booked.has(d.id))
    .map((d) => ({ ...d, clinicIds: clinicsOf.get(d.id) ?? [] }));
  const figures = dashboardFiguresOf({ from, to, clinics: calendars, doctors, counted });
  const names = new Map(doctors.map((d) => [d.id, { _id: d.id, name: d.name, publicId: d.publicId }]));

  return {
    period: { from, to, days },
    asOf,
    scope: {
      clinic: q.clinic && scope[0] ? { _id: scope[0].id, name: scope[0].name, publicId: scope[0].publicId } : null,
      complex: complexRef,
      clinics: scope.length,
    },
    ...figures,
    collected: await collected(deps, companyId, calendars, from, to),
    utilisation: figures.utilisation.map(({ doctorId, ...u }) => ({ doctor: names.get(doctorId) ?? { _id: doctorId, name: '' }, ...u })),
    today,
    agenda: await agenda(deps, companyId, scope, today),
  };
}

interface GroupRow {
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
}

/**
 * The period's figures counted by the database in one statement: the scope's appointments whose clinic-local day is
 * in the period (each clinic's days as one instant range on `appointments_clinic_time_idx`), grouped by status, by
 * doctor, by completed visits' service and by local weekday and hour of active ones; and the period's patients with a completed visit, of whom those
 * with an earlier completed visit anywhere in the company (`appointments_patient_completed_idx`) are returning.
 * The rows themselves never leave the database.
 */
async function periodAggregates(deps: Deps, companyId: string, scope: Array<{ id: string; timeZone: string }>, from: string, to: string) {
  const empty = { byStatus: {}, lateCancellations: 0, arrivals: 0, waits: { count: 0, minutes: 0 }, bookedMinutes: new Map<string, number>(), cells: [], patients: { new: 0, returning: 0 }, revenue: 0 };
  if (!scope.length) return { ...empty, doctorsInPeriod: [] as string[] };
  const list = <T>(values: T[], type: string) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::${sql.raw(type)}[]`;
  const starts = scope.map((c) => zonedInstant(from, '00:00', c.timeZone).toISOString());
  const ends = scope.map((c) => zonedInstant(addDays(to, 1), '00:00', c.timeZone).toISOString());
  const result = await deps.db.execute<{ groups: GroupRow[] | string | null; patients: number; returning: number }>(sql`
    with p as materialized (
      select a.doctor_id, a.patient_id, a.service_id, a.starts_at, a.ends_at, a.status, a.late_cancellation, a.arrived_at, a.called_in_at,
        extract(isodow from a.starts_at at time zone z.tz)::int - 1 as weekday, extract(hour from a.starts_at at time zone z.tz)::int as hour
      from unnest(${list(scope.map((c) => c.id), 'uuid')}, ${list(scope.map((c) => c.timeZone), 'text')},
        ${list(starts, 'timestamptz')}, ${list(ends, 'timestamptz')}) as z(id, tz, s, e)
      -- One range of appointments_clinic_time_idx per clinic, never a scan of the company's appointments: the lateral
      -- subquery is kept apart from the join (offset 0), else the planner hashes a sequential scan on a network.
      cross join lateral (select * from ${appointments} a
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
        0::float8 as booked_minutes
      from p group by status
      union all
      select 'd', null, doctor_id, null, null, null, count(*)::int, 0, 0, 0, 0, 0, 0,
        (coalesce(sum(extract(epoch from ends_at - starts_at)) filter (where status <> 'cancelled'), 0) / 60)::float8
      from p group by doctor_id
      union all
      select 'v', null, null, service_id, null, null, count(*)::int, 0, count(*)::int, 0, 0, 0, 0, 0
      from p where status = 'completed' group by service_id
      union all
      select 'h', null, null, null, weekday, hour, count(*)::int, count(*)::int, 0, 0, 0, 0, 0, 0
      from p where status <> 'cancelled' group by weekday, hour
    ),
    f as (select patient_id, min(starts_at) as first from p where status = 'completed' group by patient_id)
    select (select json_agg(g) from g) as groups,
      (select count(*)::int from f) as patients,
      (select count(*)::int from f where exists (select 1 from ${appointments} e
        where e.company_id = ${companyId} and e.patient_id = f.patient_id and e.status = 'completed' and e.starts_at < f.first)) as returning`);
  const row = (result as unknown as { rows: Array<{ groups: GroupRow[] | string | null; patients: number; returning: number }> }).rows[0]!;
  const groups: GroupRow[] = typeof row.groups === 'string' ? JSON.parse(row.groups) as GroupRow[] : (row.groups ?? []);
  const counted = { ...empty, bookedMinutes: new Map<string, number>(), cells: [] as DashAggregates['cells'], byStatus: {} as DashAggregates['byStatus'] };
  const completedByService = new Map<string, number>();
  const doctorsInPeriod: string[] = [];
  for (const r of groups) {
    if (r.kind === 's' && r.status) {
      counted.byStatus[r.status] = r.n;
      if (r.status === 'cancelled') counted.lateCancellations += r.late;
      counted.arrivals += r.arrivals;
      counted.waits.count += r.waits;
      counted.waits.minutes += r.wait_minutes;
    } else if (r.kind === 'd' && r.doctor_id) {
      doctorsInPeriod.push(r.doctor_id);
      counted.bookedMinutes.set(r.doctor_id, r.booked_minutes);
    } else if (r.kind === 'v' && r.service_id && r.completed) {
      completedByService.set(r.service_id, r.completed);
    } else if (r.kind === 'h' && r.weekday !== null && r.hour !== null && r.active) {
      counted.cells.push({ weekday: r.weekday, hour: r.hour, count: r.active });
    }
  }
  counted.patients = { new: Number(row.patients) - Number(row.returning), returning: Number(row.returning) };
  counted.revenue = await periodRevenue(deps, companyId, completedByService);
  return { ...counted, doctorsInPeriod };
}

/**
 * The period's revenue: each completed visit at its service's price. The one place the dashboard's revenue comes from
 * (invoiced amounts can replace the price list here).
 */
export async function periodRevenue(deps: Deps, companyId: string, completedByService: Map<string, number>): Promise<number> {
  if (!completedByService.size) return 0;
  const prices = await deps.db.select({ id: services.id, price: services.price }).from(services)
    .where(and(eq(services.companyId, companyId), inArray(services.id, [...completedByService.keys()])));
  return prices.reduce((sum, s) => sum + (Number(s.price) || 0) * (completedByService.get(s.id) ?? 0), 0);
}

/**
 * Money taken in the period at the scope's clinics: payments net of refunds (billing), each clinic's local days, in
 * the company's currency (major units). One statement per time zone of the scope.
 */
async function collected(deps: Deps, companyId: string, scope: Array<{ id: string; timeZone: string }>, from: string, to: string): Promise<number> {
  if (!scope.length) return 0;
  const byZone = new Map<string, string[]>();
  for (const c of scope) byZone.set(c.timeZone, [...(byZone.get(c.timeZone) ?? []), c.id]);
  let minor = 0;
  for (const [zone, ids] of byZone) {
    minor += await paidRevenue(deps.db, companyId, ids, zonedInstant(from, '00:00', zone), zonedInstant(addDays(to, 1), '00:00', zone));
  }
  if (!minor) return 0;
  const { minorDigits } = await getBillingSettings(deps.db, companyId);
  return minor / 10 ** minorDigits;
}

/** Today's appointments of the scope (clinic-local today), earliest first. */
async function agenda(deps: Deps, companyId: string, scope: Array<{ id: string; name: string; publicId: string; timeZone: string }>, today: string): Promise<DashboardAgendaItem[]> {
  if (!scope.length) return [];
  const window = around(today, today);
  const rows = await deps.db
    .select({
      id: appointments.id, publicId: appointments.publicId, startsAt: appointments.startsAt, endsAt: appointments.endsAt, status: appointments.status,
      clinicId: appointments.clinicId, patientId: patients.id, patientName: patients.name, patientPublicId: patients.publicId,
      doctorId: employees.id, doctorName: employees.name, serviceId: services.id, serviceName: services.name,
    })
    .from(appointments)
    .innerJoin(patients, and(eq(patients.companyId, appointments.companyId), eq(patients.id, appointments.patientId)))
    .innerJoin(employees, and(eq(employees.companyId, appointments.companyId), eq(employees.id, appointments.doctorId)))
    .innerJoin(services, and(eq(services.companyId, appointments.companyId), eq(services.id, appointments.serviceId)))
    .where(and(
      eq(appointments.companyId, companyId),
      inArray(appointments.clinicId, scope.map((c) => c.id)),
      gte(appointments.startsAt, window.start),
      lt(appointments.startsAt, window.end),
    ))
    .orderBy(asc(appointments.startsAt), asc(appointments.publicId))
    .limit(AGENDA_CAP * 3);
  const byId = new Map(scope.map((c) => [c.id, c]));
  return rows
    .filter((r) => localTime(r.startsAt, safeTimeZone(byId.get(r.clinicId)?.timeZone)).date === today)
    .slice(0, AGENDA_CAP)
    .map((r) => {
      const clinic = byId.get(r.clinicId)!;
      const zone = safeTimeZone(clinic.timeZone);
      return {
        _id: r.id, publicId: r.publicId, datetime: zonedIso(r.startsAt, zone), endsAt: zonedIso(r.endsAt, zone), status: r.status as AppointmentStatus,
        patient: { _id: r.patientId, name: r.patientName, publicId: r.patientPublicId },
        doctor: { _id: r.doctorId, name: r.doctorName },
        clinic: { _id: clinic.id, name: clinic.name, publicId: clinic.publicId },
        service: { _id: r.serviceId, name: r.serviceName },
      };
    });
}
