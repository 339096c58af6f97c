/**
 * Chart sources: the patient's lab and imaging orders when placed (index orders_patient_idx), and their results when
 * they came (index orders_patient_resulted_idx), flagged abnormal when any analyte was outside its range. One placed
 * at another doctor's sensitive encounter is masked in the statement: it keeps its id, time, status (or flag) and
 * encounter link, but its tests and number are selected only where the reader may see them.
 */
import { and, isNotNull, sql } from 'drizzle-orm';
import type { ChartKind } from '@clinic/shared';
import { employees, orders as o } from '../../../db/schema/index.js';
import { placeholder as ph } from '../../../lib/list.js';
import { qualified, refOf } from '../../../lib/sql.js';
import { joinOn, maskedFor, sensitiveEncounter, sensitiveNote, unlessMasked } from '../../encounters/index.js';
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
      const viewer = ph('viewerId');
      const masked = maskedFor(viewer);
      const rows = await sourcePage(deps, kind, cols, q, (where) => deps.db.select({
        id: o.id, key: keyOf(at), number: unlessMasked<string>(o.number, viewer), status: o.status, encounterId: o.encounterId, abnormal: o.abnormal,
        en: sql<string | null>`case when ${masked} then null else ${tests('name_en')} end`,
        ar: sql<string | null>`case when ${masked} then null else ${tests('name_ar')} end`,
        restricted: masked, author: refOf(employees, o.companyId, o.doctorId),
      }).from(o)
        .leftJoin(sensitiveEncounter, joinOn.encounter(o.companyId, o.encounterId))
        .leftJoin(sensitiveNote, joinOn.note(o.companyId, o.encounterId))
        .where(kind === 'result' ? and(where, isNotNull(o.resultedAt)) : where).orderBy(newestFirst(cols)));
      return rows.map((r) => ({
        kind, _id: r.id, key: r.key, at: shownAt(r.key),
        title: r.restricted ? null : { en: r.en ?? r.number ?? '', ar: orNull(r.ar) }, detail: r.restricted ? null : r.number,
        status: kind === 'result' ? (r.abnormal ? 'abnormal' : 'normal') : r.status, author: r.author,
        link: encounterLink(r.encounterId, r.encounterId !== null, q.patientId), encounter: null,
        ...(r.restricted ? { restricted: true } : {}),
      }));
    },
  };
}

export const orderSource = source('order');
export const resultSource = source('result');
