/**
 * Diagnoses for the demo: the starter code list, a diagnosis for the demo's past visits (the primary one, and for
 * some a secondary one) and the problem lists they make: chronic conditions stay active from their first visit,
 * acute ones are resolved a week after theirs. The sensitive visit (seedEncounters) comes first, whenever it was, and
 * is diagnosed as its note says. Each diagnosis belongs to its visit's encounter (seedEncounters runs first).
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { todayIn } from '@clinic/shared';
import type { Db } from '../db/client.js';
import { appointments, companies, diagnosisCodes, encounterDiagnoses, encounterNotes, encounters, patientProblems } from '../db/schema/index.js';
import { upsertCodes } from '../modules/diagnoses/diagnosis-codes.repository.js';
import { ensureActiveProblem } from '../modules/diagnoses/problems.repository.js';
import { STARTER_CODES, STARTER_SYSTEM } from '../modules/diagnoses/starter-codes.js';

/** What the demo's sensitive visit was for (its note: seedEncounters). */
const SENSITIVE_VISIT = { primary: 'F43.2', secondary: 'F51.0', acute: false };

/** What a visit of the demo was for: the primary code, sometimes a secondary one; acute conditions resolve. */
const VISITS: ReadonlyArray<{ primary: string; secondary?: string; acute: boolean }> = [
  { primary: 'J06.9', secondary: 'R50.9', acute: true },
  { primary: 'I10', acute: false },
  { primary: 'E11.9', secondary: 'E78.5', acute: false },
  { primary: 'J02.9', acute: true },
  { primary: 'M54.5', acute: true },
  { primary: 'K21.9', acute: false },
  { primary: 'N39.0', acute: true },
  { primary: 'L20.9', acute: false },
  { primary: 'J45.9', secondary: 'J30.4', acute: false },
  { primary: 'E55.9', acute: false },
  { primary: 'G43.9', acute: false },
  { primary: 'H10.9', acute: true },
  { primary: 'Z00.0', acute: true },
  { primary: 'K29.7', secondary: 'R11', acute: true },
];

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function seedDiagnoses(db: Db, companyId: string, opts: { visits?: number } = {}): Promise<void> {
  await upsertCodes(db, companyId, STARTER_SYSTEM, STARTER_CODES.map(([code, titleEn, titleAr]) => ({ code, codeKey: code.toLowerCase(), titleEn, titleAr })));
  const codes = new Map((await db.select().from(diagnosisCodes).where(eq(diagnosisCodes.companyId, companyId))).map((c) => [c.code, c]));
  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
  const today = todayIn(company?.timeZone ?? 'UTC');
  const visits = await db.select({
    id: encounters.id, patientId: appointments.patientId, startsAt: appointments.startsAt, doctorId: appointments.doctorId, sensitive: encounterNotes.sensitive,
  })
    .from(appointments)
    .innerJoin(encounters, and(eq(encounters.companyId, appointments.companyId), eq(encounters.appointmentId, appointments.id)))
    .innerJoin(encounterNotes, and(eq(encounterNotes.companyId, encounters.companyId), eq(encounterNotes.encounterId, encounters.id)))
    .where(and(eq(appointments.companyId, companyId), eq(appointments.status, 'completed')))
    .orderBy(desc(encounterNotes.sensitive), asc(appointments.startsAt), asc(appointments.id)).limit(opts.visits ?? 400);
  for (const [i, visit] of visits.entries()) {
    const plan = visit.sensitive ? SENSITIVE_VISIT : VISITS[i % VISITS.length]!;
    const day = visit.startsAt.toISOString().slice(0, 10);
    for (const [rank, key] of [['primary', plan.primary], ['secondary', plan.secondary]] as const) {
      const code = key ? codes.get(key) : undefined;
      if (!code) continue;
      await db.insert(encounterDiagnoses).values({ companyId, patientId: visit.patientId, encounterId: visit.id, codeId: code.id, rank, createdBy: visit.doctorId });
      const made = await ensureActiveProblem(db, companyId, visit.patientId, code, visit.id);
      if (!made) continue;
      const resolved = plan.acute ? addDays(day, 7) : null;
      await db.update(patientProblems).set({
        onsetDate: day, createdAt: visit.startsAt, updatedAt: visit.startsAt,
        ...(resolved && resolved <= today ? { status: 'resolved', resolvedDate: resolved } : {}),
      }).where(and(eq(patientProblems.companyId, companyId), eq(patientProblems.id, made)));
    }
  }
}
