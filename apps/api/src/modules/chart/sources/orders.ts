/**
 * Chart sources: the patient's lab and imaging orders when placed (index orders_patient_idx), and their results when
 * they came (index orders_patient_resulted_idx), flagged abnormal when any analyte was outside its range.
 */
import { and, isNotNull, sql } from 'drizzle-orm';
import type { ChartKind } from '@clinic/shared';
import { employees, orders as o } from '../../../db/schema/index.js';
import { qualified, refOf } from '../../../lib/sql.js';
import { encounterLink, keyOf, newestFirst, orNull, shownAt, sourcePage, type ChartSource } from '../source.js';

/** The order's tests in order, in one language. */
const tests = (column: 'name_en' | 'name_ar') => sql<string | null>`(select string_agg(nullif(i.${sql.raw(column)}, ''), ', ' order by i.position)
  from order_items i where i.company_id = ${qualified(o.companyId)} and i.order_id = ${qualified(o.id)})`;

function source(kind: Extract<ChartKind, 'order' | 'result'>): ChartSource {
  const at = kind === 'order' ? o.orderedAt : o.resultedAt;
  const cols = { companyId: o.companyId, patientId: o.patientId, at, id: o.id };
  return {
    kind,
    async entries(deps, q) {
      const rows = await sourcePage(deps, kind, cols, q, (where) => deps.db.select({
        id: o.id, key: keyOf(at), number: o.number, status: o.status, encounterId: o.encounterId, abnormal: o.abnormal,
        en: tests('name_en'), ar: tests('name_ar'), author: refOf(employees, o.companyId, o.doctorId),
      }).from(o).where(kind === 'result' ? and(where, isNotNull(o.resultedAt)) : where).orderBy(newestFirst(cols)));
      return rows.map((r) => ({
        kind, _id: r.id, key: r.key, at: shownAt(r.key), title: { en: r.en ?? r.number, ar: orNull(r.ar) }, detail: r.number,
        status: kind === 'result' ? (r.abnormal ? 'abnormal' : 'normal') : r.status, author: r.author,
        link: encounterLink(r.encounterId, r.encounterId !== null, q.patientId), encounter: null,
      }));
    },
  };
}

export const orderSource = source('order');
export const resultSource = source('result');
