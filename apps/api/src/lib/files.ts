import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES, type FileRef } from '@clinic/shared';
import { companyProfiles, employeeDocuments, employees, FILE_CHUNK_BYTES, fileChunks, files, importBatches, orders, patientDocuments, patients } from '../db/schema/index.js';
import type { Deps } from './app-types.js';
import { AppError } from './errors.js';
import { fileUrl, type LinkAudit } from './file-links.js';

export { fileUrl } from './file-links.js';

/** What each kind of upload accepts. Types are decided by the file's content, never its name. */
export const FILE_KINDS = {
  image: { maxBytes: IMAGE_MAX_BYTES, mimeTypes: ['image/jpeg', 'image/png'], label: 'JPG, PNG' },
  logo: { maxBytes: IMAGE_MAX_BYTES, mimeTypes: ['image/jpeg', 'image/png'], label: 'JPG, PNG' },
  avatar: { maxBytes: DOCUMENT_MAX_BYTES, mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'], label: 'JPG, PNG, GIF, WEBP' },
  document: {
    maxBytes: DOCUMENT_MAX_BYTES,
    mimeTypes: [
      'application/pdf', 'image/jpeg', 'image/png',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/x-cfb',
    ],
    label: 'PDF, JPG, PNG, DOCX, DOC, XLSX',
  },
  report: { maxBytes: DOCUMENT_MAX_BYTES, mimeTypes: ['application/pdf', 'image/jpeg', 'image/png'], label: 'PDF, JPG, PNG' },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

export interface StoredFile {
  id: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
}

export function uploadsRoot(deps: { config: { dataDir: string } }) {
  return path.join(deps.config.dataDir, 'uploads');
}

/**
 * Characters a file name must not carry: control characters (C0, C1), format characters (the bidi overrides and
 * isolates such as U+202E, which make `invoice\u202Efdp.exe` display as `invoiceexe.pdf`, zero-width marks, the
 * BOM), line and paragraph separators, quotes and path separators.
 */
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"\\/]/gu;

/** Keeps only a harmless display name: no directories, no control or bidi characters, bounded length. */
export function safeDisplayName(name: string | undefined): string {
  const base = (name ?? 'file').split(/[\\/]/).pop() ?? 'file';
  const clean = Array.from(base.normalize('NFC').replace(UNSAFE_NAME_CHARACTERS, '').trim()).slice(0, 180).join('').trim();
  return clean || 'file';
}

/**
 * `attachment` with the name twice (RFC 6266): a plain ASCII fallback, and the exact name as RFC 5987 `filename*`
 * (UTF-8, percent-encoding everything outside attr-char, which encodeURIComponent alone leaves as `'()*`).
 */
export function contentDisposition(name: string): string {
  const safe = safeDisplayName(name);
  const ascii = safe.replace(/[^\x20-\x7e]|[%;]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Every column that holds a file id (table, its company column, the file column). A file none of them points at
 * belongs to no record: a refused request's upload, a replaced picture, what a deleted record left. Audit entries
 * mention file ids as history, not as references. A test compares this list with the database's columns.
 */
export const FILE_REFERENCES: ReadonlyArray<{ table: string; companyId: PgColumn; fileId: PgColumn }> = [
  { table: 'patients', companyId: patients.companyId, fileId: patients.imageFileId },
  { table: 'patient_documents', companyId: patientDocuments.companyId, fileId: patientDocuments.fileId },
  { table: 'employees', companyId: employees.companyId, fileId: employees.imageFileId },
  { table: 'employee_documents', companyId: employeeDocuments.companyId, fileId: employeeDocuments.fileId },
  { table: 'company_profiles', companyId: companyProfiles.companyId, fileId: companyProfiles.logoFileId },
  { table: 'orders', companyId: orders.companyId, fileId: orders.resultFileId },
  // The spreadsheet an import batch reads again when it runs (kept with the batch's history).
  { table: 'import_batches', companyId: importBatches.companyId, fileId: importBatches.fileId },
];

/** True (in SQL) when no record points at the `files` row being looked at. */
export function unreferencedFile(): SQL {
  return and(...FILE_REFERENCES.map((r) =>
    sql`not exists (select 1 from ${sql.identifier(r.table)} where ${sql.identifier(r.table)}.${sql.identifier(r.companyId.name)} = ${files.companyId} and ${sql.identifier(r.table)}.${sql.identifier(r.fileId.name)} = ${files.id})`))!;
}

/** Collects a stream's bytes into pieces of exactly `size` (the last one shorter), without holding more than one. */
export async function* inChunks(stream: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of stream) {
    let rest = piece;
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      rest = rest.subarray(take);
    }
    if (rest.length) {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes) yield Buffer.concat(pending);
}

/**
 * Streams an upload into the database while counting bytes (refusing as soon as the cap is passed): its content type
 * is checked by magic bytes on the first chunk before anything is written, then the row and its chunks
 * (FILE_CHUNK_BYTES each) are written one at a time, so no server holds a whole file and every server sees it. A
 * refused or failed upload removes its row (and with it its chunks); one cut short by a crash is an unreferenced row
 * the sweep removes. `field` names the form field for error messages.
 */
export async function storeUpload(
  deps: Deps,
  companyId: string,
  actorId: string | null,
  stream: Readable,
  opts: { kind: FileKind; field: string; filename?: string },
): Promise<StoredFile> {
  const kind = FILE_KINDS[opts.kind];
  const id = randomUUID();
  const originalName = safeDisplayName(opts.filename);
  let size = 0;
  let created = false;
  let mimeType = '';
  const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', 'errors.validation', undefined, { [opts.field]: 'errors.fileTooLarge' });
  const counted = async function* () {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      size += piece.length;
      if (size > kind.maxBytes) throw tooLarge();
      yield piece;
    }
    if ((stream as { truncated?: boolean }).truncated) throw tooLarge();
  };
  try {
    let seq = 0;
    for await (const chunk of inChunks(counted(), FILE_CHUNK_BYTES)) {
      if (seq === 0) {
        const type = await fileTypeFromBuffer(chunk.subarray(0, 4100));
        if (!type || !(kind.mimeTypes as readonly string[]).includes(type.mime)) {
          throw new AppError(422, 'FILE_TYPE', 'errors.validation', undefined, { [opts.field]: 'errors.fileType' });
        }
        mimeType = type.mime;
        created = true;
        await deps.db.insert(files).values({ companyId, id, originalName, mimeType, sizeBytes: 0, storagePath: null, createdBy: actorId });
      }
      await deps.db.insert(fileChunks).values({ companyId, fileId: id, seq, data: chunk });
      seq += 1;
    }
    if (!created) throw new AppError(422, 'FILE_TYPE', 'errors.validation', undefined, { [opts.field]: 'errors.fileType' });
    await deps.db.update(files).set({ sizeBytes: size }).where(and(eq(files.companyId, companyId), eq(files.id, id)));
    return { id, originalName, mimeType, sizeBytes: size };
  } catch (err) {
    // Whichever step failed, nothing of this upload stays (its chunks go with the row).
    if (created) await deps.db.delete(files).where(and(eq(files.companyId, companyId), eq(files.id, id)));
    if (err instanceof AppError && err.fields) {
      const max = Math.round(kind.maxBytes / 1024 / 1024);
      throw new AppError(err.status, err.code, err.messageKey, { max, types: kind.label }, err.fields);
    }
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
}

/**
 * A stored file's content as a stream, read one chunk at a time as the client takes it. A file from before files
 * moved into the database (`storage_path` set, `files:migrate` not yet run) is read from disk.
 */
export async function openStoredFile(deps: Deps, row: typeof files.$inferSelect): Promise<Readable | null> {
  if (row.storagePath) {
    try {
      const handle = await open(path.join(uploadsRoot(deps), row.storagePath), 'r');
      return handle.createReadStream();
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return null;
      throw err;
    }
  }
  return Readable.from(readChunks(deps.db, row.companyId, row.id));
}

/** The chunks of a stored file in order, one query each (the primary key finds each one directly). */
export async function* readChunks(db: Deps['db'], companyId: string, fileId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const [chunk] = await db.select({ data: fileChunks.data }).from(fileChunks)
      .where(and(eq(fileChunks.companyId, companyId), eq(fileChunks.fileId, fileId), eq(fileChunks.seq, seq)));
    if (!chunk) return;
    yield chunk.data;
  }
}

/**
 * Removes the given files of a company that no record points at, rows and bytes: what a refused request stored,
 * a replaced picture, the files of a deleted record. A file still referenced is left alone, so this is safe to call
 * with any candidate (a request that committed and then failed keeps what it saved). Returns how many went.
 */
export async function removeUnreferencedFiles(deps: Deps, companyId: string, fileIds: ReadonlyArray<string | null | undefined>): Promise<number> {
  const ids = [...new Set(fileIds.filter((id): id is string => typeof id === 'string' && id.length > 0))];
  if (!ids.length) return 0;
  const gone = await deps.db
    .delete(files)
    .where(and(eq(files.companyId, companyId), inArray(files.id, ids), unreferencedFile()))
    .returning({ storagePath: files.storagePath });
  for (const f of gone) if (f.storagePath) await rm(path.join(uploadsRoot(deps), f.storagePath), { force: true });
  return gone.length;
}

/** Removes files stored for a request that was then refused, so a refusal changes nothing. */
export async function discardUploads(deps: Deps, companyId: string, stored: ReadonlyArray<Pick<StoredFile, 'id'>>) {
  await removeUnreferencedFiles(deps, companyId, stored.map((f) => f.id));
}

export async function fileRef(deps: Deps, companyId: string, fileId: string | null | undefined): Promise<FileRef | null> {
  if (!fileId) return null;
  const [row] = await deps.db.select().from(files).where(and(eq(files.companyId, companyId), eq(files.id, fileId))).limit(1);
  return row ? toFileRef(deps, row) : null;
}

/** A stored file as records show it; `audit` when every download of it is a read of a patient's record. */
export function toFileRef(deps: Deps, row: typeof files.$inferSelect, audit?: LinkAudit): FileRef {
  return { _id: row.id, name: safeDisplayName(row.originalName), mimeType: row.mimeType, size: row.sizeBytes, url: fileUrl(deps, row.companyId, row.id, { audit }) };
}
