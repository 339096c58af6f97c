/** Chart source: the patient's allergies and intolerances (index patient_allergies_patient_recorded_idx). */
import { employees, patientAllergies as a } from '../../../db/schema/index.js';
import { refOf } from '../../../lib/sql.js';
import { keyOf, newestFirst, orNull, shownAt, sourcePage, type ChartSource } from '../source.js';

const cols = { companyId: a.companyId, patientId: a.patientId, at: a.recordedAt, id: a.id };

export const allergySource: ChartSource = {
  kind: 'allergy',
  async entries(deps, q) {
    const rows = await sourcePage(deps, 'allergy', cols, q, (where) => deps.db.select({
      id: a.id, key: keyOf(a.recordedAt), substance: a.substance, reaction: a.reaction, status: a.status, author: refOf(employees, a.companyId, a.recordedBy),
    }).from(a).where(where).orderBy(newestFirst(cols)));
    return rows.map((r) => ({
      kind: 'allergy' as const, _id: r.id, key: r.key, at: shownAt(r.key), title: { en: r.substance, ar: null },
      detail: orNull(r.reaction), status: r.status, author: r.author, link: { page: 'patient' as const, id: q.patientId }, encounter: null,
    }));
  },
};
