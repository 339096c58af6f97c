import { MEDICATION_CSV_MAX_ROWS, type MedicationImportResult, type MedicationListQuery, type MedicationRecord, type MedicationStatusInput } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleOrMissing } from '../../lib/versioning.js';
import { parseCatalogueCsv } from './catalogue-csv.js';
import {
  countMedications, findMedication, findMedicationPage, setMedicationActiveAtVersion, upsertMedications, type MedicationRow,
} from './medications.repository.js';

export const medicationNotFound = () => new AppError(404, 'MEDICATION_NOT_FOUND', 'errors.medications.notFound');

export function toMedicationRecord(row: MedicationRow): MedicationRecord {
  return {
    _id: row.id, name: row.name, genericName: row.genericName, form: row.form, strength: row.strength, nameAr: row.nameAr,
    isActive: row.isActive, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), version: row.version,
  };
}

export async function listMedications(deps: Deps, caller: Caller, q: MedicationListQuery) {
  const { rows, total } = await findMedicationPage(deps.db, caller.companyId, q);
  return { data: rows.map(toMedicationRecord), total };
}

/**
 * Imports the catalogue file: every line is checked first and any problem refuses the whole file (422, each problem
 * with its line); otherwise new drugs are added and known ones (same name, form and strength) updated, in one
 * transaction with its audit row.
 */
export async function importCatalogue(deps: Deps, ctx: RequestContext, caller: Caller, text: string): Promise<MedicationImportResult> {
  const parsed = parseCatalogueCsv(text);
  if (!parsed.ok) {
    if (parsed.tooManyRows) throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { file: { key: 'errors.medications.csvTooManyRows', params: { max: MEDICATION_CSV_MAX_ROWS } } });
    if (parsed.empty) throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { file: 'errors.medications.csvEmpty' });
    throw new AppError(422, 'CATALOGUE_CSV_REJECTED', 'errors.medications.csvRejected', undefined, parsed.errors);
  }
  return inTransaction(deps.db, async (db) => {
    const created = await upsertMedications(db, caller.companyId, parsed.drugs);
    const result = { created, updated: parsed.drugs.length - created, total: await countMedications(db, caller.companyId) };
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'import', entity: 'medication_catalogue', changes: { after: { rows: parsed.drugs.length, ...result } } });
    return result;
  });
}

/** Takes a drug out of use (or back), at the version the change is based on. */
export async function setMedicationStatus(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: MedicationStatusInput): Promise<MedicationRecord> {
  return inTransaction(deps.db, async (db) => {
    const before = await findMedication(db, caller.companyId, id);
    if (!before) throw medicationNotFound();
    const row = await setMedicationActiveAtVersion(db, caller.companyId, id, input.version, input.isActive);
    if (!row) return staleOrMissing(async () => Boolean(await findMedication(db, caller.companyId, id)), medicationNotFound);
    if (before.isActive !== row.isActive) {
      await recordAudit(db, ctx, {
        companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'medication', entityId: id,
        changes: { before: { isActive: before.isActive }, after: { isActive: row.isActive } },
      });
    }
    return toMedicationRecord(row);
  });
}
