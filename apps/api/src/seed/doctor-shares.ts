/**
 * Demo doctor's share: a rule for every doctor (35% of the net amount; one doctor on tiers by the month's visits, and
 * one service of another at a fixed amount per unit), in effect from a year back, then the share of the invoices the
 * billing seed issued and paid, computed by the same function the money events call. Then yesterday's close of each
 * clinic's first cash box (counted what it held: no difference) locks them, as a day close does, so the demo
 * statement has a closed day; today is left open for the accountant to close.
 */
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { safeTimeZone, todayIn } from '@clinic/shared';
import type { Db } from '../db/client.js';
import { cashBoxCloses, cashBoxes, companies, doctorShareRules, employees, invoices, services, serviceDoctors } from '../db/schema/index.js';
import { cashBoxBalance } from '../modules/billing/cash-boxes.repository.js';
import { lockDoctorShares, recordDoctorShares } from '../modules/doctor-shares/index.js';

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

  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  // Yesterday's close is the accountant's, as it would have been in the clinic.
  const [accountant] = await db.select({ id: employees.id }).from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.username, 'accountant'))).limit(1);
  const boxes = await db.select({ id: cashBoxes.id, clinicId: cashBoxes.clinicId }).from(cashBoxes)
    .where(and(eq(cashBoxes.companyId, companyId), isNotNull(cashBoxes.clinicId))).orderBy(asc(cashBoxes.createdAt), asc(cashBoxes.id));
  const closedClinics = new Set<string>();
  for (const box of boxes) {
    if (closedClinics.has(box.clinicId!)) continue;
    closedClinics.add(box.clinicId!);
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const held = await cashBoxBalance(tx, companyId, box.id);
      const [close] = await tx.insert(cashBoxCloses)
        .values({ companyId, cashBoxId: box.id, day: yesterday, expected: held, counted: held, difference: 0, note: '', closedBy: accountant?.id ?? null })
        .onConflictDoNothing().returning();
      if (!close) return;
      await lockDoctorShares(tx, companyId, { id: close.id, day: yesterday, clinicId: box.clinicId });
    });
  }
}
