import {
  CODE_IMPORT_MAX_BYTES, searchWords, type DiagnosisCodeImportResult, type DiagnosisCodeRecord, type DiagnosisCodeSearchQuery,
} from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, validationFailed, type FieldMessage } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { csvText } from '../../lib/csv-import.js';
import { parseCodeCsv, withoutArticle, type CodeRow } from './code-csv.js';
import { codeSummary, codesByPrefix, codesByWords, upsertCodes, type CodeHit } from './diagnosis-codes.repository.js';
import { STARTER_CODES, STARTER_SYSTEM } from './starter-codes.js';

export const toCodeRecord = (r: CodeHit): DiagnosisCodeRecord => ({
  _id: r.id, system: r.system, code: r.code, titleEn: r.titleEn, titleAr: r.titleAr, isActive: r.isActive,
});

/** A word that could be (the start of) a code: J06, j06.9, E11.65. */
const CODE_LIKE = /^[a-z0-9][a-z0-9.-]*$/;

/**
 * The best matches of a search, at most `limit`: first the code typed exactly, then codes starting with it, then codes
 * in which every word typed starts a word of the code or of either title (English or Arabic, both sides normalised),
 * each group by code. An empty search lists the first codes.
 */
export async function searchCodes(deps: Deps, caller: Caller, q: DiagnosisCodeSearchQuery): Promise<DiagnosisCodeRecord[]> {
  const words = searchWords(q.search);
  const one = words.length === 1 ? words[0]! : null;
  const byCode = one && CODE_LIKE.test(one) ? await codesByPrefix(deps.db, caller.companyId, one, q.limit) : [];
  byCode.sort((a, b) => Number(b.codeKey === one) - Number(a.codeKey === one));
  const seen = new Set(byCode.map((c) => c.id));
  const rest = byCode.length >= q.limit ? [] : await codesByWords(deps.db, caller.companyId, [...new Set(words.map(withoutArticle))], q.limit);
  return [...byCode, ...rest.filter((c) => !seen.has(c.id))].slice(0, q.limit).map(toCodeRecord);
}

export const summarizeCodes = (deps: Deps, caller: Caller) => codeSummary(deps.db, caller.companyId);

async function storeCodes(
  deps: Deps, ctx: RequestContext, caller: Caller, system: string, rows: readonly Omit<CodeRow, 'line'>[], action: string,
): Promise<DiagnosisCodeImportResult> {
  return inTransaction(deps.db, async (db) => {
    const counts = await upsertCodes(db, caller.companyId, system, rows);
    const result = { system, rows: rows.length, ...counts };
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action, entity: 'diagnosis_code_list', changes: result });
    return result;
  });
}

/**
 * Imports a code list (CSV: code, English title, Arabic title) into `system`, all or nothing: a file that is not UTF-8
 * text, too large or too long, or with any bad row, is refused with every bad line named and changes nothing. A code
 * already in the system gets the file's titles, so importing a file again changes only what the file changed.
 */
export async function importCodes(deps: Deps, ctx: RequestContext, caller: Caller, system: string, bytes: Uint8Array | null) {
  if (!bytes) throw validationFailed({ file: 'validation.diagnoses.fileRequired' });
  if (bytes.length > CODE_IMPORT_MAX_BYTES) throw tooLarge();
  const text = await csvText(bytes);
  if (text === null) throw new AppError(422, 'FILE_TYPE', 'errors.validation', undefined, { file: 'validation.diagnoses.fileType' });
  const parsed = parseCodeCsv(text);
  if (!parsed.ok) {
    if (parsed.fileError) throw validationFailed({ file: parsed.fileError });
    const fields: Record<string, FieldMessage> = { file: { key: 'errors.diagnoses.importRejected', params: { count: parsed.badRows } } };
    for (const e of parsed.errors) fields[`line.${e.line}`] = e.message;
    throw new AppError(422, 'CODE_IMPORT_REJECTED', 'errors.diagnoses.importRejected', { count: parsed.badRows }, fields);
  }
  return storeCodes(deps, ctx, caller, system, parsed.rows, 'import');
}

export const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', 'errors.validation', undefined,
  { file: { key: 'validation.diagnoses.fileTooLarge', params: { max: CODE_IMPORT_MAX_BYTES / 1024 / 1024 } } });

/** Loads the product's starter list (a small demo list; see docs/clinical.md), or refreshes its titles. */
export function installStarterCodes(deps: Deps, ctx: RequestContext, caller: Caller) {
  return storeCodes(deps, ctx, caller, STARTER_SYSTEM, STARTER_CODES.map(([code, titleEn, titleAr]) => ({ code, codeKey: code.toLowerCase(), titleEn, titleAr })), 'install_starter');
}
