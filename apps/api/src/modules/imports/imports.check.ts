/**
 * Walking a patients file row by row: each row cleaned, refused with its problems, or accepted, and likely duplicates
 * found (same identity number, or same mobile and birth date) within the file and against the company's patients,
 * looked up a chunk at a time. The dry run and the import walk the same way, so they agree on every row.
 */
import { IMPORT_CHUNK_ROWS, IMPORT_MAX_ROWS, IMPORT_REQUIRED_FIELDS, type ImportKind } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { cleanPatient, type PatientRow, type RowProblem } from './imports.clean.js';
import { walkAppointments } from './imports.appointments.js';
import { mappedRows, stored, type StoredProblem, type WalkedRow, type WalkOptions } from './imports.rows.js';
import { walkEmployees } from './imports.employees.js';
import { cleanService, serviceDirectory } from './imports.services.js';
import { sheetRows } from './imports.read.js';
import { patientsMatching, type ExistingPatient } from './imports.repository.js';

/** The header row of a file (its first non-empty row), refusing a file without one. */
export async function headersOf(bytes: Uint8Array): Promise<string[]> {
  for await (const r of sheetRows(bytes)) return r.cells.map((c) => c.trim());
  throw new AppError(422, 'IMPORT_EMPTY', 'errors.imports.empty');
}

/** Required fields the mapping leaves without a column (or maps to a column the file does not have). */
export function unmappedRequired(kind: ImportKind, mapping: Record<string, string>, headers: readonly string[]): string[] {
  return IMPORT_REQUIRED_FIELDS[kind].filter((f) => !mapping[f] || !headers.includes(mapping[f]));
}

function classify(rows: Array<{ row: number; value: PatientRow | null; problems: StoredProblem[] }>, existing: ExistingPatient[], seen: { identity: Map<string, number>; phoneBirth: Map<string, number> }, mapping: Record<string, string>): WalkedRow[] {
  const byIdentity = new Map(existing.filter((p) => p.identity).map((p) => [p.identity, p]));
  const byPhoneBirth = new Map(existing.filter((p) => p.phone).map((p) => [`${p.phone}|${p.dateOfBirth}`, p]));
  const ref = (p: ExistingPatient) => ({ _id: p.id, publicId: p.publicId, name: p.name });
  return rows.map((r) => {
    if (!r.value) return { ...r, duplicate: null };
    const v = r.value;
    const key = `${v.phone}|${v.dateOfBirth}`;
    if (v.identity) {
      const holder = byIdentity.get(v.identity);
      const earlier = seen.identity.get(v.identity);
      if (holder || earlier) {
        const problem: StoredProblem = holder
          ? { row: r.row, column: mapping.identity ?? null, kind: 'duplicate', key: 'validation.imports.sameIdentity', params: { name: holder.name, publicId: holder.publicId }, existing: ref(holder) }
          : { row: r.row, column: mapping.identity ?? null, kind: 'duplicate', key: 'validation.imports.sameIdentityInFile', params: { row: earlier }, duplicateOfRow: earlier };
        return { ...r, problems: [problem], duplicate: 'identity' as const };
      }
      seen.identity.set(v.identity, r.row);
    }
    const holder = byPhoneBirth.get(key);
    const earlier = seen.phoneBirth.get(key);
    if (!earlier) seen.phoneBirth.set(key, r.row);
    if (holder || earlier) {
      const problem: StoredProblem = holder
        ? { row: r.row, column: mapping.phone ?? null, kind: 'duplicate', key: 'validation.imports.samePhoneBirth', params: { name: holder.name, publicId: holder.publicId }, existing: ref(holder) }
        : { row: r.row, column: mapping.phone ?? null, kind: 'duplicate', key: 'validation.imports.samePhoneBirthInFile', params: { row: earlier }, duplicateOfRow: earlier };
      return { ...r, problems: [problem], duplicate: 'phoneBirth' as const };
    }
    return { ...r, duplicate: null };
  });
}

/**
 * The file's rows after its header, in chunks (IMPORT_CHUNK_ROWS), each row cleaned and classified. Refuses a file
 * with no data rows or more than IMPORT_MAX_ROWS. A required field without a column refuses every row.
 */
export async function* walkPatients(db: Db, companyId: string, bytes: Uint8Array, o: WalkOptions): AsyncGenerator<WalkedRow[]> {
  let headers: string[] | null = null;
  let index: Record<string, number> = {};
  let pending: Array<{ row: number; value: PatientRow | null; problems: StoredProblem[] }> = [];
  const seen = { identity: new Map<string, number>(), phoneBirth: new Map<string, number>() };
  let count = 0;
  const flush = async () => {
    const values = pending.map((r) => r.value).filter((v): v is PatientRow => v !== null);
    const existing = await patientsMatching(db, companyId, [...new Set(values.map((v) => v.identity).filter(Boolean))], [...new Set(values.map((v) => v.phone))], o.exceptBatch);
    const out = classify(pending, existing, seen, o.mapping);
    pending = [];
    return out;
  };
  for await (const r of sheetRows(bytes)) {
    if (!headers) {
      headers = r.cells.map((c) => c.trim());
      index = Object.fromEntries(Object.entries(o.mapping).map(([field, header]) => [field, headers!.indexOf(header)]));
      continue;
    }
    if (++count > IMPORT_MAX_ROWS) throw new AppError(422, 'IMPORT_TOO_MANY_ROWS', 'errors.imports.tooManyRows', { max: IMPORT_MAX_ROWS });
    const get = (field: string) => { const i = index[field] ?? -1; return i >= 0 ? (r.cells[i] ?? '') : ''; };
    const { value, problems } = cleanPatient(get, o.country, o.today);
    pending.push({ row: r.row, value, problems: problems.map((p: RowProblem) => ({ row: r.row, column: o.mapping[p.field] ?? p.field, kind: 'refused' as const, key: p.key, params: p.params })) });
    if (pending.length >= IMPORT_CHUNK_ROWS) yield await flush();
  }
  if (pending.length) yield await flush();
  if (!count) throw new AppError(422, 'IMPORT_EMPTY', 'errors.imports.empty');
}

/** The file's services in chunks, each row cleaned and checked as the services API checks it. */
export async function* walkServices(db: Db, companyId: string, bytes: Uint8Array, o: WalkOptions): AsyncGenerator<WalkedRow[]> {
  const dir = await serviceDirectory(db, companyId);
  let pending: WalkedRow[] = [];
  for await (const r of mappedRows(bytes, o.mapping)) {
    const { value, problems } = cleanService(r.get, dir);
    pending.push({ row: r.row, value, duplicate: null, problems: stored(r.row, problems, o.mapping) });
    if (pending.length >= IMPORT_CHUNK_ROWS) { yield pending; pending = []; }
  }
  if (pending.length) yield pending;
}

/** The walk of a kind of import (the dry run and the job walk alike). */
export function walkRows(db: Db, companyId: string, bytes: Uint8Array, o: WalkOptions): AsyncGenerator<WalkedRow[]> {
  if (o.kind === 'services') return walkServices(db, companyId, bytes, o);
  if (o.kind === 'appointments') return walkAppointments(db, companyId, bytes, o);
  if (o.kind === 'employees') return walkEmployees(db, companyId, bytes, o);
  return walkPatients(db, companyId, bytes, o);
}

export type { StoredProblem, WalkedRow, WalkOptions } from './imports.rows.js';
