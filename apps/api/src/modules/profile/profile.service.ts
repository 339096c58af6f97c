import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ChangePasswordInput, PreferencesInput } from '@clinic/shared';
import { employees, refreshTokens } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { hashToken, newRefreshToken } from '../../lib/tokens.js';
import { clearAttempts, reserveAttempt } from '../auth/attempts.js';
import { revokeAllSessions } from '../auth/auth.service.js';

/**
 * Changes the caller's password: the current one is checked (each guess is reserved against the same limit
 * as sign-in before the hash runs), every session is ended, and the caller gets fresh tokens so this tab keeps working.
 */
export async function changePassword(deps: Deps, req: FastifyRequest, caller: Caller, input: ChangePasswordInput) {
  const [account] = await deps.db
    .select({ passwordHash: employees.passwordHash })
    .from(employees)
    .where(and(eq(employees.companyId, caller.companyId), eq(employees.id, caller.id)))
    .limit(1);
  if (!account?.passwordHash) throw unauthorized();
  const key = { identifier: `password-change:${caller.id}`, ip: req.ip, perAddress: false };
  const attempt = await reserveAttempt(deps, key, { max: deps.config.loginMaxFailures, windowMinutes: deps.config.loginWindowMinutes });
  if (attempt === null) {
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'errors.tooManyAttempts', { minutes: deps.config.loginWindowMinutes });
  }
  if (!(await verifyPassword(input.oldPassword, account.passwordHash))) {
    await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'password_change_failed', entity: 'employee', entityId: caller.id });
    throw new AppError(422, 'OLD_PASSWORD_WRONG', 'errors.oldPasswordWrong', undefined, { oldPassword: 'errors.oldPasswordWrong' });
  }
  // Only while the password is still the one just checked: of two simultaneous changes, one applies.
  const changed = await deps.db
    .update(employees)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(and(eq(employees.companyId, caller.companyId), eq(employees.id, caller.id), eq(employees.passwordHash, account.passwordHash)))
    .returning({ id: employees.id });
  if (changed.length === 0) throw new AppError(422, 'OLD_PASSWORD_WRONG', 'errors.oldPasswordWrong', undefined, { oldPassword: 'errors.oldPasswordWrong' });
  await clearAttempts(deps, key);
  await revokeAllSessions(deps, caller.companyId, caller.id);

  const [fresh] = await deps.db
    .select({ sv: employees.sessionVersion })
    .from(employees)
    .where(and(eq(employees.companyId, caller.companyId), eq(employees.id, caller.id)));
  const refreshToken = newRefreshToken();
  const familyId = randomUUID();
  await deps.db.insert(refreshTokens).values({
    companyId: caller.companyId,
    employeeId: caller.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlDays * 86_400_000),
  });
  const accessToken = await deps.tokens.signAccess({ sub: caller.id, cid: caller.companyId, sv: fresh?.sv ?? 0, fam: familyId });
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'password_change', entity: 'employee', entityId: caller.id });
  return { accessToken, refreshToken };
}

/**
 * Saves the caller's display settings (their own Hijri mode, null to follow the company's, and the Arabic interface's
 * digits), audited with what changed.
 */
export async function savePreferences(deps: Deps, req: FastifyRequest, caller: Caller, input: PreferencesInput) {
  const where = and(eq(employees.companyId, caller.companyId), eq(employees.id, caller.id));
  const [before] = await deps.db.select({ hijriMode: employees.hijriMode, digits: employees.digits }).from(employees).where(where).limit(1);
  if (!before) throw unauthorized();
  await deps.db.update(employees).set({ hijriMode: input.hijriMode, digits: input.digits, updatedAt: new Date() }).where(where);
  const changes = changedFields(before, { hijriMode: input.hijriMode, digits: input.digits });
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'preferences_update', entity: 'employee', entityId: caller.id, changes });
}
