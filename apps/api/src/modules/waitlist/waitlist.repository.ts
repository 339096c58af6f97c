import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { ALL_DATA_CAP, type Ref, type WaitlistRecord, type WaitlistStatus } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clinics, employees, patients, services, waitlistEntries } from '../../db/schema/index.js';
import { exactTotal } from '../../lib/list.js';
import { nextVersion } from '../../lib/versioning.js';
import { refOf } from '../../lib/sql.js';

export type WaitlistRow = typeof waitlistEntries.$inferSelect;

const withNames = {
  w: waitlistEntries,
  patient: refOf(patients, waitlistEntries.companyId, waitlistEntries.patientId),
  service: refOf(services, waitlistEntries.companyId, waitlistEntries.serviceId),
  clinic: refOf(clinics, waitlistEntries.companyId, waitlistEntries.clinicId),
  doctor: refOf(employees, waitlistEntries.companyId, waitlistEntries.doctorId),
};

type NamedRow = { w: WaitlistRow; patient: Ref | null; service: Ref | null; clinic: Ref | null; doctor: Ref | null };

export function toWaitlistRecord(r: NamedRow, now = new Date()): WaitlistRecord {
  const w = r.w;
  return {
    _id: w.id,
    publicId: w.publicId,
    patient: r.patient ?? { _id: w.patientId, name: '' },
    service: r.service ?? { _id: w.serviceId, name: '' },
    clinic: r.clinic ?? { _id: w.clinicId, name: '' },
    doctor: w.doctorId ? (r.doctor ?? { _id: w.doctorId, name: '' }) : null,
    fromDate: w.fromDate,
    toDate: w.toDate,
    weekdays: Array.isArray(w.weekdays) ? (w.weekdays as number[]) : [],
    timeFrom: w.timeFrom,
    timeTo: w.timeTo,
    priority: w.priority,
    note: w.note,
    status: w.status as WaitlistStatus,
    appointment: w.appointmentId,
    waitingDays: Math.max(0, Math.floor((now.getTime() - w.createdAt.getTime()) / 86_400_000)),
    createdAt: w.createdAt.toISOString(),
    version: w.version,
  };
}

type EntryFilter = { status: WaitlistStatus; serviceId?: string | undefined; clinicId?: string | undefined };

function entryWhere(companyId: string, f: EntryFilter) {
  const where: SQL[] = [eq(waitlistEntries.companyId, companyId), eq(waitlistEntries.status, f.status)];
  if (f.serviceId) where.push(eq(waitlistEntries.serviceId, f.serviceId));
  if (f.clinicId) where.push(eq(waitlistEntries.clinicId, f.clinicId));
  return and(...where);
}

/** Entries of a status (open by default), highest priority first, then the longest waiting; a page of them when `w` is given. */
export async function findEntries(db: Db, companyId: string, f: EntryFilter, w: { limit: number; offset: number } = { limit: ALL_DATA_CAP, offset: 0 }) {
  return db.select(withNames).from(waitlistEntries).where(entryWhere(companyId, f))
    .orderBy(desc(waitlistEntries.priority), asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(w.limit).offset(w.offset);
}

/** A page of entries and the number of entries matching (counted only when the page cannot tell it). */
export async function findEntryPage(db: Db, companyId: string, f: EntryFilter, w: { limit: number; offset: number }) {
  const rows = await findEntries(db, companyId, f, w);
  const total = await exactTotal(rows.length, w, async () => {
    const [row] = await db.select({ n: count() }).from(waitlistEntries).where(entryWhere(companyId, f));
    return row?.n ?? 0;
  });
  return { rows, total };
}

export async function findEntry(db: Db, companyId: string, id: string) {
  const [row] = await db.select(withNames).from(waitlistEntries)
    .where(and(eq(waitlistEntries.companyId, companyId), eq(waitlistEntries.id, id))).limit(1);
  return row ?? null;
}

/** A service of the company and the clinic it is given in. */
export async function findServicePlace(db: Db, companyId: string, serviceId: string) {
  const [service] = await db.select({ id: services.id, clinicId: services.clinicId }).from(services)
    .where(and(eq(services.companyId, companyId), eq(services.id, serviceId))).limit(1);
  return service;
}

/** A new open entry; answers its id. */
export async function insertEntry(db: Db, values: PgInsertValue<typeof waitlistEntries>): Promise<string> {
  const [row] = await db.insert(waitlistEntries).values(values).returning({ id: waitlistEntries.id });
  return row!.id;
}

/**
 * Closes an entry (booked with its appointment, or closed) only while it is open at `version`: of simultaneous
 * requests one changes it. False when it was not (closed meanwhile, another version, or gone).
 */
export async function closeOpenEntry(
  db: Db, companyId: string, id: string, version: number, to: { status: 'booked'; appointmentId: string } | { status: 'closed' },
): Promise<boolean> {
  const [closed] = await db.update(waitlistEntries)
    .set({ ...to, updatedAt: new Date(), version: nextVersion(waitlistEntries.version) })
    .where(and(eq(waitlistEntries.companyId, companyId), eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'open'), eq(waitlistEntries.version, version)))
    .returning({ id: waitlistEntries.id });
  return Boolean(closed);
}
