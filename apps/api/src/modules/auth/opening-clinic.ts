import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clinics, employeeClinics } from '../../db/schema/index.js';

/** The clinic a signed-in user works at first: part of the session user the sign-in answers. */

/** The clinic when it is the company's and active. */
export async function findActiveClinic(db: Db, companyId: string, clinicId: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: clinics.id })
    .from(clinics)
    .where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId), eq(clinics.isActive, true)))
    .limit(1);
  return row;
}

/**
 * The clinic to open first: the one last chosen while it is still active, else the first active clinic the employee
 * works at (by number); null when neither.
 */
export async function openingClinicOf(db: Db, companyId: string, employeeId: string, lastClinicId: string | null): Promise<string | null> {
  if (lastClinicId && (await findActiveClinic(db, companyId, lastClinicId))) return lastClinicId;
  const [own] = await db
    .select({ id: clinics.id })
    .from(employeeClinics)
    .innerJoin(clinics, and(eq(clinics.companyId, employeeClinics.companyId), eq(clinics.id, employeeClinics.clinicId)))
    .where(and(eq(employeeClinics.companyId, companyId), eq(employeeClinics.employeeId, employeeId), eq(clinics.isActive, true)))
    .orderBy(asc(clinics.publicId))
    .limit(1);
  return own?.id ?? null;
}
