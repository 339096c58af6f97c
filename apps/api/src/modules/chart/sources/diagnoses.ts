/**
 * Chart source: diagnoses recorded at the patient's encounters (index encounter_diagnoses_patient_created_idx). One of
 * another doctor's sensitive encounter is masked in the statement: it keeps its id, time, rank and encounter link, but
 * its code is joined only where the reader may see it.
 */
import { and, eq, not } from 'drizzle-orm';
import { diagnosisCodes as c, employees, encounterDiagnoses as d } from '../../../db/schema/index.js';
import { placeholder as ph } from '../../../lib/list.js';
import { refOf } from '../../../lib/sql.js';
import { joinOn, maskedFor, sensitiveEncounter, sensitiveNote } from '../../encounters/index.js';
import { encounterExists, encounterLink, keyOf, newestFirst, shownAt, sourcePage, type ChartSource } from '../source.js';

const cols = { companyId: d.companyId, patientId: d.patientId, at: d.createdAt, id: d.id };

export const diagnosisSource: ChartSource = {
  kind: 'diagnosis',
  async entries(deps, q) {
    const masked = maskedFor(ph('viewerId'));
    const rows = await sourcePage(deps, 'diagnosis', cols, q, (where) => deps.db.select({
      id: d.id, key: keyOf(d.createdAt), encounterId: d.encounterId, rank: d.rank, code: c.code, titleEn: c.titleEn, titleAr: c.titleAr,
      restricted: masked, encounterExists: encounterExists(d.companyId, d.encounterId), author: refOf(employees, d.companyId, d.createdBy),
    }).from(d)
      .leftJoin(sensitiveEncounter, joinOn.encounter(d.companyId, d.encounterId))
      .leftJoin(sensitiveNote, joinOn.note(d.companyId, d.encounterId))
      .leftJoin(c, and(eq(c.companyId, d.companyId), eq(c.id, d.codeId), not(masked)))
      .where(where).orderBy(newestFirst(cols)));
    return rows.map((r) => ({
      kind: 'diagnosis' as const, _id: r.id, key: r.key, at: shownAt(r.key),
      title: r.restricted || r.titleEn === null ? null : { en: r.titleEn, ar: r.titleAr },
      detail: r.restricted ? null : r.code, status: r.rank, author: r.author,
      link: encounterLink(r.encounterId, r.encounterExists, q.patientId), encounter: null,
      ...(r.restricted ? { restricted: true } : {}),
    }));
  },
};
