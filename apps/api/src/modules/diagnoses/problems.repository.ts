/** Every query of encounter diagnoses and the problem list. All of them are scoped by company. */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { diagnosisCodes, encounterDiagnoses, patientProblems, patients } from '../../db/schema/index.js';
import { nextVersion } from '../../lib/versioning.js';

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

/** One encounter's diagnoses with their codes: the primary first, then in the order they were added. */
export function encounterDiagnosesOf(db: Db, companyId: string, patientId: string, encounterId: string) {
  return db.select(withCode).from(encounterDiagnoses).innerJoin(diagnosisCodes, codeJoin)
    .where(and(eq(encounterDiagnoses.companyId, companyId), eq(encounterDiagnoses.patientId, patientId), eq(encounterDiagnoses.encounterId, encounterId)))
    .orderBy(sql`${encounterDiagnoses.rank} = 'primary' desc`, asc(encounterDiagnoses.createdAt), asc(encounterDiagnoses.id));
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

/** The patient's problems: active ones first, then resolved; each group by onset (latest first). */
export function problemsOf(db: Db, companyId: string, patientId: string, limit: number) {
  return db.select().from(patientProblems)
    .where(and(eq(patientProblems.companyId, companyId), eq(patientProblems.patientId, patientId)))
    .orderBy(asc(patientProblems.status), sql`${patientProblems.onsetDate} desc nulls last`, desc(patientProblems.createdAt), asc(patientProblems.id))
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
