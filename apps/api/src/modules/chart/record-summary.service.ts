/**
 * The clinical part of the printed patient summary: the active problems, the allergy state (allergies listed, no known
 * allergies, or not recorded) and the current medications, read in one request that is audited as one read of the
 * patient's record. What another doctor's sensitive encounter recorded is listed masked (`restricted`).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { RecordSummary } from '@clinic/shared';
import { patientMedications, patientProblems } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/request-context.js';
import { allergyStateOf } from '../clinical-observations/index.js';
import { blankIfMasked, joinOn, maskedFor, sensitiveEncounter, sensitiveNote, unlessMasked } from '../encounters/index.js';
import { requirePatient } from '../patients/index.js';

/** A summary lists at most this many of each (a paper page; the lists themselves are on the patient's page). */
const PRINT_MAX = 100;

export async function readRecordSummary(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string): Promise<RecordSummary> {
  await requirePatient(deps, caller, patientId);
  const { db } = deps;
  const companyId = caller.companyId;
  const p = patientProblems;
  // A problem made by another doctor's sensitive encounter is listed without its code and titles, after the others
  // (ordered by its code it would show where in the alphabet it falls).
  const code = unlessMasked<string>(p.code, caller.id);
  const m = patientMedications;
  const name = blankIfMasked(m.name, caller.id);
  const [problems, medications, allergies] = await Promise.all([
    db.select({
      _id: p.id, code, titleEn: unlessMasked<string>(p.titleEn, caller.id), titleAr: unlessMasked<string>(p.titleAr, caller.id),
      onsetDate: p.onsetDate, restricted: maskedFor(caller.id),
    }).from(p)
      .leftJoin(sensitiveEncounter, joinOn.encounter(p.companyId, p.sourceEncounterId))
      .leftJoin(sensitiveNote, joinOn.note(p.companyId, p.sourceEncounterId))
      .where(and(eq(p.companyId, companyId), eq(p.patientId, patientId), eq(p.status, 'active')))
      .orderBy(sql`${code} nulls last`, asc(p.id)).limit(PRINT_MAX),
    // A medication recorded at another doctor's sensitive encounter: listed without its drug and dose, after the
    // others (ordered by its name it would show where in the alphabet it falls).
    db.select({
      _id: m.id, name, strength: blankIfMasked(m.strength, caller.id), form: blankIfMasked(m.form, caller.id),
      dose: unlessMasked<string>(m.dose, caller.id), unit: unlessMasked<string>(m.unit, caller.id), route: m.route, frequency: m.frequency, startDate: m.startDate,
      restricted: maskedFor(caller.id),
    }).from(m)
      .leftJoin(sensitiveEncounter, joinOn.encounter(m.companyId, m.encounterId))
      .leftJoin(sensitiveNote, joinOn.note(m.companyId, m.encounterId))
      .where(and(eq(m.companyId, companyId), eq(m.patientId, patientId), eq(m.status, 'active')))
      .orderBy(sql`${maskedFor(caller.id)}`, asc(name), asc(m.id)).limit(PRINT_MAX),
    allergyStateOf(db, companyId, patientId),
  ]);
  await recordAudit(db, ctx, { companyId, actorId: caller.id, action: 'read', entity: 'patient', entityId: patientId, changes: { part: 'summary' } });
  return {
    problems,
    allergies,
    medications: medications.map((m) => ({ ...m, dose: m.dose === null ? null : Number(m.dose) })) as RecordSummary['medications'],
  };
}
