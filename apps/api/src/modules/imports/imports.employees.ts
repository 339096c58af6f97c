/**
 * Doctors and staff from a spreadsheet: each row checked with the employees API's schema (`employeeCreateInput`,
 * without an account: nobody can sign in until invited from the Users page), its clinics and specialities found by
 * name or public id, its identity number unique in the organisation and the file, and written with the employees
 * module's insert and links, tagged with the batch. Undo is refused while an appointment or a visit refers to one.
 */
import { EMPLOYEE_TYPES, employeeCreateInput, IMPORT_CHUNK_ROWS } from '@clinic/shared';
import type { CountryCode } from 'libphonenumber-js';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, employees, encounters, specializations } from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';
import { insertEmployee, replaceLinks } from '../employees/index.js';
import { mappedRows, stored, type EmployeeImport, type WalkedRow, type WalkOptions } from './imports.rows.js';

export type { EmployeeImport } from './imports.rows.js';
import { cleanText, headerKey, toE164, toGender, toIsoDate, type RowProblem } from './imports.clean.js';
import { toTime } from './imports.appointments.js';
import { findOne, serviceDirectory, type Named } from './imports.services.js';

/** The days a working-hours cell without days covers: the working week. */
const WORK_WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'] as const;

/** '09:00-17:00' (or '9:00 AM - 5:00 PM', 'من 09:00 إلى 17:00'): that shift on each day of the working week; null when unreadable. */
export function toWorkingHours(text: string): Array<{ day: string; startTime: string; endTime: string }> | null {
  const parts = text.replace(/^من\s*/, '').split(/\s*(?:-|–|to|إلى|الى)\s*/i);
  if (parts.length !== 2) return null;
  const [start, end] = parts.map((p) => toTime(p));
  return start && end ? WORK_WEEK.map((day) => ({ day, startTime: start, endTime: end })) : null;
}

type EmployeeType = (typeof EMPLOYEE_TYPES)[number];

/** Employee types as a file may write them (compared after `headerKey`), in English or Arabic. */
const TYPES: Record<string, EmployeeType> = {
  ...Object.fromEntries(EMPLOYEE_TYPES.map((t) => [headerKey(t), t])),
  physician: 'Doctor', 'طبيب': 'Doctor', 'طبيبه': 'Doctor', 'دكتور': 'Doctor', 'دكتوره': 'Doctor',
  'ممرض': 'Nurse', 'ممرضه': 'Nurse', 'تمريض': 'Nurse',
  receptionist: 'Administrative', reception: 'Administrative', 'اداري': 'Administrative', 'اداريه': 'Administrative', 'استقبال': 'Administrative', 'موظف استقبال': 'Administrative',
  'فني': 'Technician', 'فنيه': 'Technician', 'اخصائي': 'Technician',
  'مدير': 'Admin', 'موظف': 'Employee', 'موظفه': 'Employee', 'اخري': 'Other', 'اخرى': 'Other',
};

function namesIn(list: Named[], text: string, field: string, problems: RowProblem[]): string[] {
  const ids: string[] = [];
  for (const name of text.split(/[,،;|]/).map((s) => s.trim()).filter(Boolean)) {
    const found = findOne(list, name);
    if (found) ids.push(found.id);
    else problems.push({ field, key: field === 'clinics' ? 'validation.imports.clinicUnknown' : 'validation.imports.specialityUnknown', params: { name } });
  }
  return [...new Set(ids)];
}

function cleanEmployee(get: (f: string) => string, dir: { clinics: Named[]; specialities: Named[] }, country: CountryCode): { value: EmployeeImport | null; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const typeText = cleanText(get('employeeType'));
  const employeeType = typeText ? TYPES[headerKey(typeText)] : undefined;
  if (typeText && !employeeType) problems.push({ field: 'employeeType', key: 'validation.imports.employeeType' });
  const phoneText = cleanText(get('phone'));
  const phone = phoneText ? toE164(phoneText, country) : null;
  if (phoneText && !phone) problems.push({ field: 'phone', key: 'validation.imports.phone' });
  const dobText = cleanText(get('dateOfBirth'));
  const dob = dobText ? toIsoDate(dobText) : null;
  if (dobText && !dob) problems.push({ field: 'dateOfBirth', key: 'validation.imports.date' });
  const genderText = cleanText(get('gender'));
  const gender = genderText ? toGender(genderText) : null;
  if (genderText && !gender) problems.push({ field: 'gender', key: 'validation.imports.gender' });
  const hoursText = cleanText(get('workingHours'));
  const workingHours = hoursText ? toWorkingHours(hoursText) : [];
  if (!workingHours) problems.push({ field: 'workingHours', key: 'validation.imports.workingHours' });
  const hireText = cleanText(get('hireDate'));
  const hireDate = hireText ? toIsoDate(hireText) : null;
  if (hireText && !hireDate) problems.push({ field: 'hireDate', key: 'validation.imports.date' });
  const clinics = namesIn(dir.clinics, cleanText(get('clinics')), 'clinics', problems);
  const specialities = namesIn(dir.specialities, cleanText(get('speciality')), 'speciality', problems);
  // The employees API's own rules: no user name or password, so no account is made.
  const checked = employeeCreateInput.safeParse({
    name: cleanText(get('name')), email: cleanText(get('email')) || null, employeeType: employeeType ?? (typeText ? 'Other' : undefined),
    contactInfos: phoneText ? [{ type: 'phone', value: phone ?? phoneText }] : [], dateOfBirth: dob ?? (dobText || undefined),
    gender: gender ?? (genderText ? 'female' : undefined), identity: cleanText(get('identity')), clinics, specializations: specialities,
    hireDate: hireDate ?? (hireText || undefined), address: cleanText(get('address')), workingHours: workingHours ?? [],
  });
  if (!checked.success) {
    for (const i of checked.error.issues) {
      const f = String(i.path[0] ?? 'name');
      const field = f === 'contactInfos' ? 'phone' : f === 'specializations' ? 'speciality' : f;
      if (!problems.some((p) => p.field === field)) problems.push({ field, key: i.message });
    }
  }
  if (problems.length || !checked.success) return { value: null, problems };
  return { value: { ...checked.data, clinics, specializations: specialities }, problems };
}

async function identitiesTaken(db: Db, companyId: string, identities: string[], exceptBatch: string | null): Promise<Set<string>> {
  if (!identities.length) return new Set();
  const rows = await db.select({ identity: employees.identity }).from(employees).where(and(
    eq(employees.companyId, companyId), inArray(employees.identity, identities),
    exceptBatch ? sql`${employees.importBatchId} is distinct from ${exceptBatch}` : undefined,
  ));
  return new Set(rows.map((r) => r.identity ?? ''));
}

export async function* walkEmployees(db: Db, companyId: string, bytes: Uint8Array, o: WalkOptions): AsyncGenerator<WalkedRow[]> {
  const { clinics } = await serviceDirectory(db, companyId);
  const specialities = (await db.select({ id: specializations.id, name: specializations.name, publicId: specializations.publicId })
    .from(specializations).where(eq(specializations.companyId, companyId)));
  const seen = new Map<string, number>();
  let pending: WalkedRow[] = [];
  const flush = async () => {
    const values = pending.map((r) => r.value as EmployeeImport | null).filter((v): v is EmployeeImport => v !== null);
    const taken = await identitiesTaken(db, companyId, values.map((v) => v.identity), o.exceptBatch);
    const out = pending.map((r) => {
      const v = r.value as EmployeeImport | null;
      if (!v) return r;
      const earlier = seen.get(v.identity);
      if (taken.has(v.identity) || earlier) {
        const problem = earlier
          ? { row: r.row, column: o.mapping.identity ?? 'identity', kind: 'refused' as const, key: 'validation.imports.sameIdentityInFile', params: { row: earlier } }
          : { row: r.row, column: o.mapping.identity ?? 'identity', kind: 'refused' as const, key: 'errors.employeeIdentityTaken' };
        return { ...r, value: null, problems: [problem] };
      }
      seen.set(v.identity, r.row);
      return r;
    });
    pending = [];
    return out;
  };
  for await (const r of mappedRows(bytes, o.mapping)) {
    const { value, problems } = cleanEmployee(r.get, { clinics, specialities }, o.country);
    pending.push({ row: r.row, value, duplicate: null, problems: stored(r.row, problems, o.mapping) });
    if (pending.length >= IMPORT_CHUNK_ROWS) yield await flush();
  }
  if (pending.length) yield await flush();
}

/** Writes a chunk of employees with the employees module's insert and links, tagged with the batch; never an account. */
export async function insertEmployees(db: Db, companyId: string, batchId: string, rows: EmployeeImport[]) {
  for (const e of rows) {
    const id = await insertEmployee(db, {
      companyId, publicId: await nextPublicId(db, companyId, 'employee', 'EMP'), name: e.name, employeeType: e.employeeType,
      email: e.email?.toLowerCase() ?? null, contactInfos: e.contactInfos, dateOfBirth: e.dateOfBirth, gender: e.gender, identity: e.identity,
      hireDate: e.hireDate, address: e.address, workingHours: e.workingHours, username: null, passwordHash: null, importBatchId: batchId,
    });
    await replaceLinks(db, companyId, id, { clinics: e.clinics, specializations: e.specializations });
  }
}

const batchEmployees = (companyId: string, batchId: string) =>
  sql`(select ${employees.id} from ${employees} where ${employees.companyId} = ${companyId} and ${employees.importBatchId} = ${batchId})`;

/** What refers to the batch's employees from outside the batch: appointments with them, visits they saw. */
export async function employeeReferences(db: Db, companyId: string, batchId: string) {
  const mine = batchEmployees(companyId, batchId);
  const [a] = await db.select({ n: count() }).from(appointments).where(and(
    eq(appointments.companyId, companyId), sql`${appointments.doctorId} in ${mine}`, sql`${appointments.importBatchId} is distinct from ${batchId}`,
  ));
  const [e] = await db.select({ n: count() }).from(encounters).where(and(eq(encounters.companyId, companyId), sql`${encounters.doctorId} in ${mine}`));
  return { appointments: Number(a?.n ?? 0), invoices: 0, encounters: Number(e?.n ?? 0) };
}

/** Removes the batch's employees with their clinic and speciality links (anything else holding one refuses it). */
export async function deleteBatchEmployees(db: Db, companyId: string, batchId: string): Promise<number> {
  const ids = (await db.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.importBatchId, batchId)))).map((r) => r.id);
  for (const id of ids) await replaceLinks(db, companyId, id, { roleIds: [], clinics: [], specializations: [] });
  const gone = await db.delete(employees).where(and(eq(employees.companyId, companyId), eq(employees.importBatchId, batchId))).returning({ id: employees.id });
  return gone.length;
}
