/**
 * Reading a CSV file an administrator imports (diagnosis code lists, the medication catalogue): the multipart form
 * read into memory under a cap (the file is parsed, never stored), the file checked by its content, and its records.
 * Each import keeps its own columns and rules; what a CSV file is, is written once here.
 */
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './errors.js';
import { fieldPathOf } from './multipart.js';

export interface CsvForm { fields: Record<string, string>; bytes: Uint8Array | null }

const isHttpError = (err: unknown) => err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number';

/**
 * The form's text fields named in `fieldNames` and the file in the field `file`, at most `maxBytes` (`tooLarge` is
 * thrown past it). Another file field, a second file or an unknown text field is a field error. A JSON body (no file)
 * is read too, so a missing file is the same field error either way.
 */
export async function readCsvForm(req: FastifyRequest, opts: { maxBytes: number; tooLarge: () => AppError; fieldNames?: readonly string[] }): Promise<CsvForm> {
  if (!req.isMultipart()) return { fields: (req.body ?? {}) as Record<string, string>, bytes: null };
  const fields: Record<string, string> = {};
  let bytes: Uint8Array | null = null;
  try {
    for await (const part of req.parts()) {
      const name = fieldPathOf(part.fieldname).join('.');
      if (part.type === 'file') {
        if (name !== 'file' || bytes) { part.file.resume(); throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { [name]: bytes ? 'errors.fileRepeated' : 'errors.fileUnexpected' }); }
        const pieces: Buffer[] = [];
        let size = 0;
        for await (const piece of part.file as AsyncIterable<Buffer>) {
          size += piece.length;
          if (size > opts.maxBytes) { part.file.resume(); throw opts.tooLarge(); }
          pieces.push(piece);
        }
        if (part.file.truncated) throw opts.tooLarge();
        bytes = part.filename ? Buffer.concat(pieces) : null;
      } else if (opts.fieldNames?.includes(name)) {
        fields[name] = String(part.value);
      } else {
        throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { [name]: 'validation.unknownField' });
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw opts.tooLarge();
    if (isHttpError(err)) throw err;
    throw new AppError(400, 'MALFORMED_MULTIPART', 'errors.malformedMultipart');
  }
  return { fields, bytes };
}

/** True when the text holds a character a text file never does: NUL, DEL or a C0 control other than tab, line feed and carriage return. */
function hasBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/**
 * The file as UTF-8 text without its byte-order mark, or null when it is not text, as every upload is checked by its
 * content: a file of any known binary type (a spreadsheet, a PDF, an image), another encoding (Windows-1256 Arabic),
 * or control characters, whatever its name says.
 */
export async function csvText(bytes: Uint8Array): Promise<string | null> {
  if (bytes.length && (await fileTypeFromBuffer(bytes.subarray(0, 4100)))) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (hasBinary(text)) return null;
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** The separator a file's first line uses: a semicolon (spreadsheets in Arabic and European locales) or a comma. */
export function csvSeparator(text: string): ',' | ';' {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  return firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
}

export interface CsvRecord { line: number; cells: string[]; unclosed: boolean }

/**
 * RFC 4180 records (quoted cells may hold the separator, quotes as "" and line breaks), each with the line it starts
 * on; a quote never closed marks the record that opened it.
 */
export function* csvRecords(text: string, sep: ',' | ';' = ','): Generator<CsvRecord> {
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    let unclosed = false;
    for (;;) {
      if (i >= n) { if (quoted) unclosed = true; cells.push(cell); break; }
      const c = text[i]!;
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') { cell += '"'; i += 2; continue; }
          quoted = false; i++; continue;
        }
        if (c === '\n') line++;
        cell += c; i++; continue;
      }
      if (c === '"' && cell.trim() === '') { quoted = true; cell = ''; i++; continue; }
      if (c === sep) { cells.push(cell); cell = ''; i++; continue; }
      if (c === '\r' || c === '\n') {
        cells.push(cell);
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line++;
        break;
      }
      cell += c; i++;
    }
    yield { line: start, cells, unclosed };
  }
}
