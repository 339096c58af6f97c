/**
 * Reading a code list (CSV: code, English title, Arabic title). Pure: the route hands it the file's bytes and it
 * answers the rows or every bad line by its line number, so an import is all or nothing.
 */
import {
  CODE_IMPORT_ERRORS_SHOWN, CODE_IMPORT_MAX_ROWS, CODE_PATTERN, CODE_TITLE_MAX_LENGTH, normalizeSearchText,
} from '@clinic/shared';
import { csvRecords } from '../../lib/csv-import.js';
import type { FieldMessage } from '../../lib/errors.js';

export interface CodeRow { line: number; code: string; codeKey: string; titleEn: string; titleAr: string }
export interface LineError { line: number; message: FieldMessage }
export type CodeCsvResult =
  | { ok: true; rows: CodeRow[] }
  | { ok: false; errors: LineError[]; badRows: number; fileError?: FieldMessage };

const isHeader = (cells: string[]) => normalizeSearchText(cells[0] ?? '') === 'code';

/** The rows of a code list, or its bad lines (the first CODE_IMPORT_ERRORS_SHOWN of them) and how many there are. */
export function parseCodeCsv(text: string): CodeCsvResult {
  const rows: CodeRow[] = [];
  const errors: LineError[] = [];
  let badRows = 0;
  const firstLine = new Map<string, number>();
  const bad = (line: number, key: string, params: { [k: string]: string | number } = {}) => {
    badRows++;
    if (errors.length < CODE_IMPORT_ERRORS_SHOWN) errors.push({ line, message: { key: `validation.diagnoses.${key}`, params: { line, ...params } } });
  };
  let first = true;
  for (const { line, cells, unclosed } of csvRecords(text)) {
    if (cells.every((c) => c.trim() === '')) continue;
    if (first && isHeader(cells)) { first = false; continue; }
    first = false;
    if (rows.length + badRows >= CODE_IMPORT_MAX_ROWS) {
      return { ok: false, errors: [], badRows: 0, fileError: { key: 'validation.diagnoses.tooManyRows', params: { max: CODE_IMPORT_MAX_ROWS } } };
    }
    if (unclosed) { bad(line, 'lineQuote'); continue; }
    if (cells.length !== 3) { bad(line, 'lineColumns'); continue; }
    const [code, titleEn, titleAr] = cells.map((c) => c.trim().replace(/\s+/g, ' ')) as [string, string, string];
    if (!CODE_PATTERN.test(code)) { bad(line, 'lineCode'); continue; }
    if (!titleEn || titleEn.length > CODE_TITLE_MAX_LENGTH) { bad(line, 'lineTitleEn'); continue; }
    if (!titleAr || titleAr.length > CODE_TITLE_MAX_LENGTH) { bad(line, 'lineTitleAr'); continue; }
    const codeKey = code.toLowerCase();
    const seen = firstLine.get(codeKey);
    if (seen !== undefined) { bad(line, 'lineRepeated', { code, first: seen }); continue; }
    firstLine.set(codeKey, line);
    rows.push({ line, code: code.toUpperCase(), codeKey, titleEn, titleAr });
  }
  if (badRows) return { ok: false, errors, badRows };
  if (!rows.length) return { ok: false, errors: [], badRows: 0, fileError: 'validation.diagnoses.noRows' };
  return { ok: true, rows };
}

/** The Arabic definite article, written joined to its word (البلعوم): a search for بلعوم finds it too. */
const ARTICLE = 'ال';

/**
 * What search compares: the code and both titles, normalised, with a leading space so every word starts after one;
 * an Arabic word with the article is also written without it.
 */
export function codeSearchText(code: string, titleEn: string, titleAr: string): string {
  const words = normalizeSearchText(`${code} ${titleEn} ${titleAr}`).split(' ');
  return ` ${words.flatMap((w) => (withoutArticle(w) === w ? [w] : [w, withoutArticle(w)])).join(' ')}`;
}

/**
 * A normalised word without the Arabic article when it has one (and at least three letters after it). Search looks
 * for a typed word in this form, which the stored text also holds: the article's letters begin most Arabic words of
 * a title, so a search led by them would read far more of the index.
 */
export function withoutArticle(word: string): string {
  return word.startsWith(ARTICLE) && word.length > ARTICLE.length + 2 ? word.slice(ARTICLE.length) : word;
}
