import {
  PERMISSIONS, permissionGroup, type PermissionEntry, type RoleCreateInput, type RoleListQuery, type RoleRecord, type RoleUpdateInput,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { withDb } from '../../lib/transaction.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { holdsAll, keepingAnAdministrator } from '../employees/index.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import {
  deleteRoleRow, findRole, findRolePage, insertRole, insertRolePermissions, permissionsAndHolders, replaceRolePermissions, roleExists,
  roleNamedLike, updateRoleAtVersion, type RoleRow,
} from './roles.repository.js';

const ENTITY = 'role';
/** The built-in administrator role: it always keeps `admin` and keeps its name. */
export const ADMIN_ROLE = 'Admin';

async function toRecords(db: Db, companyId: string, rows: RoleRow[]): Promise<RoleRecord[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const { permissions: perms, holders: users } = await permissionsAndHolders(db, companyId, ids);
  const order = new Map(PERMISSIONS.map((p, i) => [p as string, i]));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    isSystem: r.isSystem,
    permissions: perms.filter((p) => p.roleId === r.id).map((p) => p.permission).sort((a, b) => (order.get(a) ?? 99) - (order.get(b) ?? 99)),
    usersCount: Number(users.find((u) => u.roleId === r.id)?.n ?? 0),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }));
}

export async function listRoles(deps: Deps, caller: Caller, q: RoleListQuery) {
  const { rows, total } = await findRolePage(deps.db, caller.companyId, q);
  return { data: await toRecords(deps.db, caller.companyId, rows), total };
}

async function loadRole(db: Db, companyId: string, id: string): Promise<RoleRow> {
  const row = await findRole(db, companyId, id);
  if (!row) throw notFound();
  return row;
}

export async function getRole(deps: Deps, companyId: string, id: string): Promise<RoleRecord> {
  const [record] = await toRecords(deps.db, companyId, [await loadRole(deps.db, companyId, id)]);
  return record!;
}

/** A caller can only put into a role the permissions they hold themselves (admin holds all). */
function checkGrant(caller: Caller, permissions: string[]) {
  if (!holdsAll(caller.permissions, permissions)) throw new AppError(403, 'GRANT_BEYOND_OWN', 'errors.grantBeyondOwn');
}

async function checkNameFree(db: Db, companyId: string, name: string, exceptId?: string) {
  if (await roleNamedLike(db, companyId, name, exceptId)) throw new AppError(409, 'DUPLICATE', 'errors.roleNameTaken', undefined, { name: 'errors.roleNameTaken' });
}

export async function createRole(deps: Deps, ctx: RequestContext, caller: Caller, input: RoleCreateInput): Promise<string> {
  checkGrant(caller, input.permissions);
  await checkNameFree(deps.db, caller.companyId, input.name);
  return deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const id = await insertRole(tx, caller.companyId, input.name);
    await insertRolePermissions(tx, caller.companyId, id, input.permissions);
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: ENTITY, entityId: id, changes: { after: input } });
    return id;
  });
}

/** Renames the role or replaces its permissions, only while it is at the version the change is based on (409 STALE_RECORD otherwise). */
export async function updateRole(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: RoleUpdateInput) {
  const before = await getRole(deps, caller.companyId, id);
  assertVersion(before, input.version);
  const isAdminRole = before.isSystem && before.name === ADMIN_ROLE;
  if (isAdminRole && input.name !== undefined && input.name !== before.name) throw new AppError(409, 'ADMIN_ROLE_LOCKED', 'errors.adminRoleLocked');
  if (isAdminRole && input.permissions && !input.permissions.includes('admin')) throw new AppError(409, 'ADMIN_ROLE_LOCKED', 'errors.adminRoleKeepsAdmin');
  if (input.permissions) {
    const added = input.permissions.filter((p) => !before.permissions.includes(p));
    const next: string[] = input.permissions;
    const removed = before.permissions.filter((p) => !next.includes(p));
    checkGrant(caller, [...added, ...removed]);
  }
  if (input.name !== undefined) await checkNameFree(deps.db, caller.companyId, input.name, id);
  return deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Taking `admin` out of a role its holders administer through must leave the organisation an administrator.
    await keepingAnAdministrator(tx, caller.companyId, async () => {
      if (!(await updateRoleAtVersion(tx, caller.companyId, id, input.version, input.name))) {
        return staleOrMissing(() => roleExists(tx, caller.companyId, id));
      }
      if (input.permissions) await replaceRolePermissions(tx, caller.companyId, id, input.permissions);
    });
    const after = await getRole(withDb(deps, tx), caller.companyId, id);
    const changes: { before: Record<string, unknown>; after: Record<string, unknown> } = { before: {}, after: {} };
    if (after.name !== before.name) { changes.before.name = before.name; changes.after.name = after.name; }
    if (JSON.stringify(after.permissions) !== JSON.stringify(before.permissions)) { changes.before.permissions = before.permissions; changes.after.permissions = after.permissions; }
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: ENTITY, entityId: id, changes });
    return after;
  });
}

export async function deleteRole(deps: Deps, ctx: RequestContext, caller: Caller, id: string) {
  const before = await getRole(deps, caller.companyId, id);
  if (before.isSystem && before.name === ADMIN_ROLE) throw new AppError(409, 'ADMIN_ROLE_LOCKED', 'errors.adminRoleLocked');
  if (before.usersCount > 0) throw new AppError(409, 'ROLE_IN_USE', 'errors.roleInUse', { count: before.usersCount });
  checkGrant(caller, before.permissions);
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // A role still held is refused above and by the database's foreign key; its deletion still takes the guard.
    const deleted = await keepingAnAdministrator(tx, caller.companyId, () => deleteRoleRow(tx, caller.companyId, id));
    if (!deleted.length) throw notFound();
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'delete', entity: ENTITY, entityId: id, changes: { before: { name: before.name, permissions: before.permissions } } });
  });
}

/** The permission catalogue, grouped by area for the role editor. */
export function permissionCatalogue(): PermissionEntry[] {
  return PERMISSIONS.map((code) => ({ code, group: permissionGroup(code) }));
}
