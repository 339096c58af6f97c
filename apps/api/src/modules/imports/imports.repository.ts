/** The queries of imports, each scoped to the caller's company. */
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { PATIENT_RECORD_TABLES } from '../../db/patient-tables.js';
import { appointments, encounters, fileChunks, files, importBatches, importMappings, invoices, patients } from '../../db/schema/index.js';
import { readChunks } from '../../lib/files.js';
import { publicIdOf } from '../../lib/public-id.js';
import { rowsOf } from '../../lib/sql.js';
import { nextVersion } from '../../lib/versioning.js';
import type { PatientRow } from './imports.clean.js';

export type BatchRow = typeof importBatches.$inferSelect;

export async function findBatch(db: Db, companyId: string, id: string): Promise<BatchRow | null> {
  const [row] = await db.select().from(importBatches).where(and(eq(importBatches.companyId, companyId), eq(importBatches.id, id)));
  return row ?? null;
}

export async function listBatches(db: Db, companyId: string, w: { limit: number; offset: number }) {
  const where = eq(importBatches.companyId, companyId);
  const rows = await db.select().from(importBatches).where(where).orderBy(desc(importBatches.createdAt), desc(importBatches.id)).limit(w.limit).offset(w.offset);
  const [total] = await db.select({ n: count() }).from(importBatches).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function insertBatch(db: Db, values: typeof importBatches.$inferInsert): Promise<BatchRow> {
  const [row] = await db.insert(importBatches).values(values).returning();
  return row!;
}

/** Changes a batch only in `status` and at `version` (or any version when null); null when it moved on. */
/** Moves an importing batch on from row `from` (only if it still stands there): its progress and the row written through. */
export async function advanceBatch(db: Db, companyId: string, id: string, from: number, to: { importedRows: number; resumeRow: number }): Promise<boolean> {
  const rows = await db.update(importBatches).set({ ...to, version: nextVersion(importBatches.version) })
    .where(and(eq(importBatches.companyId, companyId), eq(importBatches.id, id), eq(importBatches.status, 'importing'), eq(importBatches.resumeRow, from)))
    .returning({ id: importBatches.id });
  return rows.length === 1;
}

export async function updateBatchAt(
  db: Db, companyId: string, id: string, from: { status: readonly string[]; version: number | null },
  set: Partial<Omit<typeof importBatches.$inferInsert, 'version'>>,
): Promise<BatchRow | null> {
  const [row] = await db.update(importBatches).set({ ...set, version: nextVersion(importBatches.version) })
    .where(and(
      eq(importBatches.companyId, companyId), eq(importBatches.id, id), inArray(importBatches.status, [...from.status]),
      from.version === null ? undefined : eq(importBatches.version, from.version),
    ))
    .returning();
  return row ?? null;
}

export async function rememberedMapping(db: Db, companyId: string, kind: string): Promise<Record<string, string>> {
  const [row] = await db.select({ mapping: importMappings.mapping }).from(importMappings)
    .where(and(eq(importMappings.companyId, companyId), eq(importMappings.kind, kind)));
  return row?.mapping ?? {};
}

export async function rememberMapping(db: Db, companyId: string, kind: string, mapping: Record<string, string>) {
  await db.insert(importMappings).values({ companyId, kind, mapping })
    .onConflictDoUpdate({ target: [importMappings.companyId, importMappings.kind], set: { mapping, updatedAt: sql`now()` } });
}

/** Stores an import file as a files row with its chunks (a CSV has no type a content check could name). */
export async function storeImportFile(db: Db, companyId: string, actorId: string, id: string, name: string, mimeType: string, bytes: Uint8Array, chunk: number) {
  await db.insert(files).values({ companyId, id, originalName: name, mimeType, sizeBytes: bytes.length, storagePath: null, createdBy: actorId });
  for (let seq = 0, at = 0; at < bytes.length || seq === 0; seq++, at += chunk) {
    await db.insert(fileChunks).values({ companyId, fileId: id, seq, data: Buffer.from(bytes.subarray(at, at + chunk)) });
  }
}

export async function readImportFile(db: Db, companyId: string, fileId: string): Promise<Uint8Array> {
  const pieces: Buffer[] = [];
  for await (const piece of readChunks(db, companyId, fileId)) pieces.push(piece);
  return Buffer.concat(pieces);
}

export async function deleteImportFile(db: Db, companyId: string, fileId: string) {
  await db.delete(files).where(and(eq(files.companyId, companyId), eq(files.id, fileId)));
}

export interface ExistingPatient { id: string; publicId: string; name: string; phone: string | null; dateOfBirth: string; identity: string }

/** Patients of the company (not of `exceptBatch`) with one of these identity numbers or phones. */
export async function patientsMatching(db: Db, companyId: string, identities: string[], phones: string[], exceptBatch: string | null): Promise<ExistingPatient[]> {
  if (!identities.length && !phones.length) return [];
  return db.select({ id: patients.id, publicId: patients.publicId, name: patients.name, phone: patients.phone, dateOfBirth: patients.dateOfBirth, identity: patients.identity })
    .from(patients)
    .where(and(
      eq(patients.companyId, companyId),
      or(identities.length ? inArray(patients.identity, identities) : undefined, phones.length ? inArray(patients.phone, phones) : undefined),
      exceptBatch ? sql`${patients.importBatchId} is distinct from ${exceptBatch}` : undefined,
    ));
}

/** Writes a chunk of patients tagged with the batch, each taking the company's next public id. */
export async function insertPatients(db: Db, companyId: string, batchId: string, actorId: string | null, rows: PatientRow[]) {
  if (!rows.length) return;
  await db.insert(patients).values(rows.map((r) => ({
    companyId, importBatchId: batchId, publicId: publicIdOf(companyId, 'patient', 'PAT'), name: r.name, identity: r.identity, phone: r.phone,
    email: r.email, dateOfBirth: r.dateOfBirth, gender: r.gender, incomplete: r.identity === '', createdBy: actorId,
  })));
}

/**
 * What refers to the batch's patients from outside the batch: appointments, invoices, encounters, and every other
 * record (`records`). The patients are locked first (in the undo's transaction), so nothing can be recorded for them
 * between this count and their removal.
 */
export async function patientReferences(db: Db, companyId: string, batchId: string) {
  await db.execute(sql`select id from patients where company_id = ${companyId} and import_batch_id = ${batchId} order by id for update`);
  const mine = sql`(select ${patients.id} from ${patients} where ${patients.companyId} = ${companyId} and ${patients.importBatchId} = ${batchId})`;
  const [a] = await db.select({ n: count() }).from(appointments).where(and(
    eq(appointments.companyId, companyId), sql`${appointments.patientId} in ${mine}`, sql`${appointments.importBatchId} is distinct from ${batchId}`,
  ));
  const [i] = await db.select({ n: count() }).from(invoices).where(and(eq(invoices.companyId, companyId), sql`${invoices.patientId} in ${mine}`));
  const [e] = await db.select({ n: count() }).from(encounters).where(and(eq(encounters.companyId, companyId), sql`${encounters.patientId} in ${mine}`));
  const each = PATIENT_RECORD_TABLES.map((t) => sql`(select count(*) from ${t} r where r.company_id = ${companyId} and r.patient_id in ${mine})`);
  const [r] = rowsOf<{ n: number | string }>(await db.execute(sql`select (${sql.join(each, sql` + `)})::int as n`));
  return { appointments: Number(a?.n ?? 0), invoices: Number(i?.n ?? 0), encounters: Number(e?.n ?? 0), records: Number(r?.n ?? 0) };
}

export async function deleteBatchPatients(db: Db, companyId: string, batchId: string): Promise<number> {
  const gone = await db.delete(patients).where(and(eq(patients.companyId, companyId), eq(patients.importBatchId, batchId))).returning({ id: patients.id });
  return gone.length;
}

