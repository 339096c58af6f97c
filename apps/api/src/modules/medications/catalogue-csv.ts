import { MEDICATION_CSV_MAX_ROWS, MEDICATION_TEXT_MAX } from '@clinic/shared';
import { csvRecords, csvSeparator } from '../../lib/csv-import.js';
import type { FieldMessage } from '../../lib/errors.js';
import { drugKeys, type CatalogueDrug } from './search-text.js';

/*
 * The catalogue file: CSV (comma or semicolon separated, UTF-8, quotes as RFC 4180), a header line naming the five
 * columns in any order, one drug a line. Every problem is reported with its line number; a file with any problem
 * imports nothing.
 */

const COLUMNS = ['name', 'genericName', 'form', 'strength', 'nameAr'] as const;
type Column = (typeof COLUMNS)[number];
/** The header names accepted for each column (compared without case, spaces, dashes or underscores). */
const HEADER_NAMES: Record<string, Column> = {
  name: 'name', drug: 'name', brandname: 'name', tradename: 'name',
  genericname: 'genericName', generic: 'genericName',
  form: 'form', dosageform: 'form',
  strength: 'strength',
  arabicname: 'nameAr', namear: 'nameAr', arabic: 'nameAr', 'الاسمالعربي': 'nameAr',
};
/** At most this many line errors are answered (the first ones). */
const MAX_ERRORS = 50;

export interface CsvDrug extends CatalogueDrug {
  line: number;
  keys: ReturnType<typeof drugKeys>;
}

export type CsvResult =
  | { ok: true; drugs: CsvDrug[] }
  | { ok: false; tooManyRows: boolean; empty: boolean; errors: Record<string, FieldMessage> };

const headerKey = (s: string) => s.trim().toLowerCase().replace(/[\s_-]+/g, '');

/** Reads the catalogue file's text: every drug, or every problem by line. */
export function parseCatalogueCsv(input: string): CsvResult {
  const text = input.replace(/^\uFEFF/, '');
  const all = [...csvRecords(text, csvSeparator(text))];
  const unclosedAt = all.find((r) => r.unclosed)?.line ?? null;
  const rows = all.filter((r) => !r.unclosed);
  const errors: Record<string, FieldMessage> = {};
  const fail = (line: number, key: string, params: Record<string, string | number> = {}) => {
    if (Object.keys(errors).length < MAX_ERRORS) errors[`line.${line}`] = { key: `validation.medications.${key}`, params: { line, ...params } };
  };
  const nonEmpty = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const header = nonEmpty.shift();
  const order = header?.cells.map((c) => HEADER_NAMES[headerKey(c)]);
  if (!header || !order || COLUMNS.some((c) => !order.includes(c))) {
    return { ok: false, tooManyRows: false, empty: false, errors: { [`line.${header?.line ?? 1}`]: { key: 'validation.medications.csvHeader', params: { line: header?.line ?? 1 } } } };
  }
  if (nonEmpty.length > MEDICATION_CSV_MAX_ROWS) return { ok: false, tooManyRows: true, empty: false, errors: {} };
  if (!nonEmpty.length && unclosedAt === null) return { ok: false, tooManyRows: false, empty: true, errors: {} };

  const drugs: CsvDrug[] = [];
  const firstLineOf = new Map<string, number>();
  for (const row of nonEmpty) {
    if (row.cells.length !== order.length) { fail(row.line, 'csvColumns'); continue; }
    const value = (c: Column) => row.cells[order.indexOf(c)]!.trim().normalize('NFC');
    const drug: CatalogueDrug = { name: value('name'), genericName: value('genericName'), form: value('form'), strength: value('strength'), nameAr: value('nameAr') };
    if (!drug.name) { fail(row.line, 'csvName'); continue; }
    if (COLUMNS.some((c) => drug[c].length > MEDICATION_TEXT_MAX)) { fail(row.line, 'csvTooLong', { max: MEDICATION_TEXT_MAX }); continue; }
    const keys = drugKeys(drug);
    const first = firstLineOf.get(keys.matchKey);
    if (first !== undefined) { fail(row.line, 'csvDuplicate', { first }); continue; }
    firstLineOf.set(keys.matchKey, row.line);
    drugs.push({ ...drug, line: row.line, keys });
  }
  if (unclosedAt !== null) fail(unclosedAt, 'csvQuote');
  return Object.keys(errors).length ? { ok: false, tooManyRows: false, empty: false, errors } : { ok: true, drugs };
}
