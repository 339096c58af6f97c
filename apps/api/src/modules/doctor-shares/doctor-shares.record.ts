/**
 * Writing the doctor's share: after each money event of an invoice (inside its transaction, the invoice row locked),
 * one entry per service line with the change since the line's entries so far; and the day close that locks the open
 * entries into its day. docs/billing.md, "The doctor's share".
 */
import { and, asc, desc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DoctorShareApplied, DoctorShareCause, InvoiceLineRecord } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { doctorShareEntries, doctorShareRules, insuranceClaims, invoices } from '../../db/schema/index.js';
import { applyRule, lineDelta, recognised, type LineSoFar, type ShareRule } from './doctor-shares.compute.js';

type RuleRow = typeof doctorShareRules.$inferSelect;

/** The rule for a line: the doctor's rule for its service, else their rule for every service; the latest in effect on the visit's day. */
export function ruleFor(rules: RuleRow[], serviceId: string | null, visitDate: string): RuleRow | null {
  const inEffect = rules.filter((r) => r.effectiveFrom <= visitDate).sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
  return inEffect.find((r) => serviceId !== null && r.serviceId === serviceId) ?? inEffect.find((r) => r.serviceId === null) ?? null;
}

/** The visit's place among the doctor's issued invoices with a visit in the same calendar month (by visit date, issue time, id). */
async function visitInMonth(tx: Db, companyId: string, inv: typeof invoices.$inferSelect): Promise<number> {
  const month = inv.visitDate.slice(0, 7);
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(invoices).where(and(
    eq(invoices.companyId, companyId), eq(invoices.doctorId, inv.doctorId!), ne(invoices.status, 'draft'),
    sql`to_char(${invoices.visitDate}, 'YYYY-MM') = ${month}`,
    sql`(${invoices.visitDate}, ${invoices.issuedAt}, ${invoices.id}) <= (${inv.visitDate}::date, ${inv.issuedAt?.toISOString() ?? null}::timestamptz, ${inv.id}::uuid)`,
  ));
  return Math.max(1, row?.n ?? 1);
}

/**
 * Records what the invoice's money now earns its doctor: per service line, the change since the line's entries
 * (the rule and tier of the line's first entry are kept). Call inside the money event's transaction, after the
 * invoice's figures are saved and with its row locked.
 */
export async function recordDoctorShares(tx: Db, companyId: string, invoiceId: string, cause: DoctorShareCause): Promise<number> {
  const [inv] = await tx.select().from(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId))).limit(1);
  if (!inv || !inv.doctorId || inv.status === 'draft') return 0;
  const lines = (Array.isArray(inv.lines) ? (inv.lines as InvoiceLineRecord[]) : []).map((line, index) => ({ line, index })).filter((l) => l.line.kind === 'service');
  if (lines.length === 0) return 0;
  const [claim] = await tx.select({ status: insuranceClaims.status }).from(insuranceClaims)
    .where(and(eq(insuranceClaims.companyId, companyId), eq(insuranceClaims.invoiceId, invoiceId))).limit(1);
  const r = recognised(inv, claim?.status === 'paid');
  const existing = await tx.select().from(doctorShareEntries)
    .where(and(eq(doctorShareEntries.companyId, companyId), eq(doctorShareEntries.invoiceId, invoiceId)))
    .orderBy(asc(doctorShareEntries.createdAt), asc(doctorShareEntries.id));
  const rules = await tx.select().from(doctorShareRules).where(and(
    eq(doctorShareRules.companyId, companyId), eq(doctorShareRules.doctorId, inv.doctorId), lte(doctorShareRules.effectiveFrom, inv.visitDate),
  )).orderBy(desc(doctorShareRules.effectiveFrom));
  let place: number | null = null;
  const rows: Array<typeof doctorShareEntries.$inferInsert> = [];
  for (const { line, index } of lines) {
    const mine = existing.filter((e) => e.lineIndex === index);
    let ruleId: string;
    let applied: DoctorShareApplied;
    if (mine[0]) {
      ruleId = mine[0].ruleId;
      applied = mine[0].applied as unknown as DoctorShareApplied;
    } else {
      const rule = ruleFor(rules, line.service, inv.visitDate);
      if (!rule) continue;
      if (rule.kind === 'tiers' && place === null) place = await visitInMonth(tx, companyId, inv);
      ruleId = rule.id;
      applied = applyRule(rule as ShareRule, place ?? 0);
    }
    const sofar = mine.reduce<LineSoFar>((s, e) => ({ taken: s.taken + e.taken, base: s.base + e.base, share: s.share + e.share }), { taken: 0, base: 0, share: 0 });
    const delta = lineDelta(applied, line, inv, r, sofar);
    if (!delta) continue;
    rows.push({
      companyId, doctorId: inv.doctorId, clinicId: inv.clinicId, invoiceId, lineIndex: index, serviceId: line.service, description: line.description,
      patientId: inv.patientId, visitDate: inv.visitDate, cause, currency: inv.currency, ...delta, ruleId, applied: applied as unknown as Record<string, unknown>,
    });
  }
  if (rows.length > 0) await tx.insert(doctorShareEntries).values(rows);
  return rows.length;
}

/**
 * Locks the open entries into a day close: those of the box's clinic, or of every clinic when the box is the
 * company's own. Call in the close's transaction after the close is inserted; an entry committed later stays open
 * for the next close.
 */
export async function lockDoctorShares(tx: Db, companyId: string, close: { id: string; day: string; clinicId: string | null }): Promise<number> {
  const where = [eq(doctorShareEntries.companyId, companyId), isNull(doctorShareEntries.closeId)];
  if (close.clinicId !== null) where.push(eq(doctorShareEntries.clinicId, close.clinicId));
  const locked = await tx.update(doctorShareEntries).set({ closeId: close.id, periodDay: close.day }).where(and(...where)).returning({ id: doctorShareEntries.id });
  return locked.length;
}

