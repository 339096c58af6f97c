/**
 * An XLSX file is a zip: a 10 MB upload can inflate to gigabytes (a zip bomb) before a single row is read. Before the
 * workbook is read, every entry is inflated here, bounded, and the whole refused past XLSX_MAX_INFLATED; the entries
 * must follow one another from the start of the file to its directory, so no byte of the file is outside a listed
 * entry. The entries found are what the reader then opens, by name (`zipEntriesWithin`).
 */
import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

/** What a workbook of the largest import (200,000 rows) inflates to, with room to spare. */
export const XLSX_MAX_INFLATED = 256 * 1024 * 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

/** One entry of a checked zip: its name and where its stored or deflated bytes are. */
export interface ZipEntry { name: string; method: 0 | 8; start: number; end: number }

/** The zip's entries, in file order, when they inflate to at most `max` bytes in all; null when they do not or when
 * its layout cannot be trusted. */
export function zipEntriesWithin(bytes: Uint8Array, max = XLSX_MAX_INFLATED): ZipEntry[] | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) if (buf.readUInt32LE(i) === EOCD) { eocd = i; break; }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  const directory = buf.readUInt32LE(eocd + 16);
  let at = directory;
  let expected = 0; // where the next entry's local header must start
  let total = 0;
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) return null;
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const local = buf.readUInt32LE(at + 42);
    const nameLength = buf.readUInt16LE(at + 28);
    const name = buf.toString('utf8', at + 46, Math.min(buf.length, at + 46 + nameLength));
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    if (local !== expected || local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) return null;
    if (!(flags & 8) && buf.readUInt32LE(local + 18) !== size) return null;
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const end = start + size;
    if (end > directory) return null;
    if (method === 0) total += size;
    else if (method === 8) {
      try {
        total += inflateRawSync(buf.subarray(start, end), { maxOutputLength: Math.max(1, max - total + 1) }).length;
      } catch {
        return null;
      }
    } else return null;
    if (total > max) return null;
    entries.push({ name, method: method as 0 | 8, start, end });
    expected = end;
    if (flags & 8) expected += end + 4 <= directory && buf.readUInt32LE(end) === DESCRIPTOR ? 16 : 12;
  }
  return expected === directory ? entries : null;
}

/** An entry's content as a stream, inflated as it is read (the whole was already measured by `zipEntriesWithin`). */
export function openEntry(bytes: Uint8Array, entry: ZipEntry): Readable {
  const raw = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset + entry.start, entry.end - entry.start)]);
  return entry.method === 0 ? raw : raw.pipe(createInflateRaw());
}
