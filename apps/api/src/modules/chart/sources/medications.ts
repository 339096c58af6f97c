/**
 * Chart source: the patient's medication list, when each entry was recorded (index patient_medications_patient_created_idx).
 * One recorded at another doctor's sensitive encounter is masked in the statement: it keeps its id, time, state and
 * a link to that encounter, but its drug, strength and form are selected only where the reader may see them.
 */
import { sql } from 'drizzle-orm';
import { employees, patientMedications as m } from '../../../db/schema/index.js';
import { placeholder as ph } from '../../../lib/list.js';
import { qualified, refOf } from '../../../lib/sql.js';
import { blankIfMasked, joinOn, maskedFor, sensitiveEncounter, sensitiveNote } from '../../encounters/index.js';
import { encounterLink, keyOf, newestFirst, orNull, shownAt, sourcePage, type ChartSource } from '../source.js';

const cols = { companyId: m.companyId, patientId: m.patientId, at: m.createdAt, id: m.id };

export const medicationSource: ChartSource = {
  kind: 'medication',
  async entries(deps, q) {
    const viewer = ph('viewerId');
    const masked = maskedFor(viewer);
    const rows = await sourcePage(deps, 'medication', cols, q, (where) => deps.db.select({
      id: m.id, key: keyOf(m.createdAt), name: blankIfMasked(m.name, viewer), strength: blankIfMasked(m.strength, viewer), form: blankIfMasked(m.form, viewer),
      status: m.status, encounterId: m.encounterId, restricted: masked,
      nameAr: sql<string | null>`case when ${masked} then null else
        (select nullif(c.name_ar, '') from medications c where c.company_id = ${qualified(m.companyId)} and c.id = ${qualified(m.medicationId)}) end`,
      author: refOf(employees, m.companyId, m.createdBy),
    }).from(m)
      .leftJoin(sensitiveEncounter, joinOn.encounter(m.companyId, m.encounterId))
      .leftJoin(sensitiveNote, joinOn.note(m.companyId, m.encounterId))
      .where(where).orderBy(newestFirst(cols)));
    return rows.map((r) => (r.restricted ? {
      kind: 'medication' as const, _id: r.id, key: r.key, at: shownAt(r.key), title: null, detail: null, status: r.status, author: r.author,
      link: encounterLink(r.encounterId, true, q.patientId), encounter: null, restricted: true,
    } : {
      kind: 'medication' as const, _id: r.id, key: r.key, at: shownAt(r.key), title: { en: r.name, ar: orNull(r.nameAr) },
      detail: null, medication: { strength: r.strength, form: r.form }, status: r.status, author: r.author,
      link: { page: 'patient' as const, id: q.patientId }, encounter: null,
    }));
  },
};
