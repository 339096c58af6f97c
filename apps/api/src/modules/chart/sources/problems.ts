/** Chart source: the patient's problem list, when each problem was recorded (index patient_problems_patient_created_idx). */
import { patientProblems as p } from '../../../db/schema/index.js';
import { keyOf, newestFirst, shownAt, sourcePage, type ChartSource } from '../source.js';

const cols = { companyId: p.companyId, patientId: p.patientId, at: p.createdAt, id: p.id };

export const problemSource: ChartSource = {
  kind: 'problem',
  async entries(deps, q) {
    const rows = await sourcePage(deps, 'problem', cols, q, (where) => deps.db.select({ id: p.id, key: keyOf(p.createdAt), code: p.code, titleEn: p.titleEn, titleAr: p.titleAr, status: p.status })
      .from(p).where(where).orderBy(newestFirst(cols)));
    return rows.map((r) => ({
      kind: 'problem' as const, _id: r.id, key: r.key, at: shownAt(r.key), title: { en: r.titleEn, ar: r.titleAr },
      detail: r.code, status: r.status, author: null, link: { page: 'patient' as const, id: q.patientId }, encounter: null,
    }));
  },
};
