import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { pageWindow, type EmployeeListQuery, type UserListItem } from '@clinic/shared';
import { employeeRoles, employees, roles } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { likePattern, orderBy } from '../../lib/list.js';

const sortColumns = {
  _id: [employees.createdAt, employees.id],
  publicId: [employees.publicId],
  name: [employees.name, employees.id],
  username: [employees.username, employees.id],
  employeeType: [employees.employeeType, employees.id],
  isActive: [employees.isActive, employees.id],
  createdAt: [employees.createdAt, employees.id],
} as const;

/** Lists the caller's company's employees (the users list), with roles resolved in one extra query. */
export async function listEmployees(deps: Deps, caller: Caller, q: EmployeeListQuery) {
  const where: SQL[] = [eq(employees.companyId, caller.companyId)];
  if (q.search) {
    const p = likePattern(q.search);
    where.push(or(ilike(employees.name, p), ilike(employees.username, p), ilike(employees.email, p), ilike(employees.publicId, p))!);
  }
  const isActive = q.isActive ?? (typeof q.filter_fields?.isActive === 'boolean' ? q.filter_fields.isActive : undefined);
  if (isActive !== undefined) where.push(eq(employees.isActive, isActive));
  if (q.employeeType) where.push(eq(employees.employeeType, q.employeeType));
  const roleName = q.filter_fields?.roleName;
  if (typeof roleName === 'string' && roleName) {
    where.push(sql`exists (select 1 from ${employeeRoles} er join ${roles} r on r.company_id = er.company_id and r.id = er.role_id
      where er.company_id = ${employees.companyId} and er.employee_id = ${employees.id} and lower(r.name) = lower(${roleName}))`);
  }
  const filter = and(...where);
  const w = pageWindow(q);
  const [rows, totals] = await Promise.all([
    deps.db
      .select()
      .from(employees)
      .where(filter)
      .orderBy(...orderBy([...sortColumns[q.sortBy]], q.order))
      .limit(w.limit)
      .offset(w.offset),
    deps.db.select({ n: count() }).from(employees).where(filter),
  ]);
  const ids = rows.map((r) => r.id);
  const roleRows = ids.length
    ? await deps.db
        .select({ employeeId: employeeRoles.employeeId, _id: roles.id, name: roles.name })
        .from(employeeRoles)
        .innerJoin(roles, and(eq(roles.companyId, employeeRoles.companyId), eq(roles.id, employeeRoles.roleId)))
        .where(and(eq(employeeRoles.companyId, caller.companyId), inArray(employeeRoles.employeeId, ids)))
    : [];
  const data: UserListItem[] = rows.map((r) => ({
    _id: r.id,
    publicId: r.publicId,
    name: r.name,
    username: r.username,
    email: r.email,
    employeeType: r.employeeType as UserListItem['employeeType'],
    roleIds: roleRows.filter((x) => x.employeeId === r.id).map((x) => ({ _id: x._id, name: x.name })),
    isActive: r.isActive,
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { data, total: totals[0]?.n ?? 0 };
}
