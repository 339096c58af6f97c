/** Every query of the encounters area. All of them are scoped by company. */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { pageWindow, type EncounterListQuery, type EncounterSummary, type NoteContent, type Ref, type TemplateSnapshot } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import {
  appointments, clinics, diagnosisCodes, employees, employeeSpecializations, encounterAddenda, encounterDiagnoses, encounterNotes, encounters,
  noteTemplates, patients,
} from '../../db/schema/index.js';

export type EncounterRow = typeof encounters.$inferSelect;
export type NoteRow = typeof encounterNotes.$inferSelect;

/** What opening an appointment's encounter needs to know of the appointment. */
export async function findAppointmentFacts(db: Db, companyId: string, appointmentId: string) {
  const [row] = await db.select({
    id: appointments.id, patientId: appointments.patientId, doctorId: appointments.doctorId, clinicId: appointments.clinicId,
    serviceId: appointments.serviceId, status: appointments.status, reason: appointments.reason,
  }).from(appointments).where(and(eq(appointments.companyId, companyId), eq(appointments.id, appointmentId))).limit(1);
  return row ?? null;
}

/** The doctor's specialities (for choosing a template). */
export async function specialitiesOf(db: Db, companyId: string, doctorId: string): Promise<string[]> {
  const rows = await db.select({ id: employeeSpecializations.specializationId }).from(employeeSpecializations)
    .where(and(eq(employeeSpecializations.companyId, companyId), eq(employeeSpecializations.employeeId, doctorId)))
    .orderBy(asc(employeeSpecializations.specializationId));
  return rows.map((r) => r.id);
}

/** The company's active templates, most recently changed first. */
export function activeTemplates(db: Db, companyId: string) {
  return db.select().from(noteTemplates).where(and(eq(noteTemplates.companyId, companyId), eq(noteTemplates.isActive, true)))
    .orderBy(desc(noteTemplates.updatedAt), desc(noteTemplates.id)).limit(500);
}

/** Inserts an encounter; for an appointment that already has one, inserts nothing and answers null. */
export async function insertEncounter(db: Db, values: typeof encounters.$inferInsert): Promise<string | null> {
  const [row] = await db.insert(encounters).values(values).onConflictDoNothing().returning({ id: encounters.id });
  return row?.id ?? null;
}

export async function insertNote(db: Db, companyId: string, encounterId: string, template: TemplateSnapshot, actorId: string) {
  await db.insert(encounterNotes).values({
    companyId, encounterId, templateId: template.templateId, template: { name: template.name, sections: template.sections }, content: {}, updatedBy: actorId,
  });
}

export async function encounterIdOfAppointment(db: Db, companyId: string, appointmentId: string): Promise<string | null> {
  const [row] = await db.select({ id: encounters.id }).from(encounters)
    .where(and(eq(encounters.companyId, companyId), eq(encounters.appointmentId, appointmentId))).limit(1);
  return row?.id ?? null;
}

const summaryColumns = {
  row: encounters,
  patientName: patients.name, patientPublicId: patients.publicId, patientBirthDate: patients.dateOfBirth, patientGender: patients.gender,
  doctorName: employees.name, clinicName: clinics.name,
};

function summarySelect(db: Db) {
  return db.select(summaryColumns).from(encounters)
    .innerJoin(patients, and(eq(patients.companyId, encounters.companyId), eq(patients.id, encounters.patientId)))
    .innerJoin(employees, and(eq(employees.companyId, encounters.companyId), eq(employees.id, encounters.doctorId)))
    .leftJoin(clinics, and(eq(clinics.companyId, encounters.companyId), eq(clinics.id, encounters.clinicId)));
}

export function toSummary(r: { row: EncounterRow; patientName: string; patientPublicId: string; doctorName: string; clinicName: string | null }): EncounterSummary {
  return {
    _id: r.row.id,
    kind: r.row.kind as EncounterSummary['kind'],
    status: r.row.status as EncounterSummary['status'],
    appointmentId: r.row.appointmentId,
    patient: { _id: r.row.patientId, name: r.patientName, publicId: r.patientPublicId },
    doctor: { _id: r.row.doctorId, name: r.doctorName },
    clinic: r.row.clinicId && r.clinicName !== null ? { _id: r.row.clinicId, name: r.clinicName } : null,
    openedAt: r.row.openedAt.toISOString(),
    signedAt: r.row.signedAt?.toISOString() ?? null,
  };
}

export async function findEncounter(db: Db, companyId: string, id: string) {
  const [row] = await summarySelect(db).where(and(eq(encounters.companyId, companyId), eq(encounters.id, id))).limit(1);
  return row ?? null;
}

export async function findEncounterPage(db: Db, companyId: string, q: EncounterListQuery) {
  const where: SQL[] = [eq(encounters.companyId, companyId)];
  if (q.patient) where.push(eq(encounters.patientId, q.patient));
  if (q.status) where.push(eq(encounters.status, q.status));
  const filter = and(...where);
  const w = pageWindow(q);
  const order = q.order === 'asc' ? [asc(encounters.openedAt), asc(encounters.id)] : [desc(encounters.openedAt), desc(encounters.id)];
  const [rows, totals] = await Promise.all([
    summarySelect(db).where(filter).orderBy(...order).limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(encounters).where(filter),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findNote(db: Db, companyId: string, encounterId: string): Promise<NoteRow | null> {
  const [row] = await db.select().from(encounterNotes)
    .where(and(eq(encounterNotes.companyId, companyId), eq(encounterNotes.encounterId, encounterId))).limit(1);
  return row ?? null;
}

/** Names of employees by id (the note's last writer, its signer, addenda authors). */
export async function employeeRefs(db: Db, companyId: string, ids: Array<string | null>): Promise<Map<string, Ref>> {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ _id: employees.id, name: employees.name }).from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, wanted)));
  return new Map(rows.map((r) => [r._id, r]));
}

/**
 * Saves the draft only while it is unsigned and still at `version` (raising the version); false when no row matched
 * (signed meanwhile, saved by someone else meanwhile, or gone).
 */
export async function updateDraftAt(db: Db, companyId: string, encounterId: string, version: number, set: { content: NoteContent; sensitive?: boolean; updatedBy: string; updatedAt: Date }) {
  // A flip of the sensitive mark is stamped (sensitiveChangedAt): the FHIR export re-sends what it labels.
  const flipped = set.sensitive === undefined ? {} : {
    sensitiveChangedAt: sql<Date>`case when ${encounterNotes.sensitive} is distinct from ${set.sensitive} then ${set.updatedAt.toISOString()}::timestamptz else ${encounterNotes.sensitiveChangedAt} end`,
  };
  const [row] = await db.update(encounterNotes).set({ ...set, ...flipped, version: version + 1 })
    .where(and(eq(encounterNotes.companyId, companyId), eq(encounterNotes.encounterId, encounterId), eq(encounterNotes.version, version), isNull(encounterNotes.signedAt)))
    .returning({ version: encounterNotes.version });
  return Boolean(row);
}

/** Signs the note and its encounter, only while unsigned and at `version`; false when the note no longer matches. */
export async function signAt(db: Db, companyId: string, encounterId: string, version: number, by: string, at: Date): Promise<boolean> {
  const [note] = await db.update(encounterNotes).set({ signedAt: at, signedBy: by, updatedAt: at, version: version + 1 })
    .where(and(eq(encounterNotes.companyId, companyId), eq(encounterNotes.encounterId, encounterId), eq(encounterNotes.version, version), isNull(encounterNotes.signedAt)))
    .returning({ version: encounterNotes.version });
  if (!note) return false;
  await db.update(encounters).set({ status: 'signed', signedAt: at, signedBy: by, updatedAt: at })
    .where(and(eq(encounters.companyId, companyId), eq(encounters.id, encounterId)));
  return true;
}

export async function insertAddendum(db: Db, values: typeof encounterAddenda.$inferInsert) {
  const [row] = await db.insert(encounterAddenda).values(values).returning();
  if (!row) throw new Error('addendum insert returned nothing');
  return row;
}

export function addendaOf(db: Db, companyId: string, encounterId: string) {
  return db.select().from(encounterAddenda)
    .where(and(eq(encounterAddenda.companyId, companyId), eq(encounterAddenda.encounterId, encounterId)))
    .orderBy(asc(encounterAddenda.createdAt), asc(encounterAddenda.id)).limit(1000);
}

/**
 * The encounter's diagnoses with their codes, unmasked (the primary first, then as added): what the break-the-glass
 * answer shows. The diagnoses module keeps the lists and the changes; it depends on this module, so this one reads
 * the rows itself.
 */
export function diagnosesOf(db: Db, companyId: string, encounterId: string) {
  const d = encounterDiagnoses;
  return db.select({ d, c: diagnosisCodes }).from(d)
    .innerJoin(diagnosisCodes, and(eq(diagnosisCodes.companyId, d.companyId), eq(diagnosisCodes.id, d.codeId)))
    .where(and(eq(d.companyId, companyId), eq(d.encounterId, encounterId)))
    .orderBy(sql`${d.rank} = 'primary' desc`, asc(d.createdAt), asc(d.id));
}

/** The patient an encounter of the company belongs to, or null when the company has no such encounter. */
export async function patientOfEncounter(db: Db, companyId: string, id: string): Promise<string | null> {
  const [row] = await db.select({ patientId: encounters.patientId }).from(encounters).where(and(eq(encounters.companyId, companyId), eq(encounters.id, id))).limit(1);
  return row?.patientId ?? null;
}

export async function patientExists(db: Db, companyId: string, id: string): Promise<boolean> {
  return (await db.select({ id: patients.id }).from(patients).where(and(eq(patients.companyId, companyId), eq(patients.id, id))).limit(1)).length > 0;
}

export async function clinicExists(db: Db, companyId: string, id: string): Promise<boolean> {
  return (await db.select({ id: clinics.id }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, id))).limit(1)).length > 0;
}

export async function employeeExists(db: Db, companyId: string, id: string): Promise<boolean> {
  return (await db.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, id))).limit(1)).length > 0;
}

export async function passwordHashOf(db: Db, companyId: string, employeeId: string): Promise<string | null> {
  const [row] = await db.select({ hash: employees.passwordHash }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId))).limit(1);
  return row?.hash ?? null;
}
