/** Every query of the patients area. All of them are scoped by company. */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { pageWindow, type PatientListQuery } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { appointments, clinics, employees, files, patientDocuments, patientNotes, patients, services } from '../../db/schema/index.js';
import { PATIENT_OWNED_TABLES } from '../../db/patient-tables.js';
import { activeFilter, countedTotal, likePattern, offsetOf, pageTotal, placeholder as ph, windowFromEnd } from '../../lib/list.js';
import { prepared } from '../../lib/prepared.js';
import { nextVersion } from '../../lib/versioning.js';
import { phoneSearchText } from './patients.domain.js';

export type PatientRow = typeof patients.$inferSelect;

/** Start of the patient's latest completed appointment (kept on the row by triggers on appointments). */
const lastVisit = patients.lastVisitAt;

/** Accepts what drivers return for timestamps (Date or text) and answers ISO 8601, or null. */
export function isoInstant(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function sortOrder(sortBy: PatientListQuery['sortBy'], order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  switch (sortBy) {
    case 'publicId':
      return [dir(patients.publicId)];
    case 'name':
      return [dir(patients.name), dir(patients.publicId)];
    case 'dateOfBirth':
      return [dir(patients.dateOfBirth), dir(patients.publicId)];
    case 'isActive':
      return [dir(patients.isActive), desc(patients.createdAt), desc(patients.publicId)];
    case 'lastVisit':
      // Patients never seen come last either way.
      return [order === 'asc' ? sql`${lastVisit} asc nulls last` : sql`${lastVisit} desc nulls last`, dir(patients.publicId)];
    case 'createdAt':
    case '_id':
    default:
      return [dir(patients.createdAt), dir(patients.publicId)];
  }
}

/**
 * The columns of the orders a page can resume after a given patient (keyset: every key in one direction, none
 * nullable, ending with the company-unique public id); other orders page by offset.
 */
function keysetColumns(sortBy: PatientListQuery['sortBy']) {
  switch (sortBy) {
    case 'publicId':
      return [patients.publicId];
    case 'name':
      return [patients.name, patients.publicId];
    case 'createdAt':
    case '_id':
    case undefined:
      return [patients.createdAt, patients.publicId];
    default:
      return null;
  }
}

/**
 * The patients after (in the list's order) the one numbered `publicId`, compared on that row's stored keys (read
 * in the same statement, so no precision is lost on the way), or null when the order cannot be resumed by keys.
 */
function keysetAfter(companyId: string, q: PatientListQuery, publicId: string): SQL | null {
  const keys = keysetColumns(q.sortBy);
  if (!keys) return null;
  const list = sql.join(keys.map((k) => sql`${k}`), sql`, `);
  const theirs = sql.join(keys.map((k) => sql.raw(`p.${k.name}`)), sql`, `);
  const op = q.order === 'asc' ? sql`>` : sql`<`;
  return sql`(${list}) ${op} (select ${theirs} from ${patients} p where p.company_id = ${companyId} and p.public_id = ${publicId})`;
}

/** The list's filter values, each present only when asked for (which ones are present makes the query's shape). */
function patientListValues(companyId: string, q: PatientListQuery) {
  const ff = q.filter_fields ?? {};
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const digits = q.search ? phoneSearchText(q.search) : null;
  const values = {
    companyId,
    pattern: q.search ? likePattern(q.search) : undefined,
    digitsPattern: digits ? likePattern(digits) : undefined,
    isActive: activeFilter(q),
    dateOfBirth: q.dateOfBirth || undefined,
    incomplete: q.incomplete,
    selfRegistered: q.selfRegistered,
    gender: text(ff.gender),
    nationality: text(ff.nationality),
    bloodType: text(ff.blood_type),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<typeof values> & { companyId: string };
}

type ListValues = ReturnType<typeof patientListValues>;

/** The filter over the given values, each either the value itself or, in a prepared statement, its placeholder. */
function filterOf(v: ListValues, value: (key: keyof ListValues) => unknown): SQL {
  const where: SQL[] = [eq(patients.companyId, value('companyId') as string)];
  if (v.pattern !== undefined) {
    // Name, public id, identity or phone contains the text, whatever its case (search_text is lower-cased).
    const matches: SQL[] = [sql`${patients.searchText} like lower(${value('pattern')})`];
    if (v.digitsPattern !== undefined) matches.push(sql`${patients.searchText} like ${value('digitsPattern')}`);
    where.push(matches.length === 1 ? matches[0]! : or(...matches)!);
  }
  if (v.isActive !== undefined) where.push(eq(patients.isActive, value('isActive') as boolean));
  if (v.dateOfBirth !== undefined) where.push(eq(patients.dateOfBirth, value('dateOfBirth') as string));
  if (v.incomplete !== undefined) where.push(eq(patients.incomplete, value('incomplete') as boolean));
  if (v.selfRegistered !== undefined) where.push(eq(patients.selfRegistered, value('selfRegistered') as boolean));
  if (v.gender !== undefined) where.push(eq(patients.gender, value('gender') as string));
  if (v.nationality !== undefined) where.push(eq(patients.nationality, value('nationality') as string));
  if (v.bloodType !== undefined) where.push(eq(patients.bloodType, value('bloodType') as string));
  return and(...where)!;
}

function listFilter(companyId: string, q: PatientListQuery): SQL {
  const v = patientListValues(companyId, q);
  return filterOf(v, (key) => v[key]);
}

/** The columns a list row shows. */
const listColumns = {
  id: patients.id,
  publicId: patients.publicId,
  name: patients.name,
  identity: patients.identity,
  phone: patients.phone,
  dateOfBirth: patients.dateOfBirth,
  gender: patients.gender,
  isActive: patients.isActive,
  incomplete: patients.incomplete,
  selfRegistered: patients.selfRegistered,
  imageFileId: patients.imageFileId,
  createdAt: patients.createdAt,
  lastVisit,
};

/**
 * One page of the list's rows: its ids found first (an index-only walk, however deep the page), then the columns of
 * those rows. Without a keyset start the statement is prepared per shape (the filters present and the order) and
 * only run with the values; a keyset start (exports) builds it each time.
 */
async function pageRows(db: Db, companyId: string, q: PatientListQuery, w: { limit: number; offset: number }, resume: SQL | null) {
  const order = sortOrder(q.sortBy, q.order);
  const select = (filter: SQL, limit: unknown, offset: unknown, company: unknown) => {
    const page = db.select({ id: patients.id }).from(patients).where(filter).orderBy(...order)
      .limit(limit as number).offset(offset as number).as('page');
    return db.select(listColumns).from(patients).innerJoin(page, and(eq(patients.companyId, company as string), eq(patients.id, page.id))).orderBy(...order);
  };
  if (resume) return select(and(listFilter(companyId, q), resume)!, w.limit, w.offset, companyId);
  const values = patientListValues(companyId, q);
  const key = `patients.page:${Object.keys(values).join(',')}:${q.sortBy}:${q.order}:${w.offset > 0}`;
  const statement = prepared(db, key, (name) =>
    select(filterOf(values, (k) => ph(k)), ph('limit'), offsetOf(w.offset), ph('companyId')).prepare(name));
  return statement.execute({ ...values, limit: w.limit, offset: w.offset });
}

/**
 * How many patients match, counted up to `cap`, through an index that leads with the company rather than by scanning
 * the table; prepared per shape like the page itself (a keyset start builds it each time).
 */
async function countMatches(db: Db, companyId: string, q: PatientListQuery, cap: number, resume: SQL | null): Promise<number> {
  // A search counts in the list's order, so that it walks the index holding the search text; without one, any
  // order will do, and the narrowest index leading with the company (its primary key) is read.
  const order = q.search || resume ? sortOrder(q.sortBy, q.order) : [];
  const counted = (filter: SQL, limit: unknown) => {
    const matches = db.select({ one: sql`1` }).from(patients).where(filter).orderBy(...order).limit(limit as number).as('matches');
    return db.select({ n: count() }).from(matches);
  };
  if (resume) return (await counted(and(listFilter(companyId, q), resume)!, cap))[0]?.n ?? 0;
  const values = patientListValues(companyId, q);
  const key = `patients.count:${Object.keys(values).join(',')}:${q.sortBy}:${q.order}`;
  const statement = prepared(db, key, (name) => counted(filterOf(values, (k) => ph(k)), ph('cap')).prepare(name));
  const [row] = await statement.execute({ ...values, cap });
  return row?.n ?? 0;
}

/**
 * One page of patients. The page's ids are found first (an index-only walk, however deep the page), and the
 * columns and last visit are read for those rows only; the total is counted only as far as it is needed.
 * With `after` (a public id: an export's previous batch ended there), the page starts right after that patient
 * when the order allows it (keyset: each batch costs the same however far in), else at the page's offset.
 */
export async function findPatientPage(db: Db, companyId: string, q: PatientListQuery, after?: string) {
  const resume = after === undefined ? null : keysetAfter(companyId, q, after);
  const w = resume ? { ...pageWindow(q), offset: 0 } : pageWindow(q);
  // A page past the first in an order that reverses exactly (the keyset orders) is counted first, and read from the
  // far end when that is nearer: the last page of 200,000 patients walks ten index entries, not 200,000.
  if (!resume && w.offset > 0 && keysetColumns(q.sortBy)) {
    const total = await countedTotal(w, (cap) => countMatches(db, companyId, q, cap, null), { searching: Boolean(q.search) });
    const reversed = total.exact ? windowFromEnd(w, total.total) : null;
    if (!reversed) return { rows: await pageRows(db, companyId, q, w, null), total };
    const rows = await pageRows(db, companyId, { ...q, order: q.order === 'asc' ? 'desc' : 'asc' }, reversed, null);
    return { rows: rows.reverse(), total };
  }
  const rows = await pageRows(db, companyId, q, w, resume);
  const total = await pageTotal(rows.length, w, (cap) => countMatches(db, companyId, q, cap, resume), { searching: Boolean(q.search) });
  return { rows, total };
}

export async function findPatient(db: Db, companyId: string, id: string) {
  const statement = prepared(db, 'patients.one', (name) => db
    .select({ patient: patients, lastVisit })
    .from(patients)
    .where(and(eq(patients.companyId, ph('companyId')), eq(patients.id, ph('id'))))
    .limit(1)
    .prepare(name));
  const [row] = await statement.execute({ companyId, id });
  return row ? { ...row.patient, lastVisit: isoInstant(row.lastVisit) } : null;
}

export async function patientExists(db: Db, companyId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: patients.id }).from(patients).where(and(eq(patients.companyId, companyId), eq(patients.id, id))).limit(1);
  return Boolean(row);
}

/** Another patient of the company already holding this identity number, if any. */
export async function identityHolder(db: Db, companyId: string, identity: string, exceptId: string | null): Promise<string | null> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.companyId, companyId), eq(patients.identity, identity), exceptId ? sql`${patients.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row?.id ?? null;
}

/** A patient of the company with this mobile number and date of birth (what quick registration refuses twice), if any. */
export async function phoneAndBirthHolder(db: Db, companyId: string, phone: string, dateOfBirth: string) {
  const [row] = await db
    .select({ id: patients.id, publicId: patients.publicId, name: patients.name })
    .from(patients)
    .where(and(eq(patients.companyId, companyId), eq(patients.phone, phone), eq(patients.dateOfBirth, dateOfBirth)))
    .orderBy(asc(patients.createdAt))
    .limit(1);
  return row ?? null;
}

/** The patient's notes, newest first, with their authors. */
export async function findNotes(db: Db, companyId: string, patientId: string) {
  return prepared(db, 'patients.notes', (name) => db
    .select({ id: patientNotes.id, body: patientNotes.body, createdAt: patientNotes.createdAt, authorId: patientNotes.authorId, authorName: employees.name })
    .from(patientNotes)
    .leftJoin(employees, and(eq(employees.companyId, patientNotes.companyId), eq(employees.id, patientNotes.authorId)))
    .where(and(eq(patientNotes.companyId, ph('companyId')), eq(patientNotes.patientId, ph('patientId'))))
    .orderBy(desc(patientNotes.createdAt), desc(patientNotes.id))
    .prepare(name)).execute({ companyId, patientId });
}

export async function findNote(db: Db, companyId: string, noteId: string) {
  const [row] = await db
    .select({ id: patientNotes.id, body: patientNotes.body, createdAt: patientNotes.createdAt, authorId: patientNotes.authorId, authorName: employees.name })
    .from(patientNotes)
    .leftJoin(employees, and(eq(employees.companyId, patientNotes.companyId), eq(employees.id, patientNotes.authorId)))
    .where(and(eq(patientNotes.companyId, companyId), eq(patientNotes.id, noteId)))
    .limit(1);
  return row ?? null;
}

/** Health reports, newest first, with their files and who uploaded them. */
export async function findReports(db: Db, companyId: string, patientId: string, reportId?: string) {
  return prepared(db, `patients.reports:${Boolean(reportId)}`, (name) => db
    .select({
      id: patientDocuments.id,
      title: patientDocuments.title,
      createdAt: patientDocuments.createdAt,
      uploadedBy: patientDocuments.uploadedBy,
      uploaderName: employees.name,
      file: files,
    })
    .from(patientDocuments)
    .innerJoin(files, and(eq(files.companyId, patientDocuments.companyId), eq(files.id, patientDocuments.fileId)))
    .leftJoin(employees, and(eq(employees.companyId, patientDocuments.companyId), eq(employees.id, patientDocuments.uploadedBy)))
    .where(and(
      eq(patientDocuments.companyId, ph('companyId')),
      eq(patientDocuments.patientId, ph('patientId')),
      reportId ? eq(patientDocuments.id, ph('reportId')) : undefined,
    ))
    .orderBy(desc(patientDocuments.createdAt), desc(patientDocuments.id))
    .prepare(name)).execute({ companyId, patientId, ...(reportId ? { reportId } : {}) });
}

/** Most appointments the details screen shows (all upcoming ones come first in this order). */
const TREATMENT_CAP = 200;

/** The patient's appointments with doctor, clinic and service names, latest first. */
export async function findTreatment(db: Db, companyId: string, patientId: string) {
  const doctor = employees;
  return prepared(db, 'patients.treatment', (name) => db
    .select({
      id: appointments.id,
      publicId: appointments.publicId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
      reason: appointments.reason,
      visitNote: appointments.visitNote,
      doctorId: doctor.id,
      doctorName: doctor.name,
      clinicId: clinics.id,
      clinicName: clinics.name,
      serviceId: services.id,
      serviceName: services.name,
    })
    .from(appointments)
    .innerJoin(doctor, and(eq(doctor.companyId, appointments.companyId), eq(doctor.id, appointments.doctorId)))
    .innerJoin(clinics, and(eq(clinics.companyId, appointments.companyId), eq(clinics.id, appointments.clinicId)))
    .innerJoin(services, and(eq(services.companyId, appointments.companyId), eq(services.id, appointments.serviceId)))
    .where(and(eq(appointments.companyId, ph('companyId')), eq(appointments.patientId, ph('patientId'))))
    .orderBy(desc(appointments.startsAt))
    .limit(TREATMENT_CAP)
    .prepare(name)).execute({ companyId, patientId });
}

/**
 * Deletes the patient only when nothing belonging to a patient refers to it (PATIENT_OWNED_TABLES: appointments,
 * series and the waitlist, invoices, claims and doctors' shares, notes and documents, and the whole clinical record,
 * "no known allergies" included). Returns the deleted row, or null.
 * Runs in the caller's transaction. The row is locked first, in its own statement: a note or report being added
 * holds a key-share lock on the patient until it commits, so the lock waits for it, and the delete that follows
 * (a new statement, so a new snapshot) sees it. Checking in the delete alone is not enough: its snapshot predates
 * the note, and the note's foreign key cascades, so a note answered 201 was deleted with its patient.
 */
export async function deleteIfUnreferenced(db: Db, companyId: string, id: string) {
  await db.select({ id: patients.id }).from(patients).where(and(eq(patients.companyId, companyId), eq(patients.id, id))).for('update');
  const [row] = await db
    .delete(patients)
    .where(and(
      eq(patients.companyId, companyId),
      eq(patients.id, id),
      // Nothing of the clinical record, the visits or the money is ever deleted with its patient: such a patient is
      // deactivated instead.
      ...PATIENT_OWNED_TABLES.map((t) => sql`not exists (select 1 from ${t} r where r.company_id = ${patients.companyId} and r.patient_id = ${patients.id})`),
    ))
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Changes

export async function insertPatient(db: Db, values: typeof patients.$inferInsert): Promise<PatientRow> {
  const [row] = await db.insert(patients).values(values).returning();
  if (!row) throw new Error('patient insert returned nothing');
  return row;
}

/** Replaces a patient's columns (raising its version) only at `version`; null when it is another version or gone. */
export async function updatePatientAt(
  db: Db, companyId: string, id: string, version: number, set: Omit<Partial<typeof patients.$inferInsert>, 'version' | 'updatedAt'>,
): Promise<PatientRow | null> {
  const [row] = await db
    .update(patients)
    .set({ ...set, updatedAt: sql`now()`, version: nextVersion(patients.version) })
    .where(and(eq(patients.companyId, companyId), eq(patients.id, id), eq(patients.version, version)))
    .returning();
  return row ?? null;
}

/** Deactivates an active patient; false when it was not active (or is gone): of simultaneous requests one changes it. */
export async function deactivateIfActive(db: Db, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .update(patients)
    .set({ isActive: false, updatedAt: sql`now()`, version: nextVersion(patients.version) })
    .where(and(eq(patients.companyId, companyId), eq(patients.id, id), eq(patients.isActive, true)))
    .returning({ id: patients.id });
  return Boolean(row);
}

export async function insertNote(db: Db, companyId: string, patientId: string, authorId: string, body: string): Promise<string> {
  const [note] = await db.insert(patientNotes).values({ companyId, patientId, authorId, body }).returning({ id: patientNotes.id });
  return note!.id;
}

export async function insertReport(db: Db, values: typeof patientDocuments.$inferInsert): Promise<string> {
  const [row] = await db.insert(patientDocuments).values(values).returning({ id: patientDocuments.id });
  return row!.id;
}
