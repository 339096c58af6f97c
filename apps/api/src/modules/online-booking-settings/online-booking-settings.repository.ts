import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clinicOnlineBooking, clinics, companies, employeeClinics, employees, services } from '../../db/schema/index.js';
import { nextVersion } from '../../lib/versioning.js';

export type SettingsRow = typeof clinicOnlineBooking.$inferSelect;
export interface SettingsValues {
  enabled: boolean;
  mode: string;
  serviceIds: string[];
  doctorIds: string[];
  minNoticeMinutes: number;
  horizonDays: number;
  maxPerPhoneDay: number;
  maxPerPhoneWeek: number;
  cancellationPolicy: { en?: string; ar?: string };
}

export async function clinicExists(db: Db, companyId: string, clinicId: string): Promise<boolean> {
  const [c] = await db.select({ id: clinics.id }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId))).limit(1);
  return !!c;
}

/** The clinic's settings; with `lock`, the row held (FOR UPDATE) until the transaction ends; null before the first save. */
export async function findSettings(db: Db, companyId: string, clinicId: string, lock = false): Promise<SettingsRow | null> {
  const query = db.select().from(clinicOnlineBooking)
    .where(and(eq(clinicOnlineBooking.companyId, companyId), eq(clinicOnlineBooking.clinicId, clinicId))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The first save (version 2); false when another request saved first. */
export async function insertFirstSettings(tx: Db, companyId: string, clinicId: string, v: SettingsValues): Promise<boolean> {
  const inserted = await tx.insert(clinicOnlineBooking).values({ companyId, clinicId, ...v, version: 2 }).onConflictDoNothing()
    .returning({ v: clinicOnlineBooking.version });
  return inserted.length > 0;
}

/** Saves over the version the change is based on; false when the row moved on. */
export async function updateSettingsAtVersion(tx: Db, companyId: string, clinicId: string, version: number, v: SettingsValues): Promise<boolean> {
  const updated = await tx.update(clinicOnlineBooking).set({ ...v, updatedAt: new Date(), version: nextVersion(clinicOnlineBooking.version) })
    .where(and(eq(clinicOnlineBooking.companyId, companyId), eq(clinicOnlineBooking.clinicId, clinicId), eq(clinicOnlineBooking.version, version)))
    .returning({ v: clinicOnlineBooking.version });
  return updated.length > 0;
}

/** Of `ids`, the services of this clinic (of this company). */
export async function clinicServiceIds(db: Db, companyId: string, clinicId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: services.id }).from(services)
    .where(and(eq(services.companyId, companyId), eq(services.clinicId, clinicId), inArray(services.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Of `ids`, the doctors who work at this clinic (of this company). */
export async function clinicDoctorIds(db: Db, companyId: string, clinicId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: employees.id }).from(employeeClinics)
    .innerJoin(employees, and(eq(employees.companyId, employeeClinics.companyId), eq(employees.id, employeeClinics.employeeId)))
    .where(and(eq(employeeClinics.companyId, companyId), eq(employeeClinics.clinicId, clinicId), inArray(employeeClinics.employeeId, ids), eq(employees.employeeType, 'Doctor')));
  return new Set(rows.map((r) => r.id));
}

export async function companySlug(db: Db, companyId: string): Promise<string | null> {
  const [row] = await db.select({ slug: companies.bookingSlug }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.slug ?? null;
}

/** Whether another organisation holds `slug`. */
export async function slugTaken(db: Db, companyId: string, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.bookingSlug, slug), ne(companies.id, companyId))).limit(1);
  return !!row;
}

export async function setCompanySlug(tx: Db, companyId: string, slug: string | null): Promise<void> {
  await tx.update(companies).set({ bookingSlug: slug, updatedAt: new Date() }).where(eq(companies.id, companyId));
}
