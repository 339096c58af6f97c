/**
 * Reading a code list (CSV: code, English title, Arabic title). Pure: the route hands it the file's bytes and it
 * answers the rows or every bad line by its line number, so an import is all or nothing.
 */
import {
  CODE_IMPORT_ERRORS_SHOWN, CODE_IMPORT_MAX_ROWS, CODE_PATTERN, CODE_TITLE_MAX_LENGTH, normalizeSearchText,
} from '@clinic/shared';
import type { FieldMessage } from '../../lib/errors.js';

export interface CodeRow { line: number; code: string; codeKey: string; titleEn: string; titleAr: string }
export interface LineError { line: number; message: FieldMessage }
export type CodeCsvResult =
  | { ok: true; rows: CodeRow[] }
  | { ok: false; errors: LineError[]; badRows: number; fileError?: FieldMessage };

/** True when the text holds a character a text file never does: NUL or a C0 control other than tab, line feed and carriage return. */
function hasBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
  }
  return false;
}

/** The file as UTF-8 text, or null when it is not text (a binary, another encoding). */
export function csvText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (hasBinary(text)) return null;
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

interface Record { line: number; cells: string[]; unclosed: boolean }

/** RFC 4180 records (quoted cells may hold commas, quotes as "" and line breaks), each with the line it starts on. */
export function* csvRecords(text: string): Generator<Record> {
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
      if (c === ',') { cells.push(cell); cell = ''; i++; continue; }
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
