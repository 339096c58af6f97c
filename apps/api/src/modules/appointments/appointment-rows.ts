import { and, eq, sql } from 'drizzle-orm';
import type { AppointmentCard, AppointmentRecord, AppointmentStatus, Ref } from '@clinic/shared';
import { safeTimeZone, zonedIso } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { appointments, clinics, employees, patients, services } from '../../db/schema/index.js';
import { visitMinutes, waitingMinutes } from '../../domain/scheduling/visit-flow.js';
import { qualified, refOf } from '../../lib/sql.js';

/*
 * How an appointment is read and shown: the columns and joins that bring its patient, doctor, clinic and service
 * names along, and the record and card the API returns from them. The queries that choose which appointments to
 * read live in appointments.repository.ts.
 */

export type AppointmentRow = typeof appointments.$inferSelect;

export const doctors = employees;
export const joinPatient = and(eq(patients.companyId, appointments.companyId), eq(patients.id, appointments.patientId));
export const joinDoctor = and(eq(doctors.companyId, appointments.companyId), eq(doctors.id, appointments.doctorId));
export const joinClinic = and(eq(clinics.companyId, appointments.companyId), eq(clinics.id, appointments.clinicId));
export const joinService = and(eq(services.companyId, appointments.companyId), eq(services.id, appointments.serviceId));

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

export type JoinedRow = Partial<StepAuthors> & {
  a: AppointmentRow;
  patient: Ref | null;
  doctor: Ref | null;
  clinic: Ref | null;
  service: Ref | null;
  clinicTimeZone: string | null;
};

export function fromJoined(r: { a: AppointmentRow } & StepAuthors & Record<Exclude<keyof typeof joinedColumns, 'a' | keyof StepAuthors>, string>): JoinedRow {
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
    source: r.a.source === 'online' ? 'online' : 'staff',
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

/**
 * Appointments with their names looked up (see `lookedUp`), joined to the tables a filter or an order by name reads:
 * patient, doctor and service for a search, the clinic for a local day in several zones or the clinic order.
 */
export function selectLookedUp(db: Db, joins: { people?: boolean; clinic?: boolean } = {}) {
  let query = db.select(lookedUp).from(appointments).$dynamic();
  if (joins.people) query = query.innerJoin(patients, joinPatient).innerJoin(doctors, joinDoctor).innerJoin(services, joinService);
  if (joins.clinic) query = query.innerJoin(clinics, joinClinic);
  return query;
}

/** Appointments joined to all four tables their names come from. */
export function selectJoined(db: Db) {
  return db.select(joinedColumns).from(appointments)
    .innerJoin(patients, joinPatient).innerJoin(doctors, joinDoctor).innerJoin(clinics, joinClinic).innerJoin(services, joinService)
    .$dynamic();
}

/** Just what a card shows, through one join of the four tables (the clinic for its time zone). */
export const cardColumns = {
  id: appointments.id,
  publicId: appointments.publicId,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  status: appointments.status,
  source: appointments.source,
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
export type CardRow = Omit<{ [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['data'] }, 'seriesId'> & { seriesId: string | null };

export function selectCards(db: Db) {
  return db.select(cardColumns).from(appointments)
    .innerJoin(patients, joinPatient).innerJoin(doctors, joinDoctor).innerJoin(clinics, joinClinic).innerJoin(services, joinService)
    .$dynamic();
}

export function toCard(r: CardRow): AppointmentCard {
  const tz = safeTimeZone(r.timeZone);
  return {
    _id: r.id,
    publicId: r.publicId,
    datetime: zonedIso(r.startsAt, tz),
    endsAt: zonedIso(r.endsAt, tz),
    status: r.status as AppointmentStatus,
    source: r.source === 'online' ? 'online' : 'staff',
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
