import { and, count, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Ref } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clinicCollections, clinics, departments, employees, patients, services, specializations } from '../../db/schema/index.js';
import type { Caller } from '../../lib/app-types.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { blockingDependents, createRefusal, type Dependents, type Level } from './organisation.domain.js';

/*
 * What the company, complex, department and clinic services share: plan checks, reference checks,
 * dependents on delete, reference loading without N+1 queries and audit diffs.
 */

/** Runs `work` in a transaction holding the company's organisation lock, so plan limits hold under concurrency. */
export async function inOrganisationTransaction<T>(db: Db, companyId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`organisation:${companyId}`}))`);
    return work(tx as unknown as Db);
  });
}

const levelTables = { complex: clinicCollections, department: departments, clinic: clinics } as const;

/** Refuses (403) creating one more record of a level when the caller's plan does not allow it (named in the context's language). */
export async function assertPlanAllows(db: Db, ctx: RequestContext, caller: Caller, level: Exclude<Level, 'company'>) {
  const table = levelTables[level];
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.companyId, caller.companyId));
  const refusal = createRefusal(caller.plan, level, row?.n ?? 0);
  if (!refusal) return;
  if (refusal.code === 'PLAN_NOT_CHOSEN') throw new AppError(403, refusal.code, refusal.key);
  const params = refusal.code === 'PLAN_FORBIDS_LEVEL'
    ? { level: t(ctx, `errors.org.levels.${level}`) }
    : { level: t(ctx, `errors.org.level.${level}`) };
  throw new AppError(403, refusal.code, refusal.key, params);
}

/** 409 naming what still depends on the record, in the caller's language. */
export function assertNoDependents(ctx: RequestContext, dependents: Dependents) {
  const what = dependentsText(ctx, dependents);
  if (what) throw new AppError(409, 'IN_USE', 'errors.inUse', { what });
}

/** The non-zero dependents as a counted list ("2 clinics, 1 doctor"), in the caller's language; '' when none. */
export function dependentsText(ctx: RequestContext, dependents: Dependents): string {
  return blockingDependents(dependents)
    .map(([kind, n]) => t(ctx, `errors.org.dependents.${kind}`, { count: n }))
    .join(t(ctx, 'errors.org.dependents.separator'));
}

/** The person in charge must be an employee of the caller's company. */
export async function assertEmployee(db: Db, companyId: string, employeeId: string, field = 'PIC') {
  const [row] = await db.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId))).limit(1);
  if (!row) throw validationFailed({ [field]: 'validation.org.picNotFound' });
}

export async function assertSpecializations(db: Db, companyId: string, ids: readonly string[], field = 'specializations') {
  if (!ids.length) return;
  const unique = [...new Set(ids)];
  const rows = await db.select({ id: specializations.id }).from(specializations).where(and(eq(specializations.companyId, companyId), inArray(specializations.id, unique)));
  if (rows.length !== unique.length) throw validationFailed({ [field]: 'validation.org.specializationNotFound' });
}

export async function findComplex(db: Db, companyId: string, id: string) {
  const [row] = await db.select({ id: clinicCollections.id, name: clinicCollections.name }).from(clinicCollections)
    .where(and(eq(clinicCollections.companyId, companyId), eq(clinicCollections.id, id))).limit(1);
  return row ?? null;
}

export async function findDepartment(db: Db, companyId: string, id: string) {
  const [row] = await db.select({ id: departments.id, clinicCollectionId: departments.clinicCollectionId }).from(departments)
    .where(and(eq(departments.companyId, companyId), eq(departments.id, id))).limit(1);
  return row ?? null;
}

/** `{ _id, name }` of employees by id, in one query. */
export async function employeeRefs(db: Db, companyId: string, ids: ReadonlyArray<string | null>): Promise<Map<string, Ref>> {
  const wanted = [...new Set(ids.filter((v): v is string => Boolean(v)))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: employees.id, name: employees.name, publicId: employees.publicId }).from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, wanted)));
  return new Map(rows.map((r) => [r.id, { _id: r.id, name: r.name, publicId: r.publicId }]));
}

export async function complexRefs(db: Db, companyId: string, ids: ReadonlyArray<string | null>): Promise<Map<string, Ref>> {
  const wanted = [...new Set(ids.filter((v): v is string => Boolean(v)))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: clinicCollections.id, name: clinicCollections.name, publicId: clinicCollections.publicId }).from(clinicCollections)
    .where(and(eq(clinicCollections.companyId, companyId), inArray(clinicCollections.id, wanted)));
  return new Map(rows.map((r) => [r.id, { _id: r.id, name: r.name, publicId: r.publicId }]));
}

export async function departmentRefs(db: Db, companyId: string, ids: ReadonlyArray<string | null>): Promise<Map<string, Ref>> {
  const wanted = [...new Set(ids.filter((v): v is string => Boolean(v)))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: departments.id, name: departments.name, publicId: departments.publicId }).from(departments)
    .where(and(eq(departments.companyId, companyId), inArray(departments.id, wanted)));
  return new Map(rows.map((r) => [r.id, { _id: r.id, name: r.name, publicId: r.publicId }]));
}

type RefTable = typeof employees | typeof departments | typeof clinicCollections | typeof clinics | typeof patients | typeof services;

/**
 * A reference `{ _id, name, publicId }` to the row of `table` that `id` names in the same company, resolved inside the
 * statement that selects `id` (null when `id` is null): a list needs no second round trip for the names it shows.
 */
export function refOf(table: RefTable, companyId: AnyPgColumn, id: AnyPgColumn) {
  return sql<Ref | null>`(select json_build_object('_id', r.id, 'name', r.name, 'publicId', r.public_id) from ${table} r where r.company_id = ${qualified(companyId)} and r.id = ${qualified(id)})`;
}

/** `"table"."column"`: Drizzle leaves columns of a single-table query unqualified, which a subquery would capture. */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function iso(d: Date): string {
  return d.toISOString();
}

export type { Dependents };

export type OrganisationScope = { kind: 'complex' | 'department' | 'clinic'; id: string };

function clinicCondition(scope: OrganisationScope) {
  switch (scope.kind) {
    case 'complex':
      return sql`c.clinic_collection_id = ${scope.id}`;
    case 'department':
      return sql`c.department_id = ${scope.id}`;
    default:
      return sql`c.id = ${scope.id}`;
  }
}

export interface PersonRow {
  id: string;
  name: string;
  public_id: string;
  employee_type: string;
  is_active: boolean;
}

/**
 * People who work in a part of the organisation: linked to one of its clinics (employee_clinics), or
 * placed directly in the department or complex. One query, ordered by name.
 */
export async function organisationPeople(db: Db, companyId: string, scope: OrganisationScope): Promise<PersonRow[]> {
  const direct =
    scope.kind === 'complex' ? sql`or e.clinic_collection_id = ${scope.id}`
    : scope.kind === 'department' ? sql`or e.department_id = ${scope.id}`
    : sql``;
  const result = await db.execute(sql`
    select e.id, e.name, e.public_id, e.employee_type, e.is_active
    from employees e
    where e.company_id = ${companyId}
      and (exists (
        select 1 from employee_clinics ec
        join clinics c on c.company_id = ec.company_id and c.id = ec.clinic_id
        where ec.company_id = e.company_id and ec.employee_id = e.id and ${clinicCondition(scope)}
      ) ${direct})
    order by e.name, e.id
    limit 1000`);
  return rowsOf<PersonRow>(result);
}

/** Distinct patients who have (or had) appointments in a part of the organisation. */
export async function organisationPatientCount(db: Db, companyId: string, scope: OrganisationScope): Promise<number> {
  const result = await db.execute(sql`
    select count(distinct a.patient_id)::int as n
    from appointments a
    join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
    where a.company_id = ${companyId} and ${clinicCondition(scope)}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export function splitPeople(people: PersonRow[]) {
  const ref = (p: PersonRow) => ({ _id: p.id, name: p.name, publicId: p.public_id });
  return {
    doctors: people.filter((p) => p.employee_type === 'Doctor').map(ref),
    staff: people.filter((p) => p.employee_type !== 'Doctor').map(ref),
  };
}
