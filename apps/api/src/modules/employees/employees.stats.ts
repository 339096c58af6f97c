import { eq, sql } from 'drizzle-orm';
import type { EmployeeStats, EmployeeStatsPeriod } from '@clinic/shared';
import { calendarDays } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
function iso(v: unknown): string {
  return new Date(v as string | Date).toISOString();
}

/** The first and last calendar day of a statistics period, from the clinic group's today. */
export function periodRange(period: EmployeeStatsPeriod, today: string): { from: string; to: string } {
  const d = new Date(`${today}T00:00:00Z`);
  const shift = (days: number) => new Date(d.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  if (period === '7d') return { from: shift(-6), to: today };
  if (period === '30d') return { from: shift(-29), to: today };
  const first = `${today.slice(0, 7)}-01`;
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  return { from: first, to: last };
}

/** Every day of a period (at most a month), counted rather than compared. */
export function eachDay(from: string, to: string): string[] {
  return calendarDays(from, to) ?? [];
}

/**
 * A doctor's statistics from the appointments table, in the company's time zone: appointments per day and
 * status over the period, distinct patients, the upcoming schedule and the doctor's patients.
 */
export async function doctorStats(db: Db, companyId: string, doctorId: string, period: EmployeeStatsPeriod): Promise<EmployeeStats> {
  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
  const tz = company?.timeZone ?? 'UTC';
  const [todayRow] = rowsOf<{ today: string }>(await db.execute(sql`select (now() at time zone ${tz})::date::text as today`));
  const { from, to } = periodRange(period, todayRow!.today);
  const inPeriod = sql`a.company_id = ${companyId} and a.doctor_id = ${doctorId}
    and a.starts_at >= (${from}::date)::timestamp at time zone ${tz}
    and a.starts_at < ((${to}::date) + 1)::timestamp at time zone ${tz}`;

  const [perDay, periodPatients, allPatients, upcoming, patients] = await Promise.all([
    db.execute(sql`select (a.starts_at at time zone ${tz})::date::text as day, a.status, count(*)::int as n
      from appointments a where ${inPeriod} group by 1, 2`),
    db.execute(sql`select count(distinct a.patient_id)::int as n from appointments a where ${inPeriod} and a.status <> 'cancelled'`),
    db.execute(sql`select count(distinct a.patient_id)::int as n from appointments a
      where a.company_id = ${companyId} and a.doctor_id = ${doctorId} and a.status <> 'cancelled'`),
    db.execute(sql`select a.id, a.public_id, a.starts_at, a.ends_at, a.status, a.reason,
        p.id as patient_id, p.name as patient_name, p.public_id as patient_public_id,
        c.id as clinic_id, c.name as clinic_name, s.id as service_id, s.name as service_name
      from appointments a
      join patients p on p.company_id = a.company_id and p.id = a.patient_id
      join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
      join services s on s.company_id = a.company_id and s.id = a.service_id
      where a.company_id = ${companyId} and a.doctor_id = ${doctorId} and a.status = 'scheduled' and a.starts_at >= now()
      order by a.starts_at asc limit 10`),
    db.execute(sql`select p.id, p.public_id, p.name,
        count(*) filter (where a.status = 'completed')::int as visits,
        max(a.starts_at) filter (where a.starts_at < now() and a.status <> 'cancelled') as last_visit,
        min(a.starts_at) filter (where a.starts_at >= now() and a.status = 'scheduled') as next_visit
      from appointments a
      join patients p on p.company_id = a.company_id and p.id = a.patient_id
      where a.company_id = ${companyId} and a.doctor_id = ${doctorId} and a.status <> 'cancelled'
      group by p.id, p.public_id, p.name
      order by max(a.starts_at) desc
      limit 20`),
  ]);

  const counts = new Map<string, { scheduled: number; completed: number; cancelled: number }>();
  for (const r of rowsOf<{ day: string; status: string; n: number }>(perDay)) {
    const entry = counts.get(r.day) ?? { scheduled: 0, completed: 0, cancelled: 0 };
    if (r.status === 'scheduled' || r.status === 'completed' || r.status === 'cancelled') entry[r.status] += Number(r.n);
    counts.set(r.day, entry);
  }
  const days = eachDay(from, to).map((date) => ({ date, ...(counts.get(date) ?? { scheduled: 0, completed: 0, cancelled: 0 }) }));
  const sum = (k: 'scheduled' | 'completed' | 'cancelled') => days.reduce((n, d) => n + d[k], 0);
  return {
    period,
    timeZone: tz,
    from,
    to,
    days,
    totals: {
      appointments: sum('scheduled') + sum('completed') + sum('cancelled'),
      scheduled: sum('scheduled'),
      completed: sum('completed'),
      cancelled: sum('cancelled'),
      patients: Number(rowsOf<{ n: number }>(periodPatients)[0]?.n ?? 0),
    },
    totalPatients: Number(rowsOf<{ n: number }>(allPatients)[0]?.n ?? 0),
    upcoming: rowsOf<Record<string, unknown>>(upcoming).map((r) => ({
      _id: String(r.id),
      publicId: String(r.public_id),
      startsAt: iso(r.starts_at),
      endsAt: iso(r.ends_at),
      status: String(r.status),
      reason: String(r.reason),
      patient: { _id: String(r.patient_id), name: String(r.patient_name), publicId: String(r.patient_public_id) },
      clinic: { _id: String(r.clinic_id), name: String(r.clinic_name) },
      service: { _id: String(r.service_id), name: String(r.service_name) },
    })),
    patients: rowsOf<Record<string, unknown>>(patients).map((r) => ({
      _id: String(r.id),
      publicId: String(r.public_id),
      name: String(r.name),
      visits: Number(r.visits),
      lastVisit: r.last_visit ? iso(r.last_visit) : null,
      nextVisit: r.next_visit ? iso(r.next_visit) : null,
    })),
  };
}
