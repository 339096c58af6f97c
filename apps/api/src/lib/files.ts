import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES, type FileRef } from '@clinic/shared';
import { files } from '../db/schema/index.js';
import type { Deps } from './app-types.js';
import { AppError } from './errors.js';

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

function uploadsRoot(deps: Deps) {
  return path.join(deps.config.dataDir, 'uploads');
}

/** Keeps only a harmless display name: no directories, no control characters, bounded length. */
export function safeDisplayName(name: string | undefined): string {
  const base = (name ?? 'file').split(/[\\/]/).pop() ?? 'file';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 180);
  return clean || 'file';
}

/**
 * Streams an upload to disk while counting bytes (refusing as soon as the cap is passed), checks its
 * content type by magic bytes, makes it durable (fsync) and records it. `field` names the form field
 * for error messages.
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
  const dir = path.join(uploadsRoot(deps), companyId);
  await mkdir(path.join(uploadsRoot(deps), 'tmp'), { recursive: true });
  await mkdir(dir, { recursive: true });
  const tmp = path.join(uploadsRoot(deps), 'tmp', id);
  let size = 0;
  let head = Buffer.alloc(0);
  const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', 'errors.validation', undefined, { [opts.field]: 'errors.fileTooLarge' });
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > kind.maxBytes) return done(tooLarge());
      if (head.length < 4100) head = Buffer.concat([head, chunk.subarray(0, 4100 - head.length)]);
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, createWriteStream(tmp, { flags: 'wx' }));
    if ((stream as { truncated?: boolean }).truncated) throw tooLarge();
    const type = await fileTypeFromBuffer(head);
    if (!type || !(kind.mimeTypes as readonly string[]).includes(type.mime)) {
      throw new AppError(422, 'FILE_TYPE', 'errors.validation', undefined, { [opts.field]: 'errors.fileType' });
    }
    const handle = await open(tmp, 'r');
    try { await handle.sync(); } finally { await handle.close(); }
    const relative = path.join(companyId, id);
    await rename(tmp, path.join(uploadsRoot(deps), relative));
    const record = { id, originalName: safeDisplayName(opts.filename), mimeType: type.mime, sizeBytes: size };
    await deps.db.insert(files).values({ companyId, id, originalName: record.originalName, mimeType: record.mimeType, sizeBytes: size, storagePath: relative, createdBy: actorId });
    return record;
  } catch (err) {
    await rm(tmp, { force: true });
    if (err instanceof AppError && err.fields) {
      const max = Math.round(kind.maxBytes / 1024 / 1024);
      throw new AppError(err.status, err.code, err.messageKey, { max, types: kind.label }, err.fields);
    }
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
}

/** Removes files stored for a request that was then refused, so a refusal changes nothing. */
export async function discardUploads(deps: Deps, companyId: string, stored: StoredFile[]) {
  for (const f of stored) {
    await deps.db.delete(files).where(and(eq(files.companyId, companyId), eq(files.id, f.id)));
    await rm(path.join(uploadsRoot(deps), companyId, f.id), { force: true });
  }
}

const LINK_TTL_SECONDS = 6 * 3600;

function signature(deps: Deps, companyId: string, fileId: string, exp: number): string {
  return createHmac('sha256', deps.config.jwtSecret).update(`file:${companyId}:${fileId}:${exp}`).digest('base64url');
}

/**
 * A relative URL for a stored file that works in <img> and download links without a Bearer header:
 * signed for this company and file, valid for some hours (rounded so the URL stays cacheable).
 */
export function fileUrl(deps: Deps, companyId: string, fileId: string): string {
  const exp = Math.ceil(Date.now() / 1000 / 3600) * 3600 + LINK_TTL_SECONDS;
  return `/api/files/${fileId}?c=${companyId}&e=${exp}&s=${signature(deps, companyId, fileId, exp)}`;
}

export function verifyFileSignature(deps: Deps, companyId: string, fileId: string, exp: number, sig: string): 'ok' | 'expired' | 'invalid' {
  const expected = Buffer.from(signature(deps, companyId, fileId, exp));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return exp * 1000 < Date.now() ? 'expired' : 'ok';
}

export async function fileRef(deps: Deps, companyId: string, fileId: string | null | undefined): Promise<FileRef | null> {
  if (!fileId) return null;
  const [row] = await deps.db.select().from(files).where(and(eq(files.companyId, companyId), eq(files.id, fileId))).limit(1);
  return row ? toFileRef(deps, row) : null;
}

export function toFileRef(deps: Deps, row: typeof files.$inferSelect): FileRef {
  return { _id: row.id, name: row.originalName, mimeType: row.mimeType, size: row.sizeBytes, url: fileUrl(deps, row.companyId, row.id) };
}

export function storedPath(deps: Deps, row: typeof files.$inferSelect): string {
  return path.join(uploadsRoot(deps), row.storagePath);
}
