/** Every query of encounter diagnoses and the problem list. All of them are scoped by company. */
import { and, asc, count, desc, eq, getTableColumns, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { diagnosisCodes, encounterDiagnoses, patientProblems, patients } from '../../db/schema/index.js';
import { nextVersion } from '../../lib/versioning.js';
import { joinOn, maskedFor, sensitiveEncounter, sensitiveNote, unlessMasked } from '../encounters/index.js';

export type ProblemRow = typeof patientProblems.$inferSelect;
export type DiagnosisRow = typeof encounterDiagnoses.$inferSelect;
type CodeRow = typeof diagnosisCodes.$inferSelect;

export async function patientExists(db: Db, companyId: string, id: string): Promise<boolean> {
  return (await db.select({ id: patients.id }).from(patients).where(and(eq(patients.companyId, companyId), eq(patients.id, id))).limit(1)).length > 0;
}

export async function findCode(db: Db, companyId: string, id: string): Promise<CodeRow | null> {
  const [row] = await db.select().from(diagnosisCodes).where(and(eq(diagnosisCodes.companyId, companyId), eq(diagnosisCodes.id, id))).limit(1);
  return row ?? null;
}

const withCode = { d: encounterDiagnoses, c: diagnosisCodes };
const codeJoin = and(eq(diagnosisCodes.companyId, encounterDiagnoses.companyId), eq(diagnosisCodes.id, encounterDiagnoses.codeId));

/**
 * One encounter's diagnoses as `viewerId` may see them: the primary first, then in the order they were added. At
 * another doctor's sensitive encounter each row comes without its note and its code (the code is joined only where
 * the row is not masked), flagged `restricted`.
 */
export function encounterDiagnosesOf(db: Db, companyId: string, patientId: string, encounterId: string, viewerId: string) {
  const d = encounterDiagnoses;
  return db.select({
    d: { id: d.id, patientId: d.patientId, encounterId: d.encounterId, rank: d.rank, createdAt: d.createdAt, note: unlessMasked<string>(d.note, viewerId) },
    c: diagnosisCodes,
    restricted: maskedFor(viewerId),
  }).from(d)
    .leftJoin(sensitiveEncounter, joinOn.encounter(d.companyId, d.encounterId))
    .leftJoin(sensitiveNote, joinOn.note(d.companyId, d.encounterId))
    .leftJoin(diagnosisCodes, and(codeJoin, not(maskedFor(viewerId))))
    .where(and(eq(d.companyId, companyId), eq(d.patientId, patientId), eq(d.encounterId, encounterId)))
    .orderBy(sql`${d.rank} = 'primary' desc`, asc(d.createdAt), asc(d.id));
}

export async function findDiagnosis(db: Db, companyId: string, patientId: string, id: string) {
  const [row] = await db.select(withCode).from(encounterDiagnoses).innerJoin(diagnosisCodes, codeJoin)
    .where(and(eq(encounterDiagnoses.companyId, companyId), eq(encounterDiagnoses.patientId, patientId), eq(encounterDiagnoses.id, id))).limit(1);
  return row ?? null;
}

export async function diagnosisCount(db: Db, companyId: string, encounterId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(encounterDiagnoses)
    .where(and(eq(encounterDiagnoses.companyId, companyId), eq(encounterDiagnoses.encounterId, encounterId)));
  return row?.n ?? 0;
}

export async function insertDiagnosis(db: Db, values: typeof encounterDiagnoses.$inferInsert): Promise<string> {
  const [row] = await db.insert(encounterDiagnoses).values(values).returning({ id: encounterDiagnoses.id });
  if (!row) throw new Error('diagnosis insert returned nothing');
  return row.id;
}

export async function updateDiagnosisRow(db: Db, companyId: string, id: string, fields: { rank?: string; note?: string }) {
  await db.update(encounterDiagnoses).set({ ...fields, updatedAt: new Date() })
    .where(and(eq(encounterDiagnoses.companyId, companyId), eq(encounterDiagnoses.id, id)));
}

export async function deleteDiagnosisRow(db: Db, companyId: string, patientId: string, id: string): Promise<boolean> {
  const gone = await db.delete(encounterDiagnoses)
    .where(and(eq(encounterDiagnoses.companyId, companyId), eq(encounterDiagnoses.patientId, patientId), eq(encounterDiagnoses.id, id)))
    .returning({ id: encounterDiagnoses.id });
  return gone.length > 0;
}

/**
 * Makes the code an active problem of the patient unless it already is one (the partial unique index on active
 * problems decides, so two diagnoses at once still make one). Answers the new problem's id, or null when kept.
 */
export function ensureActiveProblem(db: Db, companyId: string, patientId: string, code: CodeRow, encounterId: string): Promise<string | null> {
  return insertActiveProblem(db, { companyId, patientId, code, sourceEncounterId: encounterId, onsetDate: null });
}

/** A problem put on the list directly (no visit); null when the code is already an active problem. */
export function insertProblem(db: Db, companyId: string, patientId: string, code: CodeRow, onsetDate: string | null): Promise<string | null> {
  return insertActiveProblem(db, { companyId, patientId, code, sourceEncounterId: null, onsetDate });
}

async function insertActiveProblem(
  db: Db, p: { companyId: string; patientId: string; code: CodeRow; sourceEncounterId: string | null; onsetDate: string | null },
): Promise<string | null> {
  const [row] = await db.insert(patientProblems).values({
    companyId: p.companyId, patientId: p.patientId, codeId: p.code.id, code: p.code.code, titleEn: p.code.titleEn, titleAr: p.code.titleAr,
    status: 'active', sourceEncounterId: p.sourceEncounterId, onsetDate: p.onsetDate,
  }).onConflictDoNothing({
    target: [patientProblems.companyId, patientProblems.patientId, patientProblems.codeId],
    where: sql`${patientProblems.status} = 'active'`,
  }).returning({ id: patientProblems.id });
  return row?.id ?? null;
}

/** A problem's columns as `viewerId` may see them: one made by another doctor's sensitive encounter without its code. */
function problemColumns(viewerId: string) {
  const p = patientProblems;
  return {
    ...getTableColumns(p),
    codeId: unlessMasked<string>(p.codeId, viewerId), code: unlessMasked<string>(p.code, viewerId),
    titleEn: unlessMasked<string>(p.titleEn, viewerId), titleAr: unlessMasked<string>(p.titleAr, viewerId),
    restricted: maskedFor(viewerId),
  };
}

export type ShownProblemRow = Awaited<ReturnType<typeof problemsOf>>[number];

/** The patient's problems as `viewerId` may see them: active ones first, then resolved; each group by onset (latest first). */
export function problemsOf(db: Db, companyId: string, patientId: string, limit: number, viewerId: string) {
  const p = patientProblems;
  return db.select(problemColumns(viewerId)).from(p)
    .leftJoin(sensitiveEncounter, joinOn.encounter(p.companyId, p.sourceEncounterId))
    .leftJoin(sensitiveNote, joinOn.note(p.companyId, p.sourceEncounterId))
    .where(and(eq(p.companyId, companyId), eq(p.patientId, patientId)))
    .orderBy(asc(p.status), sql`${p.onsetDate} desc nulls last`, desc(p.createdAt), asc(p.id))
    .limit(limit);
}

export async function findProblem(db: Db, companyId: string, patientId: string, id: string): Promise<ProblemRow | null> {
  const [row] = await db.select().from(patientProblems)
    .where(and(eq(patientProblems.companyId, companyId), eq(patientProblems.patientId, patientId), eq(patientProblems.id, id))).limit(1);
  return row ?? null;
}

/** Sets the fields only while the problem is at `version`; the updated row, or null when none matched. */
export async function updateProblemAtVersion(
  db: Db, companyId: string, id: string, version: number, fields: Pick<ProblemRow, 'status' | 'onsetDate' | 'resolvedDate'>,
): Promise<ProblemRow | null> {
  const [row] = await db.update(patientProblems).set({ ...fields, updatedAt: new Date(), version: nextVersion(patientProblems.version) })
    .where(and(eq(patientProblems.companyId, companyId), eq(patientProblems.id, id), eq(patientProblems.version, version)))
    .returning();
  return row ?? null;
}
