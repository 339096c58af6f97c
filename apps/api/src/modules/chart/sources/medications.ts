/** Chart source: the patient's medication list, when each entry was recorded (index patient_medications_patient_created_idx). */
import { sql } from 'drizzle-orm';
import { employees, patientMedications as m } from '../../../db/schema/index.js';
import { qualified, refOf } from '../../../lib/sql.js';
import { keyOf, newestFirst, orNull, shownAt, sourcePage, type ChartSource } from '../source.js';

const cols = { companyId: m.companyId, patientId: m.patientId, at: m.createdAt, id: m.id };

export const medicationSource: ChartSource = {
  kind: 'medication',
  async entries(deps, q) {
    const rows = await sourcePage(deps, 'medication', cols, q, (where) => deps.db.select({
      id: m.id, key: keyOf(m.createdAt), name: m.name, strength: m.strength, form: m.form, status: m.status,
      nameAr: sql<string | null>`(select nullif(c.name_ar, '') from medications c where c.company_id = ${qualified(m.companyId)} and c.id = ${qualified(m.medicationId)})`,
      author: refOf(employees, m.companyId, m.createdBy),
    }).from(m).where(where).orderBy(newestFirst(cols)));
    return rows.map((r) => ({
      kind: 'medication' as const, _id: r.id, key: r.key, at: shownAt(r.key), title: { en: r.name, ar: orNull(r.nameAr) },
      detail: null, medication: { strength: r.strength, form: r.form }, status: r.status, author: r.author,
      link: { page: 'patient' as const, id: q.patientId }, encounter: null,
    }));
  },
};
