/**
 * Reading an import file: a CSV (UTF-8, or UTF-16 with its byte-order mark) through csv-parse, or an XLSX workbook's
 * first sheet through exceljs' streaming reader. Both yield the same rows of text cells, numbered as the file numbers
 * them (1 is the header row). Nothing is evaluated: a CSV cell starting with = + - @ is the text it holds, and an XLSX
 * formula cell refuses the file (naming the cell), as its value is whatever a spreadsheet last computed.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/errors.js';
import { openEntry, zipEntriesWithin } from './imports.zip.js';

export interface SheetRow { row: number; cells: string[] }
export type FileFormat = 'csv' | 'xlsx';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const unreadable = (reason: string) => new AppError(422, 'IMPORT_FILE_UNREADABLE', 'errors.imports.unreadable', { reason });
const badEncoding = () => new AppError(422, 'IMPORT_ENCODING', 'errors.imports.encoding');

/** The file's format by its content (never its name), or the refusal that says why it cannot be read. */
export async function formatOf(bytes: Uint8Array): Promise<FileFormat> {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return 'csv';
  const type = bytes.length ? await fileTypeFromBuffer(bytes.subarray(0, 4100)) : undefined;
  if (type?.mime === XLSX_MIME) return 'xlsx';
  if (type) throw unreadable(type.ext);
  return 'csv';
}

/** The text of a CSV file: UTF-8 (with or without its mark) or UTF-16 with its mark; anything else is refused. */
export function csvTextOf(bytes: Uint8Array): string {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    else text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badEncoding();
  }
  // UTF-16 without its mark decodes as UTF-8 full of NULs.
  if (text.includes('\u0000')) throw badEncoding();
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

function separatorOf(text: string): ',' | ';' | '\t' {
  const first = text.slice(0, Math.max(0, text.search(/\r|\n/)) || text.length);
  const counts = { ',': first.split(',').length, ';': first.split(';').length, '\t': first.split('\t').length };
  return (Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0]) as ',' | ';' | '\t';
}

async function* csvRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  const text = csvTextOf(bytes);
  const parser = Readable.from([text]).pipe(parse({ delimiter: separatorOf(text), relax_column_count: true, skip_empty_lines: true, info: true }));
  try {
    for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { row: rec.info.lines, cells: rec.record };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable(String((err as { code?: string }).code ?? 'CSV'));
  }
}

/** A cell's value as text: dates as YYYY-MM-DD, rich text joined, hyperlinks as their text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text: string }>; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (v.error !== undefined) return String(v.error);
    return '';
  }
  return String(value);
}

function columnName(n: number): string {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

/**
 * exceljs' workbook reader, driven part by part. Its own walk over the zip can end before the entries it has not yet
 * taken (unzipper reports the end once the last byte is parsed, while entries still wait in its buffer), so a
 * workbook whose sheet comes before its shared strings (as Excel writes them) was now and then read as having no
 * workbook at all. Here the parts are opened from the entries `zipEntriesWithin` found, in the order the reader needs
 * them: relationships, workbook, shared strings, styles, then the first sheet.
 */
interface PartReader {
  sharedStrings?: unknown[];
  model?: { sheets?: Array<{ rId: string }> };
  workbookRels?: Array<{ Id: string; Target: string }>;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

/** The workbook's first sheet (the first it lists), as its entry's name and number. */
function firstSheet(reader: PartReader, names: Set<string>): { name: string; no: string } | null {
  const rId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((r) => r.Id === rId)?.Target;
  const name = target ? (target.startsWith('/') ? target.slice(1) : `xl/${target}`) : undefined;
  const numbered = (n: string) => n.match(/^xl\/worksheets\/sheet(\d+)\.xml$/)?.[1];
  // When the workbook's own list cannot be followed: the lowest-numbered sheet.
  const chosen = name && names.has(name) ? name : [...names].filter(numbered).sort((a, b) => Number(numbered(a)) - Number(numbered(b)))[0];
  const no = chosen ? numbered(chosen) : undefined;
  return chosen && no ? { name: chosen, no } : null;
}

async function* xlsxRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  const entries = zipEntriesWithin(bytes);
  if (!entries) throw unreadable('XLSX');
  const byName = new Map(entries.map((e) => [e.name, e]));
  const open = (name: string) => { const e = byName.get(name); return e ? openEntry(bytes, e) : null; };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit',
  }) as unknown as PartReader;
  try {
    const rels = open('xl/_rels/workbook.xml.rels');
    const workbook = open('xl/workbook.xml');
    if (!rels || !workbook) throw unreadable('XLSX');
    await reader._parseRels(rels);
    await reader._parseWorkbook(workbook);
    const strings = open('xl/sharedStrings.xml');
    if (strings) for await (const _ of reader._parseSharedStrings(strings)) { /* cached on the reader */ }
    reader.sharedStrings ??= [];
    const styles = open('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);
    const first = firstSheet(reader, new Set(byName.keys()));
    if (!first) throw unreadable('XLSX');
    for (const { value: sheet } of reader._parseWorksheet(open(first.name)!, first.no)) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let c = 1; c < values.length; c++) {
          const v = values[c];
          if (v && typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)) {
            throw new AppError(422, 'IMPORT_FORMULA', 'errors.imports.formula', { cell: `${columnName(c)}${row.number}` });
          }
          cells.push(cellText(v));
        }
        if (cells.some((c) => c.trim() !== '')) yield { row: row.number, cells };
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable('XLSX');
  }
}

/** The file's rows, the header row first. */
export async function* sheetRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  const format = await formatOf(bytes);
  yield* format === 'xlsx' ? xlsxRows(bytes) : csvRows(bytes);
}
