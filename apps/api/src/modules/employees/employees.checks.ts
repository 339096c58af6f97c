import type { EmployeeUpdateInput } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { AppError, validationFailed, type FieldMessage } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { releaseAttempt, reserveAttempt } from '../auth/index.js';
import { holdsAll } from './employees.domain.js';
import { missingIds, permissionsOfRoles, roleIdsOf, uniqueHolders } from './employees.repository.js';

/*
 * The checks a change to a person or their account passes before it is written: what it references exists in the
 * caller's company, sign-in names are free, and no one hands out (or manages) more than they hold themselves.
 */

type ReferenceFields = Pick<EmployeeUpdateInput, 'roleIds' | 'clinics' | 'specializations' | 'departmentId' | 'clinicCollectionId'>;

/** Every referenced role, clinic, speciality, department and complex must belong to the caller's company. */
export async function checkReferences(db: Db, companyId: string, input: ReferenceFields) {
  const fields: Record<string, FieldMessage> = {};
  const checks: Array<[keyof ReferenceFields, Parameters<typeof missingIds>[2], string[]]> = [
    ['roleIds', 'roles', input.roleIds ?? []],
    ['clinics', 'clinics', input.clinics ?? []],
    ['specializations', 'specializations', input.specializations ?? []],
    ['departmentId', 'departments', input.departmentId ? [input.departmentId] : []],
    ['clinicCollectionId', 'clinicCollections', input.clinicCollectionId ? [input.clinicCollectionId] : []],
  ];
  for (const [field, table, ids] of checks) {
    if ((await missingIds(db, companyId, table, [...new Set(ids)])).length) fields[field] = 'errors.unknownReference';
  }
  if (Object.keys(fields).length) throw validationFailed(fields);
}

/**
 * User names and sign-in e-mails are unique across organisations, so saying one is taken tells something about
 * another organisation: each such check is reserved against a per-organisation limit (the sign-up limit) and kept
 * only when the answer was "taken". Free names never count.
 */
export async function checkUnique(deps: Deps, ctx: RequestContext, companyId: string, v: Parameters<typeof uniqueHolders>[2], exceptId?: string) {
  const global = Boolean(v.username || (v.email && v.account));
  const limit = { max: deps.config.signupMaxAttempts, windowMinutes: deps.config.signupWindowMinutes };
  const attempt = global ? await reserveAttempt(deps, { identifier: `taken-name:${companyId}`, ip: ctx.ip ?? '', perAddress: false }, limit) : undefined;
  if (attempt === null) throw new AppError(429, 'TOO_MANY_TAKEN_NAMES', 'errors.tooManyTakenNames', { minutes: limit.windowMinutes });
  const taken = await uniqueHolders(deps.db, companyId, v, exceptId);
  if (attempt !== undefined && !taken.username && !taken.email) await releaseAttempt(deps, attempt);
  const fields: Record<string, FieldMessage> = {};
  if (taken.username) fields.username = 'errors.usernameTaken';
  if (taken.email) fields.email = 'errors.accountEmailTaken';
  if (taken.identity) fields.identity = 'errors.employeeIdentityTaken';
  const first = Object.values(fields)[0];
  if (typeof first === 'string') throw new AppError(409, 'DUPLICATE', first, undefined, fields);
}

/** Assigning or removing a role must not hand out (or take away) more than the caller holds. */
export async function checkRoleGrant(db: Db, caller: Caller, changedRoleIds: string[]) {
  if (changedRoleIds.length === 0) return;
  const perms = await permissionsOfRoles(db, caller.companyId, changedRoleIds);
  if (!holdsAll(caller.permissions, perms)) throw new AppError(403, 'GRANT_BEYOND_OWN', 'errors.grantBeyondOwn');
}

/** Managing someone's account (status, deletion) needs at least every permission they hold. */
export async function checkTargetWithin(db: Db, caller: Caller, targetId: string) {
  const perms = await permissionsOfRoles(db, caller.companyId, await roleIdsOf(db, caller.companyId, targetId));
  if (!holdsAll(caller.permissions, perms)) throw new AppError(403, 'GRANT_BEYOND_OWN', 'errors.grantBeyondOwn');
}
