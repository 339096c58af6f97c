import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline as pipelineCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Database } from '../db/client.js';
import { migrationCount, readSchema, type SchemaInfo } from './backup-schema.js';

/**
 * The backup file: a gzip'd file of JSON lines: a header, then every row of every table (in chunks, parents before
 * children), then every uploaded file, then an end record with the row counts, the file count and the SHA-256 of
 * every line before it. Reading one checks every line (gzip intact, every line well formed, known format, migrations
 * and tables, counts and checksum as the end record says, safe file paths) before anything is changed.
 */
export const BACKUP_FORMAT = 'clinic-backup/2';
/** The first format: the same lines, without the checksum in the end record. Still read. */
const FORMAT_WITHOUT_CHECKSUM = 'clinic-backup/1';
export const CHUNK = 2000;

/**
 * Tables of binary content (uploaded files, FHIR export output) in 256 KiB chunks, written as hex text: a few rows a
 * line, so no line (and no statement of a restore) holds more than a few megabytes.
 */
export const BLOB_TABLES = new Set(['file_chunks', 'fhir_export_chunks']);
export const BLOB_CHUNK = 4;


/** A refusal or failure an operator can act on; the message says what and where. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * `secretCheck`: a fingerprint of the signing secret of the database backed up (never the secret), so a restore can say
 * when the secrets sealed under it (authenticator apps, the ZATCA key, webhook and provider secrets) will not open.
 */
export interface Header { format: string; createdAt: string; migrations: number; tables: string[]; secretCheck?: string }

/** The fingerprint of a signing secret a backup carries (`Header.secretCheck`): an HMAC, so it tells nothing of it. */
export function secretCheck(secret: string): string {
  return createHmac('sha256', secret).update('clinic backup: the signing secret it was sealed under').digest('base64url').slice(0, 22);
}
interface EndRecord { kind: 'end'; rowCounts: Record<string, number>; files: number; sha256?: string }
export type Line =
  | ({ kind: 'header' } & Header)
  | { kind: 'rows'; table: string; rows: Array<Record<string, unknown>> }
  | { kind: 'file'; path: string; data: string }
  | EndRecord;

/** The lines of a gzip'd backup as raw bytes (each with its newline); a damaged gzip stream throws. */
async function* backupLines(file: string): AsyncGenerator<Buffer> {
  const gunzip = createGunzip();
  // Errors of either stream reach the loop below through the gunzip stream.
  pipelineCallback(createReadStream(file), gunzip, () => undefined);
  let pending: Buffer[] = [];
  for await (const chunk of gunzip as AsyncIterable<Buffer>) {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, nl + 1));
      yield Buffer.concat(pending);
      pending = [];
      start = nl + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length) yield Buffer.concat(pending);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A file path from a backup is only used if it stays inside the uploads folder: relative, no '..', no oddities. */
function safeRelativePath(p: unknown): p is string {
  if (typeof p !== 'string' || p.length === 0 || p.length > 1024) return false;
  if (p.startsWith('/') || p.includes('\\') || /^[A-Za-z]:/.test(p)) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(p)) return false;
  const segments = p.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return false;
  return segments[0] !== 'tmp';
}

export interface VerifiedBackup {
  header: Header;
  rowCounts: Record<string, number>;
  files: number;
  /** SHA-256 of the lines before the end record, as read. */
  sha256: string;
}

/** Where restoring the lines reads them: the parsed line and its raw text. */
export interface ParsedLine { n: number; line: Line; text: string; bytes: Buffer }

/** Reads the whole backup and checks every line; throws BackupError at the first problem. Changes nothing. */
export async function* checkedLines(
  file: string, schema: SchemaInfo, migrations: number,
): AsyncGenerator<ParsedLine, VerifiedBackup> {
  const hash = createHash('sha256');
  let header: Header | undefined;
  let end: EndRecord | undefined;
  const counts: Record<string, number> = {};
  const filePaths = new Set<string>();
  let lastTable = -1;
  let n = 0;
  try {
    for await (const bytes of backupLines(file)) {
      n += 1;
      const fail = (why: string): never => { throw new BackupError(`The backup is damaged or not a Clinic backup (line ${n}): ${why}.`); };
      if (end) fail('data after the end record');
      if (bytes[bytes.length - 1] !== 10) fail('the file ends in the middle of a line');
      let text: string;
      try {
        text = utf8.decode(bytes.subarray(0, bytes.length - 1));
      } catch {
        return fail('not UTF-8 text');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return fail('not valid JSON');
      }
      if (!isObject(parsed)) return fail('not a JSON object');
      const line = parsed as Line;
      if (n === 1 && line.kind !== 'header') fail('no header');
      if (line.kind === 'header') {
        if (n !== 1) fail('a second header');
        if (line.format !== BACKUP_FORMAT && line.format !== FORMAT_WITHOUT_CHECKSUM) {
          throw new BackupError(`Unknown backup format ${JSON.stringify(line.format)}: this version reads ${BACKUP_FORMAT}.`);
        }
        if (!Number.isInteger(line.migrations) || line.migrations < 1) fail('no migration count in the header');
        if (line.migrations > migrations) {
          throw new BackupError(`The backup comes from a newer version (${line.migrations} migrations, this one has ${migrations}). Restore it with that version or newer.`);
        }
        if (!Array.isArray(line.tables) || line.tables.some((t) => typeof t !== 'string')) fail('no table list in the header');
        for (const t of line.tables) if (!schema.tables.has(t)) throw new BackupError(`The backup holds a table this version does not know: ${t}.`);
        if (new Set(line.tables).size !== line.tables.length) fail('a table listed twice');
        header = line;
      } else if (line.kind === 'rows') {
        const index = header!.tables.indexOf(line.table);
        if (typeof line.table !== 'string' || index === -1) fail(`rows of an unknown table ${JSON.stringify(line.table)}`);
        if (index < lastTable || (index > lastTable && counts[line.table] !== undefined)) fail('tables out of order');
        if (!Array.isArray(line.rows) || line.rows.length === 0 || !line.rows.every(isObject)) fail('a malformed row');
        lastTable = index;
        counts[line.table] = (counts[line.table] ?? 0) + line.rows.length;
      } else if (line.kind === 'file') {
        if (!safeRelativePath(line.path)) fail(`an unsafe file path ${JSON.stringify(String(line.path).slice(0, 200))}`);
        if (filePaths.has(line.path)) fail(`the file ${line.path} twice`);
        if (typeof line.data !== 'string' || line.data.length % 4 !== 0 || !BASE64.test(line.data)) fail(`the file ${line.path} is not valid base64`);
        filePaths.add(line.path);
      } else if (line.kind === 'end') {
        end = line;
        continue;
      } else {
        fail('an unknown kind of line');
      }
      hash.update(bytes);
      yield { n, line, text, bytes };
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`No such backup file: ${file}.`);
    if (code?.startsWith('Z_')) throw new BackupError(`The backup is damaged (the gzip stream is broken or cut short after line ${n}): ${(err as Error).message}.`);
    throw err;
  }
  if (!header) throw new BackupError('The backup is empty.');
  if (!end) throw new BackupError('The backup is incomplete (no end record): it was cut short.');
  const sha256 = hash.digest('hex');
  if (header.format === BACKUP_FORMAT || end.sha256 !== undefined) {
    if (end.sha256 !== sha256) throw new BackupError('The backup is damaged: its content does not match the checksum in its end record.');
  }
  if (!isObject(end.rowCounts) || !Number.isInteger(end.files)) throw new BackupError('The backup is damaged: the end record has no counts.');
  const expected = Object.entries(end.rowCounts);
  for (const [table, count] of expected) {
    if (!header.tables.includes(table)) throw new BackupError(`The backup is damaged: the end record counts an unlisted table ${table}.`);
    if ((counts[table] ?? 0) !== count) {
      throw new BackupError(`The backup is damaged: table ${table} should have ${String(count)} rows, the file holds ${counts[table] ?? 0}.`);
    }
  }
  for (const [table, count] of Object.entries(counts)) {
    if (end.rowCounts[table] === undefined) throw new BackupError(`The backup is damaged: the end record does not count table ${table} (${count} rows).`);
  }
  if (end.files !== filePaths.size) throw new BackupError(`The backup is damaged: it should hold ${end.files} files, it holds ${filePaths.size}.`);
  return { header, rowCounts: end.rowCounts, files: end.files, sha256 };
}

/** Reads and checks the whole backup file without changing anything. */
export async function verifyBackup(database: Database, inFile: string): Promise<VerifiedBackup> {
  const schema = await readSchema(database.query);
  return drain(checkedLines(inFile, schema, await migrationCount(database.query)));
}

export async function drain<T, R>(gen: AsyncGenerator<T, R>): Promise<R> {
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value;
  }
}

