import { and, asc, count, eq, gte, ilike, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MAX_BUFFER_MINUTES, MAX_VISIT_MINUTES, type AppointmentCard, type AppointmentRecord, type AppointmentStatus, type BoardCard, type InvoiceStatus, type Ref } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { appointments, calendarStamps, invoices, clinics, companies, employeeClinics, employees, patients, serviceDoctors, services } from '../../db/schema/index.js';
import { addDays, safeTimeZone, zonedInstant, zonedIso } from '../../domain/scheduling/time-zone.js';
import { visitMinutes, waitingMinutes } from '../../domain/scheduling/visit-flow.js';
import { likePattern, orderBy, pageTotal } from '../../lib/list.js';
import { publicIdOf } from '../../lib/public-id.js';
import { nextVersion } from '../../lib/versioning.js';
import { qualified, refOf } from '../organisation/org-support.js';

export type AppointmentRow = typeof appointments.$inferSelect;

const doctors = employees;
const joinPatient = and(eq(patients.companyId, appointments.companyId), eq(patients.id, appointments.patientId));
const joinDoctor = and(eq(doctors.companyId, appointments.companyId), eq(doctors.id, appointments.doctorId));
const joinClinic = and(eq(clinics.companyId, appointments.companyId), eq(clinics.id, appointments.clinicId));
const joinService = and(eq(services.companyId, appointments.companyId), eq(services.id, appointments.serviceId));

/** Who made each step of the visit, looked up by key (null while the step has not happened). */
const stepAuthors = {
  arrivedBy: refOf(employees, appointments.companyId, appointments.arrivedBy),
  calledInBy: refOf(employees, appointments.companyId, appointments.calledInBy),
  completedBy: refOf(employees, appointments.companyId, appointments.completedBy),
  cancelledBy: refOf(employees, appointments.companyId, appointments.cancelledBy),
  noShowBy: refOf(employees, appointments.companyId, appointments.noShowBy),
};
type StepAuthors = Record<keyof typeof stepAuthors, Ref | null>;

/**
 * An appointment with the names of its patient, doctor, clinic and service, each looked up by key inside the same
 * statement: for a page of ten, PostgreSQL plans these lookups one by one, where a five-table join cost it more to
 * plan (about 2.4 ms) than to run.
 */
const lookedUp = {
  a: appointments,
  patient: refOf(patients, appointments.companyId, appointments.patientId),
  doctor: refOf(doctors, appointments.companyId, appointments.doctorId),
  clinic: refOf(clinics, appointments.companyId, appointments.clinicId),
  service: refOf(services, appointments.companyId, appointments.serviceId),
  clinicTimeZone: sql<string>`(select c.time_zone from ${clinics} c where c.company_id = ${qualified(appointments.companyId)} and c.id = ${qualified(appointments.clinicId)})`,
  ...stepAuthors,
};


/** The same names through joins: for a calendar's range of many appointments, one join beats a lookup per row. */
const joinedColumns = {
  a: appointments,
  patientName: patients.name,
  patientPublicId: patients.publicId,
  doctorName: doctors.name,
  doctorPublicId: doctors.publicId,
  clinicName: clinics.name,
  clinicPublicId: clinics.publicId,
  clinicTimeZone: clinics.timeZone,
  serviceName: services.name,
  servicePublicId: services.publicId,
  ...stepAuthors,
};

type JoinedRow = Partial<StepAuthors> & {
  a: AppointmentRow;
  patient: Ref | null;
  doctor: Ref | null;
  clinic: Ref | null;
  service: Ref | null;
  clinicTimeZone: string | null;
};

function fromJoined(r: { a: AppointmentRow } & StepAuthors & Record<Exclude<keyof typeof joinedColumns, 'a' | keyof StepAuthors>, string>): JoinedRow {
  return {
    a: r.a,
    arrivedBy: r.arrivedBy,
    calledInBy: r.calledInBy,
    completedBy: r.completedBy,
    cancelledBy: r.cancelledBy,
    noShowBy: r.noShowBy,
    patient: { _id: r.a.patientId, name: r.patientName, publicId: r.patientPublicId },
    doctor: { _id: r.a.doctorId, name: r.doctorName, publicId: r.doctorPublicId },
    clinic: { _id: r.a.clinicId, name: r.clinicName, publicId: r.clinicPublicId },
    service: { _id: r.a.serviceId, name: r.serviceName, publicId: r.servicePublicId },
    clinicTimeZone: r.clinicTimeZone,
  };
}

/** A reference that the composite foreign keys guarantee exists. */
function present(ref: Ref | null, id: string): Ref {
  return ref ?? { _id: id, name: '', publicId: '' };
}

export function toRecord(r: JoinedRow, now = new Date()): AppointmentRecord {
  const tz = safeTimeZone(r.clinicTimeZone);
  const stamp = (d: Date | null) => (d ? zonedIso(d, tz) : null);
  const stamps = { ...r.a, status: r.a.status as AppointmentStatus };
  return {
    _id: r.a.id,
    publicId: r.a.publicId,
    patient: present(r.patient, r.a.patientId),
    doctor: present(r.doctor, r.a.doctorId),
    clinic: present(r.clinic, r.a.clinicId),
    service: present(r.service, r.a.serviceId),
    reason: r.a.reason,
    datetime: zonedIso(r.a.startsAt, tz),
    endsAt: zonedIso(r.a.endsAt, tz),
    durationMinutes: Math.round((r.a.endsAt.getTime() - r.a.startsAt.getTime()) / 60_000),
    clinicTimeZone: tz,
    status: r.a.status as AppointmentStatus,
    cancellationReason: r.a.cancellationReason,
    lateCancellation: r.a.lateCancellation,
    reminderSent: r.a.reminderSent,
    arrivedAt: stamp(r.a.arrivedAt),
    calledInAt: stamp(r.a.calledInAt),
    completedAt: stamp(r.a.completedAt),
    cancelledAt: stamp(r.a.cancelledAt),
    noShowAt: stamp(r.a.noShowAt),
    arrivedBy: r.arrivedBy ?? null,
    calledInBy: r.calledInBy ?? null,
    completedBy: r.completedBy ?? null,
    cancelledBy: r.cancelledBy ?? null,
    noShowBy: r.noShowBy ?? null,
    waitingMinutes: waitingMinutes(stamps, now),
    visitMinutes: visitMinutes(stamps),
    visitNote: r.a.visitNote,
    seriesId: r.a.seriesId,
    overbooked: r.a.overbooked,
    bufferBeforeMinutes: r.a.bufferBeforeMinutes,
    bufferAfterMinutes: r.a.bufferAfterMinutes,
    createdAt: r.a.createdAt.toISOString(),
    updatedAt: r.a.updatedAt.toISOString(),
    version: r.a.version,
  };
}

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
      gte(appointments.startsAt, zonedInstant(f.date!, '00:00', safeTimeZone(zone))),
      lt(appointments.startsAt, zonedInstant(addDays(f.date!, 1), '00:00', safeTimeZone(zone))),
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

/**
 * Appointments with their names looked up (see `lookedUp`), joined to the tables a filter or an order by name reads:
 * patient, doctor and service for a search, the clinic for a local day in several zones or the clinic order.
 */
function selectLookedUp(db: Db, joins: { people?: boolean; clinic?: boolean } = {}) {
  let query = db.select(lookedUp).from(appointments).$dynamic();
  if (joins.people) query = query.innerJoin(patients, joinPatient).innerJoin(doctors, joinDoctor).innerJoin(services, joinService);
  if (joins.clinic) query = query.innerJoin(clinics, joinClinic);
  return query;
}

/** Appointments joined to all four tables their names come from. */
function selectJoined(db: Db) {
  return db.select(joinedColumns).from(appointments)
    .innerJoin(patients, joinPatient).innerJoin(doctors, joinDoctor).innerJoin(clinics, joinClinic).innerJoin(services, joinService)
    .$dynamic();
}

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
  const [row] = await db.select({ stamp: calendarStamps.stamp }).from(calendarStamps).where(eq(calendarStamps.companyId, companyId));
  return row?.stamp ?? 0;
}

/** The phones of the company's patients `ids` (those without one are absent). */
export async function patientPhones(db: Db, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: patients.id, phone: patients.phone }).from(patients)
    .where(and(eq(patients.companyId, companyId), inArray(patients.id, ids)));
  return new Map(rows.filter((r) => r.phone).map((r) => [r.id, r.phone!]));
}

/** Just what a card shows, through one join of the four tables (the clinic for its time zone). */
const cardColumns = {
  id: appointments.id,
  publicId: appointments.publicId,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  status: appointments.status,
  reason: appointments.reason,
  version: appointments.version,
  seriesId: appointments.seriesId,
  overbooked: appointments.overbooked,
  bufferBeforeMinutes: appointments.bufferBeforeMinutes,
  bufferAfterMinutes: appointments.bufferAfterMinutes,
  patientId: appointments.patientId,
  patientName: patients.name,
  doctorId: appointments.doctorId,
  doctorName: doctors.name,
  serviceId: appointments.serviceId,
  serviceName: services.name,
  timeZone: clinics.timeZone,
};
type CardRow = Omit<{ [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['data'] }, 'seriesId'> & { seriesId: string | null };

function selectCards(db: Db) {
  return db.select(cardColumns).from(appointments)
    .innerJoin(patients, joinPatient).innerJoin(doctors, joinDoctor).innerJoin(clinics, joinClinic).innerJoin(services, joinService)
    .$dynamic();
}

function toCard(r: CardRow): AppointmentCard {
  const tz = safeTimeZone(r.timeZone);
  return {
    _id: r.id,
    publicId: r.publicId,
    datetime: zonedIso(r.startsAt, tz),
    endsAt: zonedIso(r.endsAt, tz),
    status: r.status as AppointmentStatus,
    patient: { _id: r.patientId, name: r.patientName },
    doctor: { _id: r.doctorId, name: r.doctorName },
    service: { _id: r.serviceId, name: r.serviceName },
    reason: r.reason,
    version: r.version,
    seriesId: r.seriesId,
    overbooked: r.overbooked,
    bufferBeforeMinutes: r.bufferBeforeMinutes,
    bufferAfterMinutes: r.bufferAfterMinutes,
  };
}

/** One clinic's appointments starting in [from, to) as board cards, by start then doctor name. */
export async function findBoardCards(
  db: Db, companyId: string, clinicId: string, from: Date, to: Date, now = new Date(), withInvoices = false,
): Promise<BoardCard[]> {
  const invoiceOf = and(eq(invoices.companyId, appointments.companyId), eq(invoices.appointmentId, appointments.id), sql.raw(withInvoices ? 'true' : 'false'));
  const rows = await db.select({
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
      eq(appointments.companyId, companyId), eq(appointments.clinicId, clinicId),
      gte(appointments.startsAt, from), lt(appointments.startsAt, to),
    ))
    .orderBy(asc(appointments.startsAt), asc(doctors.name), asc(appointments.id))
    .limit(BOARD_CAP);
  return rows.map((r) => {
    const tz = safeTimeZone(r.timeZone);
    const stamp = (d: Date | null) => (d ? zonedIso(d, tz) : null);
    const stamps = { ...r, status: r.status as AppointmentStatus };
    return {
      ...toCard(r),
      arrivedAt: stamp(r.arrivedAt),
      calledInAt: stamp(r.calledInAt),
      completedAt: stamp(r.completedAt),
      waitingMinutes: waitingMinutes(stamps, now),
      visitMinutes: visitMinutes(stamps),
      lateCancellation: r.lateCancellation,
      invoice: r.invoiceId ? { _id: r.invoiceId, status: r.invoiceStatus as InvoiceStatus } : null,
    };
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

/** Everything the booking rules look at, for the chosen patient, doctor, clinic and service. */
/** The parties of a booking; without a doctor (any doctor of the service) the doctor is null and provides nothing. */
export async function loadBookingParties(db: Db, companyId: string, ids: { patient: string | null; doctor: string | null; clinic: string; service: string }) {
  const doctorId = ids.doctor;
  const [patient, doctor, clinic, service, provides, worksAt] = await Promise.all([
    ids.patient
      ? db.select({ id: patients.id, name: patients.name, isActive: patients.isActive }).from(patients)
        .where(and(eq(patients.companyId, companyId), eq(patients.id, ids.patient))).limit(1)
      : Promise.resolve([]),
    doctorId
      ? db.select({
        id: employees.id, name: employees.name, isActive: employees.isActive, employeeType: employees.employeeType,
        workingHours: employees.workingHours, breakTimes: employees.breakTimes, vacationRecords: employees.vacationRecords,
      }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, doctorId))).limit(1)
      : Promise.resolve([]),
    db.select({
      id: clinics.id, name: clinics.name, isActive: clinics.isActive, timeZone: clinics.timeZone, averageVisitMinutes: clinics.averageVisitMinutes,
      workingHours: clinics.workingHours, holidays: clinics.holidays,
    }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, ids.clinic))).limit(1),
    db.select({
      id: services.id, name: services.name, isActive: services.isActive, clinicId: services.clinicId, durationMinutes: services.durationMinutes,
      bufferBeforeMinutes: services.bufferBeforeMinutes, bufferAfterMinutes: services.bufferAfterMinutes,
    })
      .from(services).where(and(eq(services.companyId, companyId), eq(services.id, ids.service))).limit(1),
    doctorId
      ? db.select({ n: count() }).from(serviceDoctors)
        .where(and(eq(serviceDoctors.companyId, companyId), eq(serviceDoctors.serviceId, ids.service), eq(serviceDoctors.employeeId, doctorId)))
      : Promise.resolve([]),
    doctorId
      ? db.select({ n: count() }).from(employeeClinics)
        .where(and(eq(employeeClinics.companyId, companyId), eq(employeeClinics.employeeId, doctorId), eq(employeeClinics.clinicId, ids.clinic)))
      : Promise.resolve([]),
  ]);
  return {
    patient: patient[0] ?? null,
    doctor: doctor[0] ?? null,
    clinic: clinic[0] ?? null,
    service: service[0] ?? null,
    doctorProvidesService: Number(provides[0]?.n ?? 0) > 0,
    doctorWorksAtClinic: Number(worksAt[0]?.n ?? 0) > 0,
  };
}
export type BookingParties = Awaited<ReturnType<typeof loadBookingParties>>;

export async function loadClinicCalendar(db: Db, companyId: string, clinicId: string) {
  const [clinic] = await db.select({
    id: clinics.id, name: clinics.name, isActive: clinics.isActive, timeZone: clinics.timeZone, averageVisitMinutes: clinics.averageVisitMinutes,
    workingHours: clinics.workingHours, holidays: clinics.holidays,
  }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId))).limit(1);
  return clinic ?? null;
}

export async function loadDoctorCalendar(db: Db, companyId: string, doctorId: string) {
  const [doctor] = await db.select({
    id: employees.id, name: employees.name, workingHours: employees.workingHours, breakTimes: employees.breakTimes, vacationRecords: employees.vacationRecords,
  }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, doctorId))).limit(1);
  return doctor ?? null;
}

/** Active doctors who work at a clinic, each with the clinic's services they provide. */
export async function clinicDoctors(db: Db, companyId: string, clinicId: string) {
  const rows = await db
    .select({ _id: employees.id, name: employees.name, publicId: employees.publicId, imageFileId: employees.imageFileId })
    .from(employeeClinics)
    .innerJoin(employees, and(eq(employees.companyId, employeeClinics.companyId), eq(employees.id, employeeClinics.employeeId)))
    .where(and(eq(employeeClinics.companyId, companyId), eq(employeeClinics.clinicId, clinicId), eq(employees.employeeType, 'Doctor'), eq(employees.isActive, true)))
    .orderBy(asc(employees.name));
  const ids = rows.map((r) => r._id);
  const links = ids.length
    ? await db
        .select({ employeeId: serviceDoctors.employeeId, serviceId: serviceDoctors.serviceId })
        .from(serviceDoctors)
        .innerJoin(services, and(eq(services.companyId, serviceDoctors.companyId), eq(services.id, serviceDoctors.serviceId)))
        .where(and(eq(serviceDoctors.companyId, companyId), inArray(serviceDoctors.employeeId, ids), eq(services.clinicId, clinicId)))
    : [];
  return rows.map((r) => ({ ...r, serviceIds: links.filter((l) => l.employeeId === r._id).map((l) => l.serviceId) }));
}

/** Active doctors of a clinic who provide a service (or just `doctorId`), with their calendars, by name. */
export async function loadSlotDoctors(db: Db, companyId: string, clinicId: string, serviceId: string, doctorId?: string) {
  return db
    .select({
      id: employees.id, name: employees.name, workingHours: employees.workingHours, breakTimes: employees.breakTimes, vacationRecords: employees.vacationRecords,
    })
    .from(employees)
    .innerJoin(employeeClinics, and(eq(employeeClinics.companyId, employees.companyId), eq(employeeClinics.employeeId, employees.id), eq(employeeClinics.clinicId, clinicId)))
    .innerJoin(serviceDoctors, and(eq(serviceDoctors.companyId, employees.companyId), eq(serviceDoctors.employeeId, employees.id), eq(serviceDoctors.serviceId, serviceId)))
    .where(and(
      eq(employees.companyId, companyId), eq(employees.employeeType, 'Doctor'), eq(employees.isActive, true),
      doctorId ? eq(employees.id, doctorId) : undefined,
    ))
    .orderBy(asc(employees.name), asc(employees.id));
}

/**
 * The doctors' appointments that take their time (all but cancelled and no-show) overlapping [from, to), each as the
 * range it blocks (buffers included).
 */
export async function findBusyTimes(db: Db, companyId: string, doctorIds: string[], from: Date, to: Date) {
  if (!doctorIds.length) return [];
  const earliest = new Date(from.getTime() - (MAX_VISIT_MINUTES + 2 * MAX_BUFFER_MINUTES) * 60_000);
  const rows = await db
    .select({
      doctorId: appointments.doctorId, startsAt: appointments.startsAt, endsAt: appointments.endsAt,
      blockedFrom: appointments.blockedFrom, blockedUntil: appointments.blockedUntil,
    })
    .from(appointments)
    .where(and(
      eq(appointments.companyId, companyId), inArray(appointments.doctorId, doctorIds),
      notInArray(appointments.status, ['cancelled', 'no_show']),
      gte(appointments.startsAt, earliest), lt(appointments.blockedFrom, to), sql`${appointments.blockedUntil} > ${from.toISOString()}::timestamptz`,
    ));
  return rows.map((r) => ({ doctorId: r.doctorId, startsAt: r.blockedFrom ?? r.startsAt, endsAt: r.blockedUntil ?? r.endsAt }));
}

// ---------------------------------------------------------------------------------------------------------
// Changes

/** The columns a change of an appointment sets (its version is raised by the change itself). */
export type AppointmentChanges = Omit<Partial<typeof appointments.$inferInsert>, 'version'>;

/**
 * Stores one appointment. One statement takes the public number and stores the appointment: the company's counter is
 * locked only while PostgreSQL runs and commits it, and a refused booking (an overlap) gives its number back.
 */
export async function insertAppointmentRow(db: Db, values: Omit<typeof appointments.$inferInsert, 'publicId'>): Promise<string> {
  const [row] = await db
    .insert(appointments)
    .values({ ...values, publicId: publicIdOf(values.companyId, 'appointment', 'APT') })
    .returning({ id: appointments.id });
  if (!row) throw new Error('appointment insert returned nothing');
  return row.id;
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
