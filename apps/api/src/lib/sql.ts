import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Permission, Ref } from '@clinic/shared';
import type { clinicCollections, clinics, departments, employees, patients, services } from '../db/schema/index.js';

/** Small pieces of SQL the repositories share: references resolved in the statement, qualified columns, raw rows. */

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

/** A text as an SQL string literal, for statements built once from names and constants the code owns (never input). */
export function sqlLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export function iso(d: Date): string {
  return d.toISOString();
}


/** Whether the employee `e` of the statement holds one of the permissions through one of its roles. */
export function employeeHolds(permissions: Permission[]): SQL {
  return sql`exists (
    select 1 from employee_roles er join role_permissions rp on rp.company_id = er.company_id and rp.role_id = er.role_id
    where er.company_id = e.company_id and er.employee_id = e.id and rp.permission in ${permissions})`;
}
