/**
 * Chart source: the patient's prescriptions, when each was written (index prescriptions_patient_idx). One written at
 * another doctor's sensitive encounter is masked in the statement: it keeps its id, time, status and encounter link,
 * but its drugs and number are selected only where the reader may see them.
 */
import { sql } from 'drizzle-orm';
import { employees, prescriptions as p } from '../../../db/schema/index.js';
import { placeholder as ph } from '../../../lib/list.js';
import { qualified, refOf } from '../../../lib/sql.js';
import { joinOn, maskedFor, sensitiveEncounter, sensitiveNote, unlessMasked } from '../../encounters/index.js';
import { encounterLink, keyOf, newestFirst, orNull, shownAt, sourcePage, type ChartSource } from '../source.js';

const cols = { companyId: p.companyId, patientId: p.patientId, at: p.createdAt, id: p.id };

/** The prescription's drugs in order, in one language (in Arabic, the drugs that have an Arabic name). */
const drugs = (column: 'name' | 'name_ar') => sql<string | null>`(select string_agg(nullif(i.${sql.raw(column)}, ''), '، ' order by i.position)
  from prescription_items i where i.company_id = ${qualified(p.companyId)} and i.prescription_id = ${qualified(p.id)})`;

export const prescriptionSource: ChartSource = {
  kind: 'prescription',
  async entries(deps, q) {
    const viewer = ph('viewerId');
    const masked = maskedFor(viewer);
    const rows = await sourcePage(deps, 'prescription', cols, q, (where) => deps.db.select({
      id: p.id, key: keyOf(p.createdAt), number: unlessMasked<string>(p.number, viewer), status: p.status, encounterId: p.encounterId,
      en: sql<string | null>`case when ${masked} then null else ${drugs('name')} end`,
      ar: sql<string | null>`case when ${masked} then null else ${drugs('name_ar')} end`,
      restricted: masked, author: refOf(employees, p.companyId, p.prescriberId),
    }).from(p)
      .leftJoin(sensitiveEncounter, joinOn.encounter(p.companyId, p.encounterId))
      .leftJoin(sensitiveNote, joinOn.note(p.companyId, p.encounterId))
      .where(where).orderBy(newestFirst(cols)));
    return rows.map((r) => ({
      kind: 'prescription' as const, _id: r.id, key: r.key, at: shownAt(r.key),
      title: r.restricted ? null : { en: (r.en ?? r.number ?? '').replaceAll('، ', ', '), ar: orNull(r.ar) },
      detail: r.restricted ? null : r.number, status: r.status, author: r.author,
      link: encounterLink(r.encounterId, r.encounterId !== null, q.patientId), encounter: null,
      ...(r.restricted ? { restricted: true } : {}),
    }));
  },
};
