/**
 * An appointment list's filter as a prepared statement sees it: the values of its placeholders, and the shape (which
 * filters are present, how many statuses and clinic time zones) that decides the statement's text. The lists build
 * their statement once per shape (`prepared`) and then only execute it with the request's values.
 */
import { and, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { type AppointmentStatus, endOfLocalDay, MAX_VISIT_MINUTES, safeTimeZone, startOfLocalDay } from '@clinic/shared';
import { appointments, clinics, patients, services } from '../../db/schema/index.js';
import { likePattern, placeholder as ph } from '../../lib/list.js';
import { doctors } from './appointment-rows.js';

export interface AppointmentFilters {
  companyId: string;
  search?: string | undefined;
  /** One or several statuses. */
  status?: readonly AppointmentStatus[] | undefined;
  /** Clinic-local day 'YYYY-MM-DD'. */
  date?: string | undefined;
  /** With `date`: the time zones of the clinics it may concern (`clinicTimeZones`); unknown, each row's is read. */
  dayZones?: readonly string[] | undefined;
  clinicId?: string | undefined;
  doctorId?: string | undefined;
  patientId?: string | undefined;
  serviceId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface ListFilter {
  /** The values of the statement's placeholders. */
  values: Record<string, unknown>;
  /** Everything that changes the statement's text (never a value). */
  shape: string;
  /** The condition, each value as its placeholder (built only when a shape's statement is). */
  where: () => SQL;
}

export function listFilter(f: AppointmentFilters): ListFilter {
  const values: Record<string, unknown> = { companyId: f.companyId };
  const shape: string[] = [];
  const conditions: Array<() => SQL> = [() => eq(appointments.companyId, ph('companyId'))];
  const given = (key: string, value: unknown, condition: () => SQL) => {
    values[key] = value;
    shape.push(key);
    conditions.push(condition);
  };
  if (f.search) {
    given('pattern', likePattern(f.search), () => {
      const p = ph('pattern') as unknown as string;
      return or(
        ilike(patients.name, p), ilike(patients.publicId, p), ilike(doctors.name, p), ilike(appointments.publicId, p),
        ilike(appointments.reason, p), ilike(services.name, p),
      )!;
    });
  }
  if (f.status?.length === 1) given('status', f.status[0], () => eq(appointments.status, ph('status')));
  else if (f.status?.length) given('statuses', [...f.status], () => sql`${appointments.status} = any(${ph('statuses')}::text[])`);
  if (f.clinicId) given('clinicId', f.clinicId, () => eq(appointments.clinicId, ph('clinicId')));
  if (f.doctorId) given('doctorId', f.doctorId, () => eq(appointments.doctorId, ph('doctorId')));
  if (f.patientId) given('patientId', f.patientId, () => eq(appointments.patientId, ph('patientId')));
  if (f.serviceId) given('serviceId', f.serviceId, () => eq(appointments.serviceId, ph('serviceId')));
  // The day as the clinic's own clocks show it.
  if (f.date) {
    const date = f.date;
    // A clinic-local day lies within [UTC midnight - 14 h, UTC midnight + 36 h) whatever the zone (offsets run from
    // -12 to +14): that window lets the (company, status|clinic, starts_at) indexes narrow the rows, and the exact
    // local-day check then runs on those few.
    given('date', date, () => and(
      sql`${appointments.startsAt} >= (${ph('date')}::date - interval '14 hours') at time zone 'UTC'`,
      sql`${appointments.startsAt} < (${ph('date')}::date + interval '36 hours') at time zone 'UTC'`,
    )!);
    // Each zone's day is an instant range computed once, rather than every row's time converted to its clinic's zone
    // (a network's busy day: thousands of conversions). One zone, the usual case, needs no clinic at all.
    const zones = f.dayZones ?? [];
    shape.push(`zones${zones.length}`);
    zones.forEach((zone, i) => {
      values[`zone${i}`] = zone;
      values[`dayStart${i}`] = startOfLocalDay(date, safeTimeZone(zone));
      values[`dayEnd${i}`] = endOfLocalDay(date, safeTimeZone(zone));
    });
    const dayOf = (i: number) => and(gte(appointments.startsAt, ph(`dayStart${i}`)), lt(appointments.startsAt, ph(`dayEnd${i}`)))!;
    if (zones.length === 1) conditions.push(() => dayOf(0));
    else if (zones.length > 1) conditions.push(() => or(...zones.map((_, i) => and(eq(clinics.timeZone, ph(`zone${i}`)), dayOf(i))))!);
    else conditions.push(() => sql`(${appointments.startsAt} at time zone ${clinics.timeZone})::date = ${ph('date')}::date`);
  }
  if (f.from && f.to) {
    // No appointment lasts longer than MAX_VISIT_MINUTES (a check constraint holds it), so one that overlaps the
    // range starts at most that long before it: the (company, clinic|doctor, starts_at) index reads just the range.
    values.from = f.from.toISOString();
    values.earliest = new Date(f.from.getTime() - MAX_VISIT_MINUTES * 60_000).toISOString();
    given('to', f.to.toISOString(), () => and(
      sql`${appointments.startsAt} < ${ph('to')}::timestamptz`,
      sql`${appointments.endsAt} > ${ph('from')}::timestamptz`,
      sql`${appointments.startsAt} > ${ph('earliest')}::timestamptz`,
    )!);
  }
  return { values, shape: shape.join(','), where: () => and(...conditions.map((c) => c()))! };
}
