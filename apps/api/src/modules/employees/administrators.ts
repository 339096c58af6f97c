import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employeeRoles, employees, rolePermissions } from '../../db/schema/index.js';
import type { Caller } from '../../lib/app-types.js';
import { AppError } from '../../lib/errors.js';
import { LOCK_NAMESPACE } from '../auth/index.js';
import { canSignIn, permissionsOfRoles, roleIdsOf } from './employees.repository.js';

/*
 * Administrators are protected twice: an organisation always keeps an active administrator, and only an
 * administrator may change or delete an administrator's record.
 */

/**
 * Serialises, per company, the transactions that can take administration away from someone or act on an
 * administrator (account status, roles, deletion, role permissions). Taken first in the transaction, held to its end.
 */
export async function lockAccounts(tx: Db, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE.accounts}::int, hashtext(${companyId}))`);
}

/** An active account that can sign in and holds `admin` through one of its roles. */
export async function hasActiveAdministrator(db: Db, companyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(employeeRoles, and(eq(employeeRoles.companyId, employees.companyId), eq(employeeRoles.employeeId, employees.id)))
    .innerJoin(rolePermissions, and(eq(rolePermissions.companyId, employeeRoles.companyId), eq(rolePermissions.roleId, employeeRoles.roleId)))
    .where(and(eq(employees.companyId, companyId), eq(employees.isActive, true), canSignIn(), eq(rolePermissions.permission, 'admin')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Runs `change` inside the caller's transaction so the company keeps an active administrator: such changes queue on
 * the company's lock, and one that leaves no active administrator where there was one is refused (409) and rolled
 * back. Of two administrators removing each other at the same moment, the second therefore sees the first's change.
 */
export async function keepingAnAdministrator<T>(tx: Db, companyId: string, change: () => Promise<T>): Promise<T> {
  await lockAccounts(tx, companyId);
  const before = await hasActiveAdministrator(tx, companyId);
  const result = await change();
  if (before && !(await hasActiveAdministrator(tx, companyId))) throw new AppError(409, 'LAST_ADMINISTRATOR', 'errors.lastAdministrator');
  return result;
}

/** Refuses (403) a caller below administrator acting on an employee who holds `admin`. */
export async function checkNotAdministrator(db: Db, caller: Caller, targetId: string): Promise<void> {
  if (caller.permissions.includes('admin')) return;
  const perms = await permissionsOfRoles(db, caller.companyId, await roleIdsOf(db, caller.companyId, targetId));
  if (perms.includes('admin')) throw new AppError(403, 'ADMINISTRATOR_PROTECTED', 'errors.administratorProtected');
}
