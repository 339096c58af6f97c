/** The doctor's share tables (rules, entries, payouts): every query scoped by company. */
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DoctorShareApplied, DoctorShareCause, Ref } from '@clinic/shared';
import { currencyMinorDigits } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import {
  billingSettings, clinics, doctorShareEntries, doctorSharePayouts, doctorShareRules, employees, invoices, patients, services,
} from '../../db/schema/index.js';
import { qualified, refOf } from '../../lib/sql.js';

export type RuleRow = typeof doctorShareRules.$inferSelect;
export type PayoutRow = typeof doctorSharePayouts.$inferSelect;

export async function companyCurrency(db: Db, companyId: string) {
  const [row] = await db.select({ currency: billingSettings.currency }).from(billingSettings).where(eq(billingSettings.companyId, companyId)).limit(1);
  const currency = row?.currency ?? 'SAR';
  return { currency, minorDigits: currencyMinorDigits(currency) };
}

/** The employee, locked when asked (a payout serialises on its doctor). */
export async function findEmployee(db: Db, companyId: string, id: string, lock = false) {
  const q = db.select({ id: employees.id, name: employees.name, employeeType: employees.employeeType }).from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, id))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function serviceExists(db: Db, companyId: string, id: string) {
  const [row] = await db.select({ id: services.id }).from(services).where(and(eq(services.companyId, companyId), eq(services.id, id))).limit(1);
  return Boolean(row);
}

/** The company's doctors (or one), with how many rules each has. */
export async function findDoctors(db: Db, companyId: string, only?: string) {
  const where = [eq(employees.companyId, companyId), eq(employees.employeeType, 'Doctor')];
  if (only) where.push(eq(employees.id, only));
  return db.select({
    _id: employees.id, name: employees.name,
    rules: sql<number>`(select count(*)::int from ${doctorShareRules} r where r.company_id = ${qualified(employees.companyId)} and r.doctor_id = ${qualified(employees.id)})`,
  }).from(employees).where(and(...where)).orderBy(asc(employees.name), asc(employees.id));
}

const ruleNames = {
  r: doctorShareRules,
  doctor: refOf(employees, doctorShareRules.companyId, doctorShareRules.doctorId),
  service: refOf(services, doctorShareRules.companyId, doctorShareRules.serviceId),
  createdBy: refOf(employees, doctorShareRules.companyId, doctorShareRules.createdBy),
};
export type NamedRule = { r: RuleRow; doctor: Ref | null; service: Ref | null; createdBy: Ref | null };

export async function findRules(db: Db, companyId: string, doctor?: string): Promise<NamedRule[]> {
  const where = [eq(doctorShareRules.companyId, companyId)];
  if (doctor) where.push(eq(doctorShareRules.doctorId, doctor));
  return db.select(ruleNames).from(doctorShareRules).where(and(...where))
    .orderBy(asc(doctorShareRules.doctorId), asc(doctorShareRules.serviceId), desc(doctorShareRules.effectiveFrom));
}

export async function findRule(db: Db, companyId: string, id: string): Promise<NamedRule | null> {
  const [row] = await db.select(ruleNames).from(doctorShareRules).where(and(eq(doctorShareRules.companyId, companyId), eq(doctorShareRules.id, id))).limit(1);
  return row ?? null;
}

/** Inserts the rule; null when the doctor already has one for this service from that day. */
export async function insertRule(db: Db, values: typeof doctorShareRules.$inferInsert): Promise<string | null> {
  const [row] = await db.insert(doctorShareRules).values(values).onConflictDoNothing().returning({ id: doctorShareRules.id });
  return row?.id ?? null;
}

export async function deleteRule(db: Db, companyId: string, id: string) {
  await db.delete(doctorShareRules).where(and(eq(doctorShareRules.companyId, companyId), eq(doctorShareRules.id, id)));
}

export interface EntryRow {
  id: string; periodDay: string | null; visitDate: string; patient: Ref | null; patientId: string; invoiceId: string; displayNumber: string | null;
  clinic: Ref | null; clinicId: string; description: string; cause: DoctorShareCause; taken: number; base: number; share: number;
  applied: DoctorShareApplied; currency: string; createdAt: Date;
}

/** The doctor's entries locked into close days from..to, by day, visit, then as written. */
export async function lockedEntries(db: Db, companyId: string, doctorId: string, from: string, to: string): Promise<EntryRow[]> {
  const e = doctorShareEntries;
  return db.select({
    id: e.id, periodDay: e.periodDay, visitDate: e.visitDate, patient: refOf(patients, e.companyId, e.patientId), patientId: e.patientId,
    invoiceId: e.invoiceId,
    displayNumber: sql<string | null>`(select i.display_number from ${invoices} i where i.company_id = ${qualified(e.companyId)} and i.id = ${qualified(e.invoiceId)})`,
    clinic: refOf(clinics, e.companyId, e.clinicId), clinicId: e.clinicId, description: e.description, cause: sql<DoctorShareCause>`${e.cause}`,
    taken: e.taken, base: e.base, share: e.share, applied: sql<DoctorShareApplied>`${e.applied}`, currency: e.currency, createdAt: e.createdAt,
  }).from(e).where(and(eq(e.companyId, companyId), eq(e.doctorId, doctorId), gte(e.periodDay, from), lte(e.periodDay, to)))
    .orderBy(asc(e.periodDay), asc(e.visitDate), asc(e.createdAt), asc(e.id));
}

/** The doctor's entries no close has locked yet: how many and their share. */
export async function openEntries(db: Db, companyId: string, doctorId: string) {
  const [row] = await db.select({ entries: sql<number>`count(*)::int`, share: sql<string>`coalesce(sum(${doctorShareEntries.share}), 0)` })
    .from(doctorShareEntries)
    .where(and(eq(doctorShareEntries.companyId, companyId), eq(doctorShareEntries.doctorId, doctorId), isNull(doctorShareEntries.closeId)));
  return { entries: row?.entries ?? 0, share: Number(row?.share ?? 0) };
}

const payoutNames = {
  p: doctorSharePayouts,
  doctor: refOf(employees, doctorSharePayouts.companyId, doctorSharePayouts.doctorId),
  createdBy: refOf(employees, doctorSharePayouts.companyId, doctorSharePayouts.createdBy),
};
export type NamedPayout = { p: PayoutRow; doctor: Ref | null; createdBy: Ref | null };

/** Payouts against exactly this period of the doctor's. */
export async function periodPayouts(db: Db, companyId: string, doctorId: string, from: string, to: string): Promise<NamedPayout[]> {
  const p = doctorSharePayouts;
  return db.select(payoutNames).from(p)
    .where(and(eq(p.companyId, companyId), eq(p.doctorId, doctorId), eq(p.periodFrom, from), eq(p.periodTo, to)))
    .orderBy(asc(p.createdAt), asc(p.id));
}

/** The doctor's share locked into any close day less every payout of any period: what is still owed to them at all. */
export async function lifetimeBalance(db: Db, companyId: string, doctorId: string): Promise<number> {
  const e = doctorShareEntries;
  const p = doctorSharePayouts;
  const [earned] = await db.select({ share: sql<string>`coalesce(sum(${e.share}), 0)` }).from(e)
    .where(and(eq(e.companyId, companyId), eq(e.doctorId, doctorId), isNotNull(e.closeId)));
  const [paid] = await db.select({ amount: sql<string>`coalesce(sum(${p.amount}), 0)` }).from(p)
    .where(and(eq(p.companyId, companyId), eq(p.doctorId, doctorId)));
  return Number(earned?.share ?? 0) - Number(paid?.amount ?? 0);
}

export async function insertPayout(db: Db, values: typeof doctorSharePayouts.$inferInsert): Promise<string> {
  const [row] = await db.insert(doctorSharePayouts).values(values).returning({ id: doctorSharePayouts.id });
  return row!.id;
}

export async function findPayout(db: Db, companyId: string, id: string): Promise<NamedPayout | null> {
  const [row] = await db.select(payoutNames).from(doctorSharePayouts)
    .where(and(eq(doctorSharePayouts.companyId, companyId), eq(doctorSharePayouts.id, id))).limit(1);
  return row ?? null;
}
