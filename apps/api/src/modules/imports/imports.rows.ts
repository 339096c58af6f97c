/** What every kind of import's walk shares: a row's problems as the report keeps them, and the file's mapped rows. */
import { IMPORT_MAX_ROWS, type AppointmentCreate, type EmployeeCreateInput, type ImportKind, type ServiceCreate } from '@clinic/shared';
import type { CountryCode } from 'libphonenumber-js';
import { AppError } from '../../lib/errors.js';
import type { PatientRow, RowProblem } from './imports.clean.js';
import { sheetRows } from './imports.read.js';

/** An employee row as the employees API takes it, its clinics and specialities found. */
export type EmployeeImport = EmployeeCreateInput & { clinics: string[]; specializations: string[] };

/** A problem as the report keeps it (translated when shown). */
export interface StoredProblem {
  row: number;
  column: string | null;
  kind: 'refused' | 'duplicate';
  key: string;
  params?: Record<string, unknown>;
  existing?: { _id: string; publicId: string; name: string } | null;
  duplicateOfRow?: number | null;
}

export interface WalkedRow {
  row: number;
  value: PatientRow | ServiceCreate | AppointmentCreate | EmployeeImport | null;
  problems: StoredProblem[];
  /** 'identity': always skipped (identity numbers are unique); 'phoneBirth': kept or skipped as the user chooses. */
  duplicate: 'identity' | 'phoneBirth' | null;
}

export interface WalkOptions { kind: ImportKind; mapping: Record<string, string>; country: CountryCode; today: string; exceptBatch: string | null; now: Date }

/** The file's data rows, each with a reader of its cells by field (the mapping applied); the header row read first. */
export async function* mappedRows(bytes: Uint8Array, mapping: Record<string, string>): AsyncGenerator<{ row: number; get: (field: string) => string }> {
  let headers: string[] | null = null;
  let index: Record<string, number> = {};
  let count = 0;
  for await (const r of sheetRows(bytes)) {
    if (!headers) {
      headers = r.cells.map((c) => c.trim());
      index = Object.fromEntries(Object.entries(mapping).map(([field, header]) => [field, headers!.indexOf(header)]));
      continue;
    }
    if (++count > IMPORT_MAX_ROWS) throw new AppError(422, 'IMPORT_TOO_MANY_ROWS', 'errors.imports.tooManyRows', { max: IMPORT_MAX_ROWS });
    yield { row: r.row, get: (field: string) => { const i = index[field] ?? -1; return i >= 0 ? (r.cells[i] ?? '') : ''; } };
  }
  if (!count) throw new AppError(422, 'IMPORT_EMPTY', 'errors.imports.empty');
}

/** A row's problems as the report keeps them: the column as the file names it. */
export function stored(row: number, problems: RowProblem[], mapping: Record<string, string>): StoredProblem[] {
  return problems.map((p) => ({ row, column: mapping[p.field] ?? p.field, kind: 'refused' as const, key: p.key, params: p.params }));
}

