/**
 * Chart source: the patient's problem list, when each problem was recorded (index patient_problems_patient_created_idx).
 * A problem made by another doctor's sensitive encounter keeps its id, time and state but not its code or titles, and
 * opens that encounter (where a reason shows it) rather than the problem list.
 */
import { patientProblems as p } from '../../../db/schema/index.js';
import { placeholder as ph } from '../../../lib/list.js';
import { joinOn, maskedFor, sensitiveEncounter, sensitiveNote, unlessMasked } from '../../encounters/index.js';
import { keyOf, newestFirst, shownAt, sourcePage, type ChartSource } from '../source.js';

const cols = { companyId: p.companyId, patientId: p.patientId, at: p.createdAt, id: p.id };

export const problemSource: ChartSource = {
  kind: 'problem',
  async entries(deps, q) {
    const viewer = ph('viewerId');
    const rows = await sourcePage(deps, 'problem', cols, q, (where) => deps.db.select({
      id: p.id, key: keyOf(p.createdAt), status: p.status, sourceEncounterId: p.sourceEncounterId, restricted: maskedFor(viewer),
      code: unlessMasked<string>(p.code, viewer), titleEn: unlessMasked<string>(p.titleEn, viewer), titleAr: unlessMasked<string>(p.titleAr, viewer),
    }).from(p)
      .leftJoin(sensitiveEncounter, joinOn.encounter(p.companyId, p.sourceEncounterId))
      .leftJoin(sensitiveNote, joinOn.note(p.companyId, p.sourceEncounterId))
      .where(where).orderBy(newestFirst(cols)));
    return rows.map((r) => ({
      kind: 'problem' as const, _id: r.id, key: r.key, at: shownAt(r.key),
      title: r.restricted || r.titleEn === null ? null : { en: r.titleEn, ar: r.titleAr },
      detail: r.restricted ? null : r.code, status: r.status, author: null,
      link: r.restricted && r.sourceEncounterId ? { page: 'encounter' as const, id: r.sourceEncounterId } : { page: 'patient' as const, id: q.patientId },
      encounter: null,
      ...(r.restricted ? { restricted: true } : {}),
    }));
  },
};
