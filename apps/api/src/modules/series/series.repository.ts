import { and, asc, eq } from 'drizzle-orm';
import type { AppointmentStatus, SeriesRecord } from '@clinic/shared';
import { safeTimeZone, zonedIso } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { appointmentSeries, appointments, clinics, employees, patients, services } from '../../db/schema/index.js';
import { nextVersion } from '../../lib/versioning.js';
import { refOf } from '../../lib/sql.js';

export type SeriesRow = typeof appointmentSeries.$inferSelect;

export async function insertSeries(db: Db, values: typeof appointmentSeries.$inferInsert): Promise<SeriesRow> {
  const [row] = await db.insert(appointmentSeries).values(values).returning();
  return row!;
}

/** Raises the series' version (with `set`) if it is still `version`; false when it is not (or the series is gone). */
export async function claimSeriesVersion(db: Db, companyId: string, id: string, version: number, set: Partial<SeriesRow> = {}): Promise<boolean> {
  const [claimed] = await db.update(appointmentSeries).set({ ...set, updatedAt: new Date(), version: nextVersion(appointmentSeries.version) })
    .where(and(eq(appointmentSeries.companyId, companyId), eq(appointmentSeries.id, id), eq(appointmentSeries.version, version)))
    .returning({ id: appointmentSeries.id });
  return Boolean(claimed);
}

/** Changes one occurrence (raising its version) only while it is scheduled; false when it no longer is. */
export async function updateScheduledOccurrence(
  db: Db, companyId: string, id: string, set: Omit<Partial<typeof appointments.$inferInsert>, 'version'>,
): Promise<boolean> {
  const [done] = await db.update(appointments).set({ ...set, version: nextVersion(appointments.version) })
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, id), eq(appointments.status, 'scheduled')))
    .returning({ id: appointments.id });
  return Boolean(done);
}

export async function findSeries(db: Db, companyId: string, id: string): Promise<SeriesRow | null> {
  const [row] = await db.select().from(appointmentSeries)
    .where(and(eq(appointmentSeries.companyId, companyId), eq(appointmentSeries.id, id))).limit(1);
  return row ?? null;
}

/** Every occurrence of a series, earliest first. */
export async function findOccurrences(db: Db, companyId: string, seriesId: string) {
  return db.select().from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.seriesId, seriesId)))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

export async function seriesRecord(db: Db, companyId: string, row: SeriesRow): Promise<SeriesRecord> {
  const [names] = await db.select({
    patient: refOf(patients, appointmentSeries.companyId, appointmentSeries.patientId),
    doctor: refOf(employees, appointmentSeries.companyId, appointmentSeries.doctorId),
    clinic: refOf(clinics, appointmentSeries.companyId, appointmentSeries.clinicId),
    service: refOf(services, appointmentSeries.companyId, appointmentSeries.serviceId),
  }).from(appointmentSeries).where(and(eq(appointmentSeries.companyId, companyId), eq(appointmentSeries.id, row.id)));
  const tz = safeTimeZone(row.timeZone);
  const occurrences = await findOccurrences(db, companyId, row.id);
  const ref = (r: { _id: string; name: string; publicId?: string } | null | undefined, id: string) => r ?? { _id: id, name: '' };
  return {
    _id: row.id,
    rrule: row.rrule,
    patient: ref(names?.patient, row.patientId),
    doctor: ref(names?.doctor, row.doctorId),
    clinic: ref(names?.clinic, row.clinicId),
    service: ref(names?.service, row.serviceId),
    reason: row.reason,
    version: row.version,
    occurrences: occurrences.map((o) => ({
      _id: o.id, publicId: o.publicId, datetime: zonedIso(o.startsAt, tz), endsAt: zonedIso(o.endsAt, tz),
      status: o.status as AppointmentStatus, version: o.version,
    })),
  };
}
