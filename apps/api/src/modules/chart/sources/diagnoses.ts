/** Chart source: diagnoses recorded at the patient's encounters (index encounter_diagnoses_patient_created_idx). */
import { and, eq } from 'drizzle-orm';
import { diagnosisCodes as c, employees, encounterDiagnoses as d } from '../../../db/schema/index.js';
import { refOf } from '../../../lib/sql.js';
import { encounterExists, encounterLink, keyOf, newestFirst, shownAt, sourcePage, type ChartSource } from '../source.js';

const cols = { companyId: d.companyId, patientId: d.patientId, at: d.createdAt, id: d.id };

export const diagnosisSource: ChartSource = {
  kind: 'diagnosis',
  async entries(deps, q) {
    const rows = await sourcePage(deps, 'diagnosis', cols, q, (where) => deps.db.select({
      id: d.id, key: keyOf(d.createdAt), encounterId: d.encounterId, rank: d.rank, code: c.code, titleEn: c.titleEn, titleAr: c.titleAr,
      encounterExists: encounterExists(d.companyId, d.encounterId), author: refOf(employees, d.companyId, d.createdBy),
    }).from(d).innerJoin(c, and(eq(c.companyId, d.companyId), eq(c.id, d.codeId)))
      .where(where).orderBy(newestFirst(cols)));
    return rows.map((r) => ({
      kind: 'diagnosis' as const, _id: r.id, key: r.key, at: shownAt(r.key), title: { en: r.titleEn, ar: r.titleAr },
      detail: r.code, status: r.rank, author: r.author,
      link: encounterLink(r.encounterId, r.encounterExists, q.patientId), encounter: null,
    }));
  },
};
