/** Each clinic's order catalogue, kept by the company's administrators. Entries are taken out of use, never deleted. */
import type { Analyte, AnalyteInput, CatalogueItemRecord, CatalogueListQuery, catalogueItemInput, catalogueItemUpdate } from '@clinic/shared';
import type { z } from 'zod';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/lease.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleRecord } from '../../lib/versioning.js';
import { toCatalogueRecord } from './order-record.js';
import { clinicExists, findCataloguePage, findCatalogueEntry, insertCatalogueItem, updateCatalogueItemAtVersion } from './orders.repository.js';

const itemNotFound = () => new AppError(404, 'CATALOGUE_ITEM_NOT_FOUND', 'errors.orders.catalogueItemNotFound');
const codeTaken = () => new AppError(409, 'CATALOGUE_CODE_TAKEN', 'errors.orders.codeTaken', undefined, { code: 'errors.orders.codeTaken' });

const toAnalytes = (list: Array<z.output<typeof catalogueItemInput>['analytes'][number]> | AnalyteInput[]): Analyte[] => list.map((a) => ({
  code: a.code, nameEn: a.nameEn, nameAr: a.nameAr, unit: a.unit ?? '',
  low: (a.low ?? null) as number | null, high: (a.high ?? null) as number | null,
  criticalLow: (a.criticalLow ?? null) as number | null, criticalHigh: (a.criticalHigh ?? null) as number | null,
}));

export async function listCatalogue(deps: Deps, caller: Caller, q: CatalogueListQuery) {
  const { rows, total } = await findCataloguePage(deps.db, caller.companyId, q);
  return { data: rows.map(toCatalogueRecord), total };
}

async function saved(deps: Deps, caller: Caller, run: () => Promise<string>): Promise<CatalogueItemRecord> {
  try {
    const id = await run();
    return toCatalogueRecord((await findCatalogueEntry(deps.db, caller.companyId, id))!);
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

export function createCatalogueItem(deps: Deps, ctx: RequestContext, caller: Caller, input: z.output<typeof catalogueItemInput>): Promise<CatalogueItemRecord> {
  return saved(deps, caller, () => inTransaction(deps.db, async (db) => {
    if (!(await clinicExists(db, caller.companyId, input.clinic))) throw validationFailed({ clinic: 'validation.orders.clinicUnknown' });
    const values = { code: input.code, nameEn: input.nameEn, nameAr: input.nameAr, kind: input.kind, analytes: toAnalytes(input.analytes) };
    const id = await insertCatalogueItem(db, { companyId: caller.companyId, clinicId: input.clinic, ...values });
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'order_catalogue_item', entityId: id, changes: { after: { clinic: input.clinic, ...values } } });
    return id;
  }));
}

export function updateCatalogueItem(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: z.output<typeof catalogueItemUpdate>): Promise<CatalogueItemRecord> {
  return saved(deps, caller, () => inTransaction(deps.db, async (db) => {
    const before = await findCatalogueEntry(db, caller.companyId, id);
    if (!before) throw itemNotFound();
    if (before.item.kind === 'imaging' && input.analytes?.length) throw validationFailed({ analytes: 'validation.orders.imagingAnalytes' });
    const { version, analytes, ...rest } = input;
    const set = { ...rest, ...(analytes ? { analytes: toAnalytes(analytes) } : {}) };
    if (!(await updateCatalogueItemAtVersion(db, caller.companyId, id, version, set))) throw staleRecord();
    const b = before.item;
    await recordAudit(db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'order_catalogue_item', entityId: id,
      changes: { before: Object.fromEntries(Object.keys(set).map((k) => [k, b[k as keyof typeof b]])), after: set },
    });
    return id;
  }));
}
