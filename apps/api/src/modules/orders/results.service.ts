/**
 * Results, entered by the lab or a nurse (`result_write`) against the FULL order number: per analyte (the flag is
 * computed here from the analyte's range as ordered) or as an attached document (PDF or image, checked by content).
 * Entering results moves the order to resulted; an abnormal result rings the ordering doctor's bell in the same
 * transaction.
 */
import {
  flagResult, isAbnormalResult, normaliseOrderNumber, type OrderRecord, type resultEntryInput,
} from '@clinic/shared';
import type { z } from 'zod';
import type { Caller, Deps } from '../../lib/app-types.js';
import { validationFailed } from '../../lib/errors.js';
import type { StoredFile } from '../../lib/files.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { notifyEmployees } from '../notifications/index.js';
import { toOrderRecord } from './order-record.js';
import { findOrderByNumber, insertResults, type OrderBundle } from './orders.repository.js';
import { assertOrderOpenTo, auditOrderRead, loadOrder, transition } from './orders.service.js';

const numberUnknown = () => validationFailed({ number: 'validation.orders.numberUnknown' });

/** The order a full number names; a partial or wrong number is refused as a field error. */
async function orderByNumber(deps: Deps, caller: Caller, typed: string): Promise<OrderBundle> {
  const number = normaliseOrderNumber(typed);
  if (!number) throw numberUnknown();
  const bundle = await findOrderByNumber(deps.db, caller.companyId, number);
  if (!bundle) throw numberUnknown();
  return bundle;
}

export async function findByNumber(deps: Deps, ctx: RequestContext, caller: Caller, typed: string): Promise<OrderRecord> {
  const bundle = await orderByNumber(deps, caller, typed);
  // The lab opens an order of another doctor's sensitive encounter while its specimen is in its hands (to run the
  // tests and enter the results); once resulted or cancelled there is nothing left for it to do, and the number no
  // longer opens it (403 SENSITIVE_NOTE) but to its doctor or through a break-the-glass grant.
  const { status } = bundle.row.order;
  if (status === 'resulted' || status === 'cancelled') await assertOrderOpenTo(deps.db, caller, bundle.row.order, 'read');
  await auditOrderRead(deps.db, ctx, caller, bundle.row.order.patientId, [bundle.row.order.id]);
  return toOrderRecord(deps, bundle);
}

/** Enters the results per analyte: each value is flagged against its analyte's unit and range as ordered. */
export async function enterResults(deps: Deps, ctx: RequestContext, caller: Caller, input: z.output<typeof resultEntryInput>): Promise<OrderRecord> {
  const { row, items } = await orderByNumber(deps, caller, input.number);
  const o = row.order;
  const seen = new Set<string>();
  const results = input.values.map((v, i) => {
    const item = items.find((it) => it.id === v.item);
    const analyte = item?.analytes.find((a) => a.code.toUpperCase() === v.analyte.toUpperCase());
    if (!item || !analyte) throw validationFailed({ [`values.${i}.analyte`]: 'validation.orders.analyteUnknown' });
    const key = `${item.id}:${analyte.code}`;
    if (seen.has(key)) throw validationFailed({ [`values.${i}.analyte`]: 'validation.orders.analyteDuplicate' });
    seen.add(key);
    const range = { low: analyte.low, high: analyte.high, criticalLow: analyte.criticalLow, criticalHigh: analyte.criticalHigh };
    return {
      companyId: caller.companyId, orderId: o.id, orderItemId: item.id, analyteCode: analyte.code, nameEn: analyte.nameEn, nameAr: analyte.nameAr,
      value: v.value, unit: analyte.unit, ...range, flag: flagResult(v.value, range), enteredBy: caller.id,
    };
  });
  const abnormal = results.filter((r) => isAbnormalResult(r.flag));
  await inTransaction(deps.db, async (db) => {
    await transition(db, ctx, caller, o.id, {
      action: 'result', set: { resultedAt: new Date(), resultedBy: caller.id, resultNote: input.note, abnormal: abnormal.length > 0 },
      audit: { results: results.map((r) => ({ analyte: r.analyteCode, value: r.value, unit: r.unit, flag: r.flag })) },
    });
    await insertResults(db, results);
    if (abnormal.length) {
      await notifyEmployees(withDb(deps, db), caller.companyId, [o.doctorId], {
        kind: 'result_abnormal', entity: 'order', entityId: o.id, actorId: caller.id,
        params: { patient: row.patientName, number: o.number, tests: abnormal.map((r) => r.analyteCode).join(', '), patientId: o.patientId },
      });
    }
  });
  return toOrderRecord(deps, await loadOrder(deps.db, caller, o.id));
}

/** Attaches the result as a document (a report file, checked by content when it was stored). */
export async function attachResultDocument(
  deps: Deps, ctx: RequestContext, caller: Caller, input: { number: string; note: string; file: StoredFile | null },
): Promise<OrderRecord> {
  const { row } = await orderByNumber(deps, caller, input.number);
  const file = input.file;
  if (!file) throw validationFailed({ file: 'validation.orders.fileRequired' });
  await inTransaction(deps.db, (db) => transition(db, ctx, caller, row.order.id, {
    action: 'result', set: { resultedAt: new Date(), resultedBy: caller.id, resultNote: input.note, resultFileId: file.id },
    audit: { file: { id: file.id, name: file.originalName, mimeType: file.mimeType, size: file.sizeBytes } },
  }));
  return toOrderRecord(deps, await loadOrder(deps.db, caller, row.order.id));
}
