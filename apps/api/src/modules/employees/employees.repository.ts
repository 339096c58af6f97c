import { and, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { pageWindow, type EmployeeListQuery, type Ref } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import {
  appointments, clinicCollections, clinics, departments, employeeClinics, employeeDocuments, employeeRoles, employees, employeeSpecializations,
  externalIdentities, files, invitations, passkeys, rolePermissions, roles, specializations,
} from '../../db/schema/index.js';
import { activeFilter, exactTotal, listValues, listWhere, namedListSorts, offsetOf, orderBy, placeholder as ph, presentValues } from '../../lib/list.js';
import { prepared } from '../../lib/prepared.js';
import { nextVersion } from '../../lib/versioning.js';
import { qualified } from '../../lib/sql.js';

export type EmployeeRow = typeof employees.$inferSelect;
export type FileRow = typeof files.$inferSelect;

const sortColumns = {
  ...namedListSorts(employees),
  username: [employees.username, employees.id],
  employeeType: [employees.employeeType, employees.id],
  jobTitle: [employees.jobTitle, employees.id],
  hireDate: [employees.hireDate, employees.id],
  lastLoginAt: [employees.lastLoginAt, employees.id],
} as const;

/**
 * Whether the employee's row can sign in: a password, or (an account made by single sign-on has none) an identity at
 * the organisation's provider or a passkey. Qualified, so it reads the outer row inside any statement on employees.
 */
export function canSignIn(): SQL<boolean> {
  const companyId = qualified(employees.companyId);
  const id = qualified(employees.id);
  return sql<boolean>`(${qualified(employees.passwordHash)} is not null
    or exists (select 1 from ${externalIdentities} x where x.company_id = ${companyId} and x.employee_id = ${id})
    or exists (select 1 from ${passkeys} p where p.company_id = ${companyId} and p.employee_id = ${id}))`;
}

/** Whether the employee's row has an invitation neither taken up nor revoked (qualified, like canSignIn). */
export function isInvited(): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${invitations} i where i.company_id = ${qualified(employees.companyId)}
    and i.employee_id = ${qualified(employees.id)} and i.accepted_at is null and i.revoked_at is null)`;
}

/**
 * Whether the employee's row holds its e-mail in its company: an account that can sign in, or a person invited to set
 * one up. Single sign-on finds people by that e-mail, so no two such rows of a company share one (uniqueHolders).
 */
export function holdsEmail(): SQL<boolean> {
  return sql<boolean>`(${canSignIn()} or ${isInvited()})`;
}

/**
 * Whether the company's employee `employeeId` can sign in (canSignIn of its row); false when there is no such employee.
 * What identifies or authorises such an account is a user matter, and it is nobody's to set up by invitation.
 */
export async function signsIn(db: Db, companyId: string, employeeId: string): Promise<boolean> {
  const [row] = await db.select({ yes: canSignIn() }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
  return row?.yes === true;
}

/** The columns the users, staff and doctors lists show of each employee (not the whole record). */
const listColumns = {
  id: employees.id, publicId: employees.publicId, name: employees.name, username: employees.username, email: employees.email,
  passwordHash: employees.passwordHash, incomplete: employees.incomplete, employeeType: employees.employeeType, isActive: employees.isActive,
  lastLoginAt: employees.lastLoginAt, createdAt: employees.createdAt, imageFileId: employees.imageFileId, jobTitle: employees.jobTitle,
  gender: employees.gender, dateOfBirth: employees.dateOfBirth, consultationFee: employees.consultationFee, contactInfos: employees.contactInfos,
  version: employees.version,
};
export type ListedEmployee = Pick<EmployeeRow, keyof typeof listColumns>;

/** The values of the employee list's filters that are given: which ones are present makes the statement's shape. */
function employeeListValues(companyId: string, q: EmployeeListQuery) {
  const asText = q.filter_fields?.isActive;
  const roleName = q.filter_fields?.roleName;
  return {
    ...listValues(companyId, q, {}),
    ...presentValues({
      isActive: activeFilter(q) ?? (asText === 'true' ? true : asText === 'false' ? false : undefined),
      employeeType: q.employeeType || undefined,
      dateOfBirth: q.dateOfBirth || undefined,
      gender: q.gender || undefined,
      clinicId: q.clinicId || undefined,
      specializationId: q.specializationId || undefined,
      roleName: typeof roleName === 'string' && roleName ? roleName : undefined,
    }),
  };
}

/** The employee list's filter over its values, each given as its placeholder (a statement prepared per shape). */
function employeeListWhere(v: ReturnType<typeof employeeListValues>, q: EmployeeListQuery): SQL[] {
  const where = listWhere(employees.companyId, v, ph, {
    searchIn: [
      employees.name, employees.username, employees.email, employees.publicId, employees.jobTitle, employees.identity,
      (p) => sql`exists (select 1 from ${employeeSpecializations} es join ${specializations} s on s.company_id = es.company_id and s.id = es.specialization_id
        where es.company_id = ${employees.companyId} and es.employee_id = ${employees.id} and s.name ilike ${p})`,
    ],
  });
  if (v.isActive !== undefined) where.push(eq(employees.isActive, ph('isActive')));
  if (v.employeeType !== undefined) where.push(eq(employees.employeeType, ph('employeeType')));
  if (q.excludeDoctors) where.push(ne(employees.employeeType, 'Doctor'));
  // People invited to set up an account are listed with the users (their invitation pending or lapsed), not the staff.
  const invited = sql`exists (select 1 from ${invitations} i where i.company_id = ${employees.companyId} and i.employee_id = ${employees.id}
    and i.accepted_at is null and i.revoked_at is null)`;
  if (q.hasAccount !== undefined) where.push(q.hasAccount ? or(canSignIn(), invited)! : and(sql`not ${canSignIn()}`, sql`not ${invited}`)!);
  if (v.dateOfBirth !== undefined) where.push(eq(employees.dateOfBirth, ph('dateOfBirth')));
  if (v.gender !== undefined) where.push(eq(employees.gender, ph('gender')));
  if (v.clinicId !== undefined) {
    where.push(sql`exists (select 1 from ${employeeClinics} ec where ec.company_id = ${employees.companyId} and ec.employee_id = ${employees.id} and ec.clinic_id = ${ph('clinicId')})`);
  }
  if (v.specializationId !== undefined) {
    where.push(sql`exists (select 1 from ${employeeSpecializations} es where es.company_id = ${employees.companyId} and es.employee_id = ${employees.id} and es.specialization_id = ${ph('specializationId')})`);
  }
  if (v.roleName !== undefined) {
    where.push(sql`exists (select 1 from ${employeeRoles} er join ${roles} r on r.company_id = er.company_id and r.id = er.role_id
      where er.company_id = ${employees.companyId} and er.employee_id = ${employees.id} and lower(r.name) = lower(${ph('roleName')}))`);
  }
  return where;
}

/** One page of a company's employees (filters of the users, staff and doctors lists), prepared per shape. */
export async function findEmployeePage(db: Db, companyId: string, q: EmployeeListQuery) {
  const values = employeeListValues(companyId, q);
  const shape = `${Object.keys(values).join(',')}:${Boolean(q.excludeDoctors)}:${q.hasAccount ?? ''}:${q.sortBy}:${q.order}`;
  const w = pageWindow(q);
  const statement = prepared(db, `employees.page:${shape}:${w.offset > 0}`, (name) => db.select({ row: listColumns, signsIn: canSignIn(), ...relationColumns }).from(employees)
    .where(and(...employeeListWhere(values, q))).orderBy(...orderBy([...sortColumns[q.sortBy]], q.order))
    .limit(ph('limit')).offset(offsetOf(w.offset)).prepare(name));
  const page = await statement.execute({ ...values, limit: w.limit, offset: w.offset });
  const total = await exactTotal(page.length, w, async () => {
    const counted = prepared(db, `employees.count:${shape}`, (name) => db.select({ n: count() }).from(employees)
      .where(and(...employeeListWhere(values, q))).prepare(name));
    const [n] = await counted.execute(values);
    return n?.n ?? 0;
  });
  return { rows: page.map((p) => ({ ...p.row, signsIn: p.signsIn })), relations: relationsOf(page.map((p) => ({ id: p.row.id, ...p }))), total };
}

export async function findEmployee(db: Db, companyId: string, id: string): Promise<EmployeeRow | undefined> {
  const [row] = await db.select().from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, id))).limit(1);
  return row;
}

/** `[{ _id, name }]` of an employee's related rows (through `link`), ordered by name, inside the employee's statement. */
function relatedRefs(link: SQL, target: SQL, linkColumn: string) {
  const companyId = qualified(employees.companyId);
  const id = qualified(employees.id);
  return sql<Ref[]>`coalesce((
    select json_agg(json_build_object('_id', t.id, 'name', t.name) order by t.name, t.id)
    from ${link} l join ${target} t on t.company_id = l.company_id and t.id = l.${sql.identifier(linkColumn)}
    where l.company_id = ${companyId} and l.employee_id = ${id}), '[]'::json)`;
}

/** An employee's roles, clinics and specialities, selected with the employee (no query per relation). */
const relationColumns = {
  roles: relatedRefs(sql`${employeeRoles}`, sql`${roles}`, 'role_id'),
  clinics: relatedRefs(sql`${employeeClinics}`, sql`${clinics}`, 'clinic_id'),
  specializations: relatedRefs(sql`${employeeSpecializations}`, sql`${specializations}`, 'specialization_id'),
};

export interface Relations { roles: Map<string, Ref[]>; clinics: Map<string, Ref[]>; specializations: Map<string, Ref[]> }

function relationsOf(rows: Array<{ id: string; roles: Ref[]; clinics: Ref[]; specializations: Ref[] }>): Relations {
  return {
    roles: new Map(rows.map((r) => [r.id, r.roles])),
    clinics: new Map(rows.map((r) => [r.id, r.clinics])),
    specializations: new Map(rows.map((r) => [r.id, r.specializations])),
  };
}

/** Roles, clinics and specialities of several employees, in one statement. */
export async function findRelations(db: Db, companyId: string, ids: string[]): Promise<Relations> {
  if (ids.length === 0) return relationsOf([]);
  const rows = await db.select({ id: employees.id, ...relationColumns }).from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, ids)));
  return relationsOf(rows);
}

export async function findFiles(db: Db, companyId: string, ids: Array<string | null | undefined>): Promise<Map<string, FileRow>> {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(files).where(and(eq(files.companyId, companyId), inArray(files.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findDocuments(db: Db, companyId: string, employeeId: string) {
  return db.select().from(employeeDocuments).where(and(eq(employeeDocuments.companyId, companyId), eq(employeeDocuments.employeeId, employeeId)));
}

export async function findPlacement(db: Db, companyId: string, row: EmployeeRow) {
  const [department, complex] = await Promise.all([
    row.departmentId
      ? db.select({ _id: departments.id, name: departments.name }).from(departments).where(and(eq(departments.companyId, companyId), eq(departments.id, row.departmentId))).limit(1)
      : Promise.resolve([]),
    row.clinicCollectionId
      ? db.select({ _id: clinicCollections.id, name: clinicCollections.name }).from(clinicCollections).where(and(eq(clinicCollections.companyId, companyId), eq(clinicCollections.id, row.clinicCollectionId))).limit(1)
      : Promise.resolve([]),
  ]);
  return { department: department[0] ?? null, complex: complex[0] ?? null };
}

/** Ids among `ids` that do not exist in the company's table. */
export async function missingIds(db: Db, companyId: string, table: 'roles' | 'clinics' | 'specializations' | 'departments' | 'clinicCollections', ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const t = { roles, clinics, specializations, departments, clinicCollections }[table];
  const found = await db.select({ id: t.id }).from(t).where(and(eq(t.companyId, companyId), inArray(t.id, ids)));
  const have = new Set(found.map((f) => f.id));
  return ids.filter((id) => !have.has(id));
}

/** The distinct permissions the given roles grant. */
export async function permissionsOfRoles(db: Db, companyId: string, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.companyId, companyId), inArray(rolePermissions.roleId, roleIds)));
  return rows.map((r) => r.permission);
}

/** The roles among `roleIds` that grant `admin`. */
export async function administratorRoleIds(db: Db, companyId: string, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ roleId: rolePermissions.roleId })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.companyId, companyId), inArray(rolePermissions.roleId, roleIds), eq(rolePermissions.permission, 'admin')));
  return rows.map((r) => r.roleId);
}

export async function roleIdsOf(db: Db, companyId: string, employeeId: string): Promise<string[]> {
  const rows = await db.select({ roleId: employeeRoles.roleId }).from(employeeRoles)
    .where(and(eq(employeeRoles.companyId, companyId), eq(employeeRoles.employeeId, employeeId)));
  return rows.map((r) => r.roleId);
}

/**
 * Who already holds a unique value: identity in the company, user name anywhere, and a sign-in e-mail: anywhere when
 * it is a password's (people sign in with it before the company is known), and in the company when an account that
 * signs in otherwise (single sign-on, a passkey) or an invited person has it (holdsEmail).
 */
export async function uniqueHolders(db: Db, companyId: string, v: { identity?: string | null | undefined; username?: string | null | undefined; email?: string | null | undefined; account: boolean }, exceptId?: string) {
  const out: { identity?: boolean; username?: boolean; email?: boolean } = {};
  const not = exceptId ? sql` and ${employees.id} <> ${exceptId}` : sql``;
  if (v.identity) {
    const [r] = await db.select({ id: employees.id }).from(employees)
      .where(sql`${employees.companyId} = ${companyId} and lower(${employees.identity}) = lower(${v.identity})${not}`).limit(1);
    out.identity = Boolean(r);
  }
  if (v.username) {
    const [r] = await db.select({ id: employees.id }).from(employees).where(sql`lower(${employees.username}) = lower(${v.username})${not}`).limit(1);
    out.username = Boolean(r);
  }
  if (v.email && v.account) {
    const [password] = await db.select({ id: employees.id }).from(employees)
      .where(sql`lower(${employees.email}) = lower(${v.email}) and ${employees.passwordHash} is not null${not}`).limit(1);
    const [held] = password ? [password] : await db.select({ id: employees.id }).from(employees)
      .where(sql`${employees.companyId} = ${companyId} and lower(${employees.email}) = lower(${v.email}) and ${holdsEmail()}${not}`).limit(1);
    out.email = Boolean(held);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Changes

/** An employee's columns as a change sets them. */
export type EmployeeColumns = Partial<typeof employees.$inferInsert>;

export async function insertEmployee(db: Db, values: typeof employees.$inferInsert): Promise<string> {
  const [row] = await db.insert(employees).values(values).returning({ id: employees.id });
  if (!row) throw new Error('employee insert returned nothing');
  return row.id;
}

/** Changes an employee's columns (raising its version) only at `version`; false when it is another version or gone. */
export async function updateEmployeeAt(
  db: Db, companyId: string, id: string, version: number, set: Omit<EmployeeColumns, 'version' | 'updatedAt'>,
): Promise<boolean> {
  const [updated] = await db
    .update(employees)
    .set({ ...set, updatedAt: new Date(), version: nextVersion(employees.version) })
    .where(and(eq(employees.companyId, companyId), eq(employees.id, id), eq(employees.version, version)))
    .returning({ id: employees.id });
  return Boolean(updated);
}

/** Removes an employee (its links and documents go with it); false when no row went. */
export async function deleteEmployeeRow(db: Db, companyId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, id))).returning({ id: employees.id });
  return deleted.length > 0;
}

/** Replaces each list of links that is given (roles, clinics, specializations); a list not given is kept. */
export async function replaceLinks(
  db: Db, companyId: string, employeeId: string,
  links: { roleIds?: string[] | undefined; clinics?: string[] | undefined; specializations?: string[] | undefined },
): Promise<void> {
  if (links.roleIds !== undefined) {
    await db.delete(employeeRoles).where(and(eq(employeeRoles.companyId, companyId), eq(employeeRoles.employeeId, employeeId)));
    const ids = [...new Set(links.roleIds)];
    if (ids.length) await db.insert(employeeRoles).values(ids.map((roleId) => ({ companyId, employeeId, roleId })));
  }
  if (links.clinics !== undefined) {
    await db.delete(employeeClinics).where(and(eq(employeeClinics.companyId, companyId), eq(employeeClinics.employeeId, employeeId)));
    const ids = [...new Set(links.clinics)];
    if (ids.length) await db.insert(employeeClinics).values(ids.map((clinicId) => ({ companyId, employeeId, clinicId })));
  }
  if (links.specializations !== undefined) {
    await db.delete(employeeSpecializations).where(and(eq(employeeSpecializations.companyId, companyId), eq(employeeSpecializations.employeeId, employeeId)));
    const ids = [...new Set(links.specializations)];
    if (ids.length) await db.insert(employeeSpecializations).values(ids.map((specializationId) => ({ companyId, employeeId, specializationId })));
  }
}

/** Writes one document of a kind: its file and/or effective date (what is not given is kept). */
export async function upsertDocument(
  db: Db, companyId: string, employeeId: string,
  change: { kind: string; fileId?: string | null | undefined; effectiveDate?: string | null | undefined },
): Promise<void> {
  const set: Partial<typeof employeeDocuments.$inferInsert> = { updatedAt: new Date() };
  if (change.fileId !== undefined) set.fileId = change.fileId;
  if (change.effectiveDate !== undefined) set.effectiveDate = change.effectiveDate;
  await db
    .insert(employeeDocuments)
    .values({ companyId, employeeId, kind: change.kind, fileId: change.fileId ?? null, effectiveDate: change.effectiveDate ?? null })
    .onConflictDoUpdate({ target: [employeeDocuments.companyId, employeeDocuments.employeeId, employeeDocuments.kind], set });
}

/** How many appointments a doctor has (any status). */
export async function appointmentsOfDoctor(db: Db, companyId: string, doctorId: string): Promise<number> {
  const [booked] = await db.select({ n: count() }).from(appointments).where(and(eq(appointments.companyId, companyId), eq(appointments.doctorId, doctorId)));
  return booked?.n ?? 0;
}

/** The newest invitation not taken up of each person (for the lists' "Invited" state). */
export async function pendingInvitations(db: Db, companyId: string, employeeIds: string[]): Promise<Map<string, Date>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await db
    .select({ employeeId: invitations.employeeId, expiresAt: sql<Date>`max(${invitations.expiresAt})`.mapWith(invitations.expiresAt) })
    .from(invitations)
    .where(and(
      eq(invitations.companyId, companyId), inArray(invitations.employeeId, employeeIds), isNull(invitations.acceptedAt), isNull(invitations.revokedAt),
    ))
    .groupBy(invitations.employeeId);
  return new Map(rows.map((r) => [r.employeeId, r.expiresAt]));
}

/**
 * Makes the person's live invitations lapse at `at` (none of their links can be taken up after it); their ids. They
 * are not revoked: the person stays invited, listed with an expired invitation that can be sent again, and keeps
 * holding their e-mail.
 */
export async function lapseInvitations(db: Db, companyId: string, employeeId: string, at: Date): Promise<string[]> {
  const rows = await db
    .update(invitations)
    .set({ expiresAt: at })
    .where(and(
      eq(invitations.companyId, companyId), eq(invitations.employeeId, employeeId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt),
      sql`${invitations.expiresAt} > ${at.toISOString()}::timestamptz`,
    ))
    .returning({ id: invitations.id });
  return rows.map((r) => r.id);
}
