import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type AppointmentStatus, type BoardCard, type InvoiceStatus, safeTimeZone, zonedIso,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { appointments, calendarStamps, invoices, clinics, companies, patients, services } from '../../db/schema/index.js';
import { visitMinutes, waitingMinutes } from '../../domain/scheduling/visit-flow.js';
import { offsetOf, orderBy, pageTotal, placeholder as ph } from '../../lib/list.js';
import { listFilter, type AppointmentFilters, type ListFilter } from './appointment-filter.js';
import { prepared } from '../../lib/prepared.js';
import { publicIdOf } from '../../lib/public-id.js';
import { nextVersion } from '../../lib/versioning.js';
import {
  cardColumns, doctors, fromJoined, joinClinic, joinDoctor, joinPatient, joinService, selectCards, selectJoined, selectLookedUp, toCard, toRecord,
  type AppointmentRow, type JoinedRow,
} from './appointment-rows.js';

export type { AppointmentFilters } from './appointment-filter.js';

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

type PageOf = { limit: number; offset: number; sortBy: string; order: 'asc' | 'desc' };

/** The list's order (by a column of the appointment or a joined name). */
const orderOf = (page: PageOf) => orderBy(sortColumns[page.sortBy] ?? sortColumns._id!, page.order);

/**
 * One page of appointments with their patient, doctor, clinic and service names, in one query; the total is
 * counted only when the page is full, and at most as far as `listCountCap` (the calendar's week never counts).
 * Each statement is prepared per shape of the filter and order, then executed with the request's values.
 */
export async function findAppointments(db: Db, f: AppointmentFilters, page: PageOf) {
  const filter = listFilter(f);
  const joins = joinsFor(f);
  const rows = await findRows(db, f, page, filter, joins);
  const total = await countMatches(db, rows.length, page, f, filter, joins);
  return { rows: rows.map((r) => toRecord(r)), total };
}

/** The lean cards of a calendar (`view=calendar`): the same matches, pages and orders as `findAppointments`. */
export async function findAppointmentCards(db: Db, f: AppointmentFilters, page: PageOf) {
  const filter = listFilter(f);
  const joins = joinsFor(f);
  const statement = prepared(db, `appointments.cards:${filter.shape}:${page.sortBy}:${page.order}:${page.offset > 0}`, (name) => selectCards(db)
    .where(filter.where()).orderBy(...orderOf(page)).limit(ph('limit')).offset(offsetOf(page.offset)).prepare(name));
  const rows = await statement.execute({ ...filter.values, limit: page.limit, offset: page.offset });
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
    .where(eq(calendarStamps.companyId, ph('companyId'))).prepare(name));
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

async function findRows(db: Db, f: AppointmentFilters, page: PageOf, filter: ListFilter, joins: { people: boolean; clinic: boolean }): Promise<JoinedRow[]> {
  const key = `${filter.shape}:${page.sortBy}:${page.order}:${page.offset > 0}`;
  const values = { ...filter.values, limit: page.limit, offset: page.offset };
  if (f.from && f.to) {
    // A calendar's range: every appointment in it, so names come through one join.
    const statement = prepared(db, `appointments.range:${key}`, (name) => selectJoined(db)
      .where(filter.where()).orderBy(...orderOf(page)).limit(ph('limit')).offset(offsetOf(page.offset)).prepare(name));
    return (await statement.execute(values)).map(fromJoined);
  }
  if (!joins.people && OWN_SORTS.has(page.sortBy)) {
    // The page's ids first, from the appointments (with the clinic, for a local day in several zones) alone, then
    // the names of just those rows: a busy day's thousands of matches are not each looked up to keep ten.
    const statement = prepared(db, `appointments.ids:${key}`, (name) => {
      let ids = db.select({ id: appointments.id }).from(appointments).$dynamic();
      if (joins.clinic) ids = ids.innerJoin(clinics, joinClinic);
      const pageIds = ids.where(filter.where()).orderBy(...orderOf(page)).limit(ph('limit')).offset(offsetOf(page.offset)).as('page_ids');
      return selectLookedUp(db)
        .innerJoin(pageIds, eq(appointments.id, pageIds.id))
        .where(eq(appointments.companyId, ph('companyId')))
        .orderBy(...orderOf(page))
        .prepare(name);
    });
    return statement.execute(values);
  }
  const people = joins.people || PEOPLE_SORTS.has(page.sortBy);
  const clinic = joins.clinic || page.sortBy === 'clinic';
  const statement = prepared(db, `appointments.joined:${key}`, (name) => selectLookedUp(db, { people, clinic })
    .where(filter.where()).orderBy(...orderOf(page)).limit(ph('limit')).offset(offsetOf(page.offset)).prepare(name));
  return statement.execute(values);
}

async function countMatches(
  db: Db, found: number, page: { limit: number; offset: number }, f: AppointmentFilters, filter: ListFilter, joins: { people: boolean; clinic: boolean },
) {
  return pageTotal(found, page, async (cap) => {
    const statement = prepared(db, `appointments.count:${filter.shape}`, (name) => {
      let matches = db.select({ one: sql`1` }).from(appointments).$dynamic();
      if (joins.people) matches = matches.innerJoin(patients, joinPatient).innerJoin(doctors, joinDoctor).innerJoin(services, joinService);
      if (joins.clinic) matches = matches.innerJoin(clinics, joinClinic);
      return db.select({ n: count() }).from(matches.where(filter.where()).limit(ph('cap')).as('matches')).prepare(name);
    });
    const [row] = await statement.execute({ ...filter.values, cap });
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

/**
 * The appointment's status and start, its row held (FOR UPDATE) until the transaction ends, so that what is decided on
 * it (a patient's confirmation or move, a removal) cannot cross a change made at the same moment; null when there is
 * no such appointment.
 */
export async function lockAppointment(db: Db, companyId: string, id: string): Promise<{ status: string; startsAt: Date } | null> {
  const [row] = await db.select({ status: appointments.status, startsAt: appointments.startsAt }).from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, id))).limit(1).for('update');
  return row ?? null;
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
