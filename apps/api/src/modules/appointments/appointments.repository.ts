import { and, asc, count, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type AppointmentStatus, type BoardCard, endOfLocalDay, type InvoiceStatus, MAX_VISIT_MINUTES, safeTimeZone, startOfLocalDay, zonedIso,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { appointments, calendarStamps, invoices, clinics, companies, patients, services } from '../../db/schema/index.js';
import { visitMinutes, waitingMinutes } from '../../domain/scheduling/visit-flow.js';
import { likePattern, orderBy, pageTotal } from '../../lib/list.js';
import { prepared } from '../../lib/prepared.js';
import { publicIdOf } from '../../lib/public-id.js';
import { nextVersion } from '../../lib/versioning.js';
import {
  cardColumns, doctors, fromJoined, joinClinic, joinDoctor, joinPatient, joinService, selectCards, selectJoined, selectLookedUp, toCard, toRecord,
  type AppointmentRow, type JoinedRow,
} from './appointment-rows.js';

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

function whereOf(f: AppointmentFilters): SQL | undefined {
  const where: SQL[] = [eq(appointments.companyId, f.companyId)];
  if (f.search) {
    const p = likePattern(f.search);
    where.push(or(
      ilike(patients.name, p), ilike(patients.publicId, p), ilike(doctors.name, p), ilike(appointments.publicId, p),
      ilike(appointments.reason, p), ilike(services.name, p),
    )!);
  }
  if (f.status?.length) where.push(f.status.length === 1 ? eq(appointments.status, f.status[0]!) : inArray(appointments.status, [...f.status]));
  if (f.clinicId) where.push(eq(appointments.clinicId, f.clinicId));
  if (f.doctorId) where.push(eq(appointments.doctorId, f.doctorId));
  if (f.patientId) where.push(eq(appointments.patientId, f.patientId));
  if (f.serviceId) where.push(eq(appointments.serviceId, f.serviceId));
  // The day as the clinic's own clocks show it.
  if (f.date) {
    // A clinic-local day lies within [UTC midnight - 14 h, UTC midnight + 36 h) whatever the zone (offsets run from
    // -12 to +14): that window lets the (company, status|clinic, starts_at) indexes narrow the rows, and the exact
    // local-day check then runs on those few.
    where.push(sql`${appointments.startsAt} >= (${f.date}::date - interval '14 hours') at time zone 'UTC'`);
    where.push(sql`${appointments.startsAt} < (${f.date}::date + interval '36 hours') at time zone 'UTC'`);
    // Each zone's day is an instant range computed once, rather than every row's time converted to its clinic's zone
    // (a network's busy day: thousands of conversions). One zone, the usual case, needs no clinic at all.
    const zones = f.dayZones ?? [];
    const dayOf = (zone: string) => and(
      gte(appointments.startsAt, startOfLocalDay(f.date!, safeTimeZone(zone))),
      lt(appointments.startsAt, endOfLocalDay(f.date!, safeTimeZone(zone))),
    )!;
    if (zones.length === 1) where.push(dayOf(zones[0]!));
    else if (zones.length > 1) where.push(or(...zones.map((zone) => and(eq(clinics.timeZone, zone), dayOf(zone))))!);
    else where.push(sql`(${appointments.startsAt} at time zone ${clinics.timeZone})::date = ${f.date}::date`);
  }
  if (f.from && f.to) {
    where.push(sql`${appointments.startsAt} < ${f.to.toISOString()}::timestamptz`);
    where.push(sql`${appointments.endsAt} > ${f.from.toISOString()}::timestamptz`);
    // No appointment lasts longer than MAX_VISIT_MINUTES (a check constraint holds it), so one that overlaps the
    // range starts at most that long before it: the (company, clinic|doctor, starts_at) index reads just the range.
    const earliest = new Date(f.from.getTime() - MAX_VISIT_MINUTES * 60_000);
    where.push(sql`${appointments.startsAt} > ${earliest.toISOString()}::timestamptz`);
  }
  return and(...where);
}

const sortColumns: Record<string, AnyPgColumn[]> = {
  _id: [appointments.createdAt, appointments.id],
  publicId: [appointments.publicId],
  datetime: [appointments.startsAt, appointments.id],
  status: [appointments.status, appointments.startsAt],
  patient: [patients.name, appointments.startsAt],
  doctor: [doctors.name, appointments.startsAt],
  clinic: [clinics.name, appointments.startsAt],
  createdAt: [appointments.createdAt, appointments.id],
};

/** Orders by the appointment's own columns, which a page can be cut by before any name is joined. */
const OWN_SORTS = new Set(['_id', 'publicId', 'datetime', 'status', 'createdAt']);

/** Orders that read a joined name. */
const PEOPLE_SORTS = new Set(['patient', 'doctor']);

/** The joins a filter needs: names for a search, the clinic's zone for a local day. Each joined row always exists. */
function joinsFor(f: AppointmentFilters) {
  return { people: Boolean(f.search), clinic: Boolean(f.date) && f.dayZones?.length !== 1 };
}

/** The distinct time zones of the company's clinics (or of one clinic): what a clinic-local day can mean. */
export async function clinicTimeZones(db: Db, companyId: string, clinicId?: string): Promise<string[]> {
  const rows = await db.selectDistinct({ timeZone: clinics.timeZone }).from(clinics)
    .where(and(eq(clinics.companyId, companyId), clinicId ? eq(clinics.id, clinicId) : undefined));
  return rows.map((r) => r.timeZone);
}

/**
 * One page of appointments with their patient, doctor, clinic and service names, in one query; the total is
 * counted only when the page is full, and at most as far as `listCountCap` (the calendar's week never counts).
 */
export async function findAppointments(db: Db, f: AppointmentFilters, page: { limit: number; offset: number; sortBy: string; order: 'asc' | 'desc' }) {
  const filter = whereOf(f);
  const order = orderBy(sortColumns[page.sortBy] ?? sortColumns._id!, page.order);
  const joins = joinsFor(f);
  const rows = await findRows(db, f, page, filter, order, joins);
  const total = await countMatches(db, rows.length, page, f, filter, joins);
  return { rows: rows.map((r) => toRecord(r)), total };
}

/** The lean cards of a calendar (`view=calendar`): the same matches, pages and orders as `findAppointments`. */
export async function findAppointmentCards(db: Db, f: AppointmentFilters, page: { limit: number; offset: number; sortBy: string; order: 'asc' | 'desc' }) {
  const filter = whereOf(f);
  const order = orderBy(sortColumns[page.sortBy] ?? sortColumns._id!, page.order);
  const joins = joinsFor(f);
  const rows = await selectCards(db).where(filter).orderBy(...order).limit(page.limit).offset(page.offset);
  const total = await countMatches(db, rows.length, page, f, filter, joins);
  return { rows: rows.map((r) => toCard(r)), total };
}

/**
 * The company's calendar change stamp (`calendar_stamps`): raised by the database whenever a transaction that changes
 * what a card shows commits (an appointment written or deleted, a patient, doctor or service renamed, a clinic's time
 * zone changed), whoever wrote it. One primary-key read; read before the cards, so a kept answer is never older than
 * its stamp.
 */
export async function calendarStamp(db: Db, companyId: string): Promise<number> {
  const statement = prepared(db, 'appointments.calendarStamp', (name) => db.select({ stamp: calendarStamps.stamp }).from(calendarStamps)
    .where(eq(calendarStamps.companyId, sql.placeholder('companyId'))).prepare(name));
  const [row] = await statement.execute({ companyId });
  return row?.stamp ?? 0;
}

/** The phones of the company's patients `ids` (those without one are absent). */
export async function patientPhones(db: Db, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: patients.id, phone: patients.phone }).from(patients)
    .where(and(eq(patients.companyId, companyId), inArray(patients.id, ids)));
  return new Map(rows.filter((r) => r.phone).map((r) => [r.id, r.phone!]));
}


/** The board's statement, built once per database (with or without the invoice join's rows): only its values change. */
function boardStatement(db: Db, withInvoices: boolean) {
  return prepared(db, `appointments.board:${withInvoices}`, (name) => {
    const invoiceOf = and(eq(invoices.companyId, appointments.companyId), eq(invoices.appointmentId, appointments.id), sql.raw(withInvoices ? 'true' : 'false'));
    return db.select({
      ...cardColumns,
      arrivedAt: appointments.arrivedAt,
      calledInAt: appointments.calledInAt,
      completedAt: appointments.completedAt,
      cancelledAt: appointments.cancelledAt,
      noShowAt: appointments.noShowAt,
      lateCancellation: appointments.lateCancellation,
      invoiceId: invoices.id,
      invoiceStatus: invoices.status,
    }).from(appointments)
      .innerJoin(patients, joinPatient).innerJoin(doctors, joinDoctor).innerJoin(clinics, joinClinic).innerJoin(services, joinService)
      .leftJoin(invoices, invoiceOf)
      .where(and(
        eq(appointments.companyId, sql.placeholder('companyId')), eq(appointments.clinicId, sql.placeholder('clinicId')),
        gte(appointments.startsAt, sql.placeholder('from')), lt(appointments.startsAt, sql.placeholder('to')),
      ))
      .orderBy(asc(appointments.startsAt), asc(doctors.name), asc(appointments.id))
      .limit(BOARD_CAP)
      .prepare(name);
  });
}

/** One clinic's appointments starting in [from, to) as board cards, by start then doctor name. */
export async function findBoardCards(
  db: Db, companyId: string, clinicId: string, from: Date, to: Date, now = new Date(), withInvoices = false,
): Promise<BoardCard[]> {
  const rows = await boardStatement(db, withInvoices).execute({ companyId, clinicId, from: from.toISOString(), to: to.toISOString() });
  return rows.map((r) => {
    const tz = safeTimeZone(r.timeZone);
    const stamp = (d: Date | null) => (d ? zonedIso(d, tz) : null);
    const stamps = r as typeof r & { status: AppointmentStatus };
    // Added to the card's own object: a literal that starts with a spread costs V8 a slow store per property after it.
    return Object.assign(toCard(r), {
      arrivedAt: stamp(r.arrivedAt),
      calledInAt: stamp(r.calledInAt),
      completedAt: stamp(r.completedAt),
      waitingMinutes: waitingMinutes(stamps, now),
      visitMinutes: visitMinutes(stamps),
      lateCancellation: r.lateCancellation,
      invoice: r.invoiceId ? { _id: r.invoiceId, status: r.invoiceStatus as InvoiceStatus } : null,
    });
  });
}
/** Most appointments one board shows (a clinic's busiest day is a few hundred). */
export const BOARD_CAP = 2000;

async function findRows(
  db: Db, f: AppointmentFilters, page: { limit: number; offset: number; sortBy: string; order: 'asc' | 'desc' },
  filter: SQL | undefined, order: SQL[], joins: { people: boolean; clinic: boolean },
): Promise<JoinedRow[]> {
  let rows: JoinedRow[];
  if (f.from && f.to) {
    // A calendar's range: every appointment in it, so names come through one join.
    rows = (await selectJoined(db).where(filter).orderBy(...order).limit(page.limit).offset(page.offset)).map(fromJoined);
  } else if (!joins.people && OWN_SORTS.has(page.sortBy)) {
    // The page's ids first, from the appointments (with the clinic, for a local day in several zones) alone, then
    // the names of just those rows: a busy day's thousands of matches are not each looked up to keep ten.
    let ids = db.select({ id: appointments.id }).from(appointments).$dynamic();
    if (joins.clinic) ids = ids.innerJoin(clinics, joinClinic);
    const pageIds = ids.where(filter).orderBy(...order).limit(page.limit).offset(page.offset).as('page_ids');
    rows = await selectLookedUp(db)
      .innerJoin(pageIds, eq(appointments.id, pageIds.id))
      .where(eq(appointments.companyId, f.companyId))
      .orderBy(...order);
  } else {
    const people = joins.people || PEOPLE_SORTS.has(page.sortBy);
    const clinic = joins.clinic || page.sortBy === 'clinic';
    rows = await selectLookedUp(db, { people, clinic }).where(filter).orderBy(...order).limit(page.limit).offset(page.offset);
  }
  return rows;
}

async function countMatches(
  db: Db, found: number, page: { limit: number; offset: number }, f: AppointmentFilters, filter: SQL | undefined, joins: { people: boolean; clinic: boolean },
) {
  return pageTotal(found, page, async (cap) => {
    let matches = db.select({ one: sql`1` }).from(appointments).$dynamic();
    if (joins.people) matches = matches.innerJoin(patients, joinPatient).innerJoin(doctors, joinDoctor).innerJoin(services, joinService);
    if (joins.clinic) matches = matches.innerJoin(clinics, joinClinic);
    const [row] = await db.select({ n: count() }).from(matches.where(filter).limit(cap).as('matches'));
    return row?.n ?? 0;
  }, { searching: Boolean(f.search) });
}

export async function findAppointment(db: Db, companyId: string, id: string) {
  const [row] = await selectLookedUp(db)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, id)))
    .limit(1);
  return row ? { row: row.a, record: toRecord(row) } : null;
}


// ---------------------------------------------------------------------------------------------------------
// Changes

/** The columns a change of an appointment sets (its version is raised by the change itself). */
export type AppointmentChanges = Omit<Partial<typeof appointments.$inferInsert>, 'version'>;

/**
 * Stores one appointment. One statement takes the public number and stores the appointment: the company's counter is
 * locked only while PostgreSQL runs and commits it, and a refused booking (an overlap) gives its number back. Returns
 * the stored row (with what the database filled in), so that nothing need read it again.
 */
export async function insertAppointmentRow(db: Db, values: Omit<typeof appointments.$inferInsert, 'publicId'>): Promise<AppointmentRow> {
  const [row] = await db
    .insert(appointments)
    .values({ ...values, publicId: publicIdOf(values.companyId, 'appointment', 'APT') })
    .returning();
  if (!row) throw new Error('appointment insert returned nothing');
  return row;
}

/** Changes an appointment only at `version` and in one of the statuses `from`; false when it was not (or is gone). */
export async function updateAppointmentAt(
  db: Db, companyId: string, id: string, version: number, from: readonly AppointmentStatus[], set: AppointmentChanges,
): Promise<boolean> {
  const [updated] = await db
    .update(appointments)
    .set({ ...set, version: nextVersion(appointments.version) })
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, id), eq(appointments.version, version), inArray(appointments.status, from)))
    .returning({ id: appointments.id });
  return Boolean(updated);
}

/** The company's late-cancellation hours as set (null: not set). */
export async function companyLateCancellationHours(db: Db, companyId: string): Promise<number | null> {
  const [row] = await db.select({ hours: companies.lateCancellationHours }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.hours ?? null;
}
