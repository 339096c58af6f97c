/** Every query of the roles area. All of them are scoped by company. */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { pageWindow, type RoleListQuery } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { employeeRoles, rolePermissions, roles } from '../../db/schema/index.js';
import { listFilters, orderBy } from '../../lib/list.js';
import { nextVersion } from '../../lib/versioning.js';

export type RoleRow = typeof roles.$inferSelect;

const sortColumns = {
  _id: [roles.createdAt, roles.id],
  name: [roles.name, roles.id],
  createdAt: [roles.createdAt, roles.id],
  updatedAt: [roles.updatedAt, roles.id],
} as const;

/** One page of the company's roles and the total of the filter. */
export async function findRolePage(db: Db, companyId: string, q: RoleListQuery) {
  const filter = and(...listFilters(roles.companyId, companyId, q, { searchIn: [roles.name] }));
  const w = pageWindow(q);
  const [rows, totals] = await Promise.all([
    db.select().from(roles).where(filter).orderBy(...orderBy([...sortColumns[q.sortBy]], q.order)).limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(roles).where(filter),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findRole(db: Db, companyId: string, id: string): Promise<RoleRow | null> {
  const [row] = await db.select().from(roles).where(and(eq(roles.companyId, companyId), eq(roles.id, id))).limit(1);
  return row ?? null;
}

/** The permissions of several roles (by permission code) and how many users hold each role, in two queries. */
export async function permissionsAndHolders(db: Db, companyId: string, roleIds: string[]) {
  const [permissions, holders] = await Promise.all([
    db.select({ roleId: rolePermissions.roleId, permission: rolePermissions.permission }).from(rolePermissions)
      .where(and(eq(rolePermissions.companyId, companyId), inArray(rolePermissions.roleId, roleIds)))
      .orderBy(asc(rolePermissions.permission)),
    db.select({ roleId: employeeRoles.roleId, n: count() }).from(employeeRoles)
      .where(and(eq(employeeRoles.companyId, companyId), inArray(employeeRoles.roleId, roleIds)))
      .groupBy(employeeRoles.roleId),
  ]);
  return { permissions, holders };
}

/** Another role of the company with this name, whatever its case, if any. */
export async function roleNamedLike(db: Db, companyId: string, name: string, exceptId?: string): Promise<string | null> {
  const [row] = await db.select({ id: roles.id }).from(roles)
    .where(sql`${roles.companyId} = ${companyId} and lower(${roles.name}) = lower(${name})${exceptId ? sql` and ${roles.id} <> ${exceptId}` : sql``}`)
    .limit(1);
  return row?.id ?? null;
}

/** Inserts a role and answers its id. */
export async function insertRole(db: Db, companyId: string, name: string): Promise<string> {
  const [row] = await db.insert(roles).values({ companyId, name }).returning({ id: roles.id });
  return row!.id;
}

/** Renames the role (when a name is given) and raises its version, only while it is at `version`; false when no row matched. */
export async function updateRoleAtVersion(db: Db, companyId: string, id: string, version: number, name: string | undefined): Promise<boolean> {
  const [updated] = await db.update(roles)
    .set({ ...(name !== undefined ? { name } : {}), updatedAt: new Date(), version: nextVersion(roles.version) })
    .where(and(eq(roles.companyId, companyId), eq(roles.id, id), eq(roles.version, version)))
    .returning({ id: roles.id });
  return Boolean(updated);
}

export async function roleExists(db: Db, companyId: string, id: string): Promise<boolean> {
  return (await db.select({ id: roles.id }).from(roles).where(and(eq(roles.companyId, companyId), eq(roles.id, id)))).length > 0;
}

export async function insertRolePermissions(db: Db, companyId: string, roleId: string, permissions: readonly string[]) {
  await db.insert(rolePermissions).values(permissions.map((permission) => ({ companyId, roleId, permission })));
}

export async function replaceRolePermissions(db: Db, companyId: string, roleId: string, permissions: readonly string[]) {
  await db.delete(rolePermissions).where(and(eq(rolePermissions.companyId, companyId), eq(rolePermissions.roleId, roleId)));
  await insertRolePermissions(db, companyId, roleId, permissions);
}

/** Deletes the role; answers the ids deleted (none when it was already gone). */
export async function deleteRoleRow(db: Db, companyId: string, id: string): Promise<Array<{ id: string }>> {
  return db.delete(roles).where(and(eq(roles.companyId, companyId), eq(roles.id, id))).returning({ id: roles.id });
}
