/** Queries of Saudi e-invoicing: the company's settings, a unit's chain head, the documents of a chain. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clinics, creditNotes, eInvoiceChain, eInvoices, eInvoiceSettings, invoices, patients } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';

export type EInvoiceSettingsRow = typeof eInvoiceSettings.$inferSelect;
export type EInvoiceRow = typeof eInvoices.$inferSelect;

/** The company's settings; with `lock`, the row held (FOR UPDATE) until the transaction ends (a save checks its version against it). */
export async function findSettings(db: Db, companyId: string, lock = false): Promise<EInvoiceSettingsRow | null> {
  const query = db.select().from(eInvoiceSettings).where(eq(eInvoiceSettings.companyId, companyId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Writes the settings, whether or not the company had any (its row held by the caller when it had). */
export async function upsertSettings(db: Db, values: typeof eInvoiceSettings.$inferInsert): Promise<void> {
  const { companyId: _c, ...set } = values;
  await db.insert(eInvoiceSettings).values(values)
    .onConflictDoUpdate({ target: eInvoiceSettings.companyId, set: { ...set, version: sql`${eInvoiceSettings.version} + 1`, updatedAt: sql`now()` } });
}

/** The company's first settings row; false when another save created it meanwhile (nothing is written then). */
export async function insertFirstSettings(db: Db, values: typeof eInvoiceSettings.$inferInsert): Promise<boolean> {
  const created = await db.insert(eInvoiceSettings).values(values).onConflictDoNothing().returning({ companyId: eInvoiceSettings.companyId });
  return created.length > 0;
}

/**
 * Takes the unit's next counter value and its previous hash, holding the head's row until the transaction ends, so
 * a unit's documents are chained one after the other. A unit's first document starts from `firstHash`.
 */
export async function advanceChain(db: Db, companyId: string, clinicId: string, firstHash: string): Promise<{ icv: number; pih: string }> {
  const rows = rowsOf<{ icv: string | number; pih: string }>(await db.execute(sql`
    insert into e_invoice_chain (company_id, clinic_id, last_icv, last_hash)
    values (${companyId}::uuid, ${clinicId}::uuid, 1, ${firstHash})
    on conflict (company_id, clinic_id) do update set last_icv = e_invoice_chain.last_icv + 1
    returning last_icv as icv, last_hash as pih`));
  const row = rows[0]!;
  return { icv: Number(row.icv), pih: row.pih };
}

/** The head now points at this document's hash. */
export async function setChainHash(db: Db, companyId: string, clinicId: string, hash: string): Promise<void> {
  await db.update(eInvoiceChain).set({ lastHash: hash }).where(and(eq(eInvoiceChain.companyId, companyId), eq(eInvoiceChain.clinicId, clinicId)));
}

export async function insertEInvoice(db: Db, values: typeof eInvoices.$inferInsert): Promise<string> {
  const [row] = await db.insert(eInvoices).values(values).returning({ id: eInvoices.id });
  return row!.id;
}

export async function findEInvoice(db: Db, companyId: string, kind: 'invoice' | 'credit_note', documentId: string): Promise<EInvoiceRow | null> {
  const [row] = await db.select().from(eInvoices)
    .where(and(eq(eInvoices.companyId, companyId), eq(eInvoices.kind, kind), eq(eInvoices.documentId, documentId))).limit(1);
  return row ?? null;
}

/** The units (clinics) of a company that have a chain, with their heads. */
export async function chainHeads(db: Db, companyId: string) {
  return db.select({ clinicId: eInvoiceChain.clinicId, lastIcv: eInvoiceChain.lastIcv, lastHash: eInvoiceChain.lastHash, clinic: clinics.name })
    .from(eInvoiceChain)
    .leftJoin(clinics, and(eq(clinics.companyId, eInvoiceChain.companyId), eq(clinics.id, eInvoiceChain.clinicId)))
    .where(eq(eInvoiceChain.companyId, companyId))
    .orderBy(asc(clinics.name));
}

/** A slice of a unit's documents in counter order, from counter value `after` (exclusive). */
export async function chainSlice(db: Db, companyId: string, clinicId: string, after: number, limit: number): Promise<EInvoiceRow[]> {
  return db.select().from(eInvoices)
    .where(and(eq(eInvoices.companyId, companyId), eq(eInvoices.clinicId, clinicId), sql`${eInvoices.icv} > ${after}`))
    .orderBy(asc(eInvoices.icv))
    .limit(limit);
}

export async function invoiceForDocument(db: Db, companyId: string, id: string) {
  const [row] = await db.select({ i: invoices, patient: patients.name, timeZone: clinics.timeZone })
    .from(invoices)
    .leftJoin(patients, and(eq(patients.companyId, invoices.companyId), eq(patients.id, invoices.patientId)))
    .leftJoin(clinics, and(eq(clinics.companyId, invoices.companyId), eq(clinics.id, invoices.clinicId)))
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .limit(1);
  return row ?? null;
}

export async function creditNoteForDocument(db: Db, companyId: string, id: string) {
  const [row] = await db.select({ note: creditNotes, invoiceNumber: invoices.displayNumber, invoice: invoices, patient: patients.name, timeZone: clinics.timeZone })
    .from(creditNotes)
    .innerJoin(invoices, and(eq(invoices.companyId, creditNotes.companyId), eq(invoices.id, creditNotes.invoiceId)))
    .leftJoin(patients, and(eq(patients.companyId, invoices.companyId), eq(patients.id, invoices.patientId)))
    .leftJoin(clinics, and(eq(clinics.companyId, invoices.companyId), eq(clinics.id, invoices.clinicId)))
    .where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.id, id)))
    .limit(1);
  return row ?? null;
}

/** The e-invoices of these documents (an invoice and its credit notes), by document id. */
export async function eInvoiceRefs(db: Db, companyId: string, documentIds: string[]) {
  if (!documentIds.length) return new Map<string, { uuid: string; icv: number; hash: string; signed: boolean; qr: string }>();
  const rows = await db.select({ documentId: eInvoices.documentId, uuid: eInvoices.uuid, icv: eInvoices.icv, hash: eInvoices.hash, signature: eInvoices.signature, qr: eInvoices.qr })
    .from(eInvoices)
    .where(and(eq(eInvoices.companyId, companyId), inArray(eInvoices.documentId, documentIds)));
  return new Map(rows.map((r) => [r.documentId, { uuid: r.uuid, icv: r.icv, hash: r.hash, signed: r.signature !== null, qr: r.qr }]));
}
