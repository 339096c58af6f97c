import type { CatalogueItemRecord, OrderRecord } from '@clinic/shared';
import type { Deps } from '../../lib/app-types.js';
import { toFileRef } from '../../lib/files.js';
import type { CatalogueEntry, OrderBundle } from './orders.repository.js';

const stamp = (at: Date | null, id: string | null, name: string | null) => (at ? { at: at.toISOString(), by: id ? { _id: id, name: name ?? '' } : null } : null);

/** Results in the order's order: by test, then by the test's analytes. */
function inItemOrder(items: OrderBundle['items'], results: OrderBundle['results']): OrderBundle['results'] {
  const rank = (r: OrderBundle['results'][number]) => {
    const i = items.findIndex((it) => it.id === r.orderItemId);
    return i * 1000 + Math.max(0, items[i]?.analytes.findIndex((a) => a.code === r.analyteCode) ?? 0);
  };
  return [...results].sort((x, y) => rank(x) - rank(y));
}

/** An order as the API answers it. A result document's link is audited as a read of the patient's record. */
export function toOrderRecord(deps: Deps, { row, items, results }: OrderBundle): OrderRecord {
  const o = row.order;
  return {
    _id: o.id,
    number: o.number,
    kind: o.kind as OrderRecord['kind'],
    patient: { _id: o.patientId, name: row.patientName, publicId: row.patientPublicId },
    doctor: { _id: o.doctorId, name: row.doctorName },
    clinic: { _id: o.clinicId, name: row.clinicName },
    encounter: o.encounterId,
    priority: o.priority as OrderRecord['priority'],
    notes: o.notes,
    status: o.status as OrderRecord['status'],
    items: items.map((i) => ({ _id: i.id, catalogueItem: i.catalogueItemId, code: i.code, nameEn: i.nameEn, nameAr: i.nameAr, analytes: i.analytes })),
    ordered: stamp(o.orderedAt, o.orderedBy, row.orderedByName)!,
    collected: stamp(o.collectedAt, o.collectedBy, row.collectedByName),
    resulted: stamp(o.resultedAt, o.resultedBy, row.resultedByName),
    cancelled: stamp(o.cancelledAt, o.cancelledBy, row.cancelledByName),
    cancelReason: o.cancelReason,
    results: inItemOrder(items, results).map((r) => ({
      item: r.orderItemId, analyte: r.analyteCode, nameEn: r.nameEn, nameAr: r.nameAr, value: r.value, unit: r.unit,
      low: r.low, high: r.high, criticalLow: r.criticalLow, criticalHigh: r.criticalHigh, flag: r.flag as OrderRecord['results'][number]['flag'],
    })),
    resultNote: o.resultNote,
    resultDocument: row.file ? toFileRef(deps, row.file, { patientId: o.patientId, documentId: o.id }) : null,
    abnormal: o.abnormal,
    acknowledged: stamp(o.acknowledgedAt, o.acknowledgedBy, row.acknowledgedByName),
    version: o.version,
    ...(row.restricted ? { restricted: true } : {}),
  };
}

export function toCatalogueRecord({ item: i, clinicName }: CatalogueEntry): CatalogueItemRecord {
  return {
    _id: i.id, clinic: { _id: i.clinicId, name: clinicName }, code: i.code, nameEn: i.nameEn, nameAr: i.nameAr, kind: i.kind as CatalogueItemRecord['kind'],
    analytes: i.analytes, isActive: i.isActive, createdAt: i.createdAt.toISOString(), updatedAt: i.updatedAt.toISOString(), version: i.version,
  };
}
