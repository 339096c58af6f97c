/**
 * Demo doctor's share: a rule for every doctor (35% of the net amount; one doctor on tiers by the month's visits, and
 * one service of another at a fixed amount per unit), in effect from a year back, then the share of the invoices the
 * billing seed issued and paid, computed by the same function the money events call. The billing seed closes no
 * cash box, so the entries stay open: the first day close locks them into its statement.
 */
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { safeTimeZone, todayIn } from '@clinic/shared';
import type { Db } from '../db/client.js';
import { companies, doctorShareRules, employees, invoices, services, serviceDoctors } from '../db/schema/index.js';
import { recordDoctorShares } from '../modules/doctor-shares/index.js';

export async function seedDoctorShares(db: Db, companyId: string): Promise<void> {
  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) return;
  const today = todayIn(safeTimeZone(company.timeZone));
  // The rules are written directly: the API takes rules from today on only, and the demo's visits are in the past.
  const effectiveFrom = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 8)}01`;
  const doctors = await db.select({ id: employees.id }).from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.employeeType, 'Doctor'))).orderBy(asc(employees.name));
  for (const [i, doctor] of doctors.entries()) {
    const rule = i === 1
      ? { kind: 'tiers', tiers: [{ fromVisit: 1, percentBasisPoints: 3000 }, { fromVisit: 21, percentBasisPoints: 35_00 }, { fromVisit: 41, percentBasisPoints: 4000 }] }
      : { kind: 'percent', percentBasisPoints: 3500 };
    await db.insert(doctorShareRules).values({ companyId, doctorId: doctor.id, effectiveFrom, note: 'Contract', ...rule }).onConflictDoNothing();
  }
  const first = doctors[0];
  if (first) {
    const [service] = await db.select({ id: services.id }).from(services)
      .innerJoin(serviceDoctors, and(eq(serviceDoctors.companyId, services.companyId), eq(serviceDoctors.serviceId, services.id)))
      .where(and(eq(services.companyId, companyId), eq(serviceDoctors.employeeId, first.id))).orderBy(asc(services.name)).limit(1);
    if (service) {
      await db.insert(doctorShareRules).values({
        companyId, doctorId: first.id, serviceId: service.id, kind: 'fixed', fixedAmount: 5000, effectiveFrom, note: 'Per visit',
      }).onConflictDoNothing();
    }
  }

  const issued = await db.select({ id: invoices.id }).from(invoices)
    .where(and(eq(invoices.companyId, companyId), ne(invoices.status, 'draft'), isNotNull(invoices.doctorId)))
    .orderBy(asc(invoices.visitDate), asc(invoices.issuedAt), asc(invoices.id));
  for (const inv of issued) {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.id, inv.id))).for('update');
      await recordDoctorShares(tx, companyId, inv.id, 'payment');
    });
  }
}
