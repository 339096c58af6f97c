/** Queries of the documents sent to ZATCA (e_invoice_submissions), each scoped to the company. */
import { and, asc, count, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditNotes, eInvoices, eInvoiceSubmissions, invoices } from '../../db/schema/index.js';

export type SubmissionRow = typeof eInvoiceSubmissions.$inferSelect;

export async function insertSubmission(db: Db, values: { companyId: string; eInvoiceId: string; mode: 'reporting' | 'clearance' }): Promise<string> {
  const [row] = await db.insert(eInvoiceSubmissions).values(values).returning({ id: eInvoiceSubmissions.id });
  return row!.id;
}

const listColumns = {
  s: eInvoiceSubmissions,
  kind: eInvoices.kind,
  documentId: eInvoices.documentId,
  icv: eInvoices.icv,
  invoiceNumber: invoices.displayNumber,
  noteNumber: creditNotes.displayNumber,
};

function listQuery(db: Db) {
  return db.select(listColumns).from(eInvoiceSubmissions)
    .innerJoin(eInvoices, and(eq(eInvoices.companyId, eInvoiceSubmissions.companyId), eq(eInvoices.id, eInvoiceSubmissions.eInvoiceId)))
    .leftJoin(invoices, and(eq(invoices.companyId, eInvoices.companyId), eq(eInvoices.kind, 'invoice'), eq(invoices.id, eInvoices.documentId)))
    .leftJoin(creditNotes, and(eq(creditNotes.companyId, eInvoices.companyId), eq(eInvoices.kind, 'credit_note'), eq(creditNotes.id, eInvoices.documentId)));
}

export type SubmissionListRow = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

function listWhere(companyId: string, status: string | undefined): SQL {
  return and(eq(eInvoiceSubmissions.companyId, companyId), status ? eq(eInvoiceSubmissions.status, status) : undefined)!;
}

/** A page of the company's submissions, newest first. */
export async function listSubmissions(db: Db, companyId: string, status: string | undefined, limit: number, offset: number): Promise<SubmissionListRow[]> {
  return listQuery(db).where(listWhere(companyId, status))
    .orderBy(desc(eInvoiceSubmissions.createdAt), desc(eInvoiceSubmissions.id))
    .limit(limit).offset(offset);
}

export async function countSubmissions(db: Db, companyId: string, status: string | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(eInvoiceSubmissions).where(listWhere(companyId, status));
  return Number(row?.n ?? 0);
}

export async function findSubmissionListRow(db: Db, companyId: string, id: string): Promise<SubmissionListRow | null> {
  const [row] = await listQuery(db).where(and(eq(eInvoiceSubmissions.companyId, companyId), eq(eInvoiceSubmissions.id, id))).limit(1);
  return row ?? null;
}

/** A submission with its document, for sending (`lock`: held until the transaction ends). */
export async function findSubmission(db: Db, companyId: string, id: string, lock = false) {
  const q = db.select({ s: eInvoiceSubmissions, e: eInvoices }).from(eInvoiceSubmissions)
    .innerJoin(eInvoices, and(eq(eInvoices.companyId, eInvoiceSubmissions.companyId), eq(eInvoices.id, eInvoiceSubmissions.eInvoiceId)))
    .where(and(eq(eInvoiceSubmissions.companyId, companyId), eq(eInvoiceSubmissions.id, id)))
    .limit(1);
  const [row] = await (lock ? q.for('update', { of: eInvoiceSubmissions }) : q);
  return row ?? null;
}

/**
 * Writes an outcome if the row is still at `version` (true), so an answer never overwrites a newer state (a retry
 * asked for in between, another runner's answer).
 */
export async function updateSubmission(db: Db, companyId: string, id: string, version: number, set: Partial<typeof eInvoiceSubmissions.$inferInsert>): Promise<boolean> {
  const rows = await db.update(eInvoiceSubmissions)
    .set({ ...set, version: sql`${eInvoiceSubmissions.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(eInvoiceSubmissions.companyId, companyId), eq(eInvoiceSubmissions.id, id), eq(eInvoiceSubmissions.version, version)))
    .returning({ id: eInvoiceSubmissions.id });
  return rows.length > 0;
}

/**
 * The company's failed submissions the resend sweep may queue again at `now`: failed after an attempt that could not
 * reach the authority (resend_after set), due (resend_after reached), their document issued after `since`. Oldest due first.
 */
export async function dueForResend(db: Db, companyId: string, now: Date, since: Date, limit: number): Promise<string[]> {
  const rows = await db.select({ id: eInvoiceSubmissions.id }).from(eInvoiceSubmissions)
    .innerJoin(eInvoices, and(eq(eInvoices.companyId, eInvoiceSubmissions.companyId), eq(eInvoices.id, eInvoiceSubmissions.eInvoiceId)))
    .where(and(
      eq(eInvoiceSubmissions.companyId, companyId), eq(eInvoiceSubmissions.status, 'failed'), lte(eInvoiceSubmissions.resendAfter, now), gt(eInvoices.issuedAt, since),
    ))
    .orderBy(asc(eInvoiceSubmissions.resendAfter))
    .limit(limit);
  return rows.map((r) => r.id);
}
