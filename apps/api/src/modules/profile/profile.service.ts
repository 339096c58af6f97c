import { randomUUID } from 'node:crypto';
import type { ChangePasswordInput, PreferencesInput } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { RequestContext } from '../../lib/request-context.js';
import { hashToken, newRefreshToken } from '../../lib/tokens.js';
import { clearAttempts, reserveAttempt } from '../auth/attempts.js';
import { revokeAllSessions } from '../auth/auth.service.js';
import {
  findDisplaySettings, findPasswordHash, insertRefreshToken, replacePasswordHash, saveDisplaySettings, sessionVersionOf,
} from './profile.repository.js';

/**
 * Changes the caller's password: the current one is checked (each guess is reserved against the same limit
 * as sign-in before the hash runs), every session is ended, and the caller gets fresh tokens so this tab keeps working.
 */
export async function changePassword(deps: Deps, ctx: RequestContext, caller: Caller, input: ChangePasswordInput) {
  const passwordHash = await findPasswordHash(deps.db, caller.companyId, caller.id);
  if (!passwordHash) throw unauthorized();
  const key = { identifier: `password-change:${caller.id}`, ip: ctx.ip ?? '', perAddress: false };
  const attempt = await reserveAttempt(deps, key, { max: deps.config.loginMaxFailures, windowMinutes: deps.config.loginWindowMinutes });
  if (attempt === null) {
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'errors.tooManyAttempts', { minutes: deps.config.loginWindowMinutes });
  }
  if (!(await verifyPassword(input.oldPassword, passwordHash))) {
    await recordAudit(deps.db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'password_change_failed', entity: 'employee', entityId: caller.id });
    throw new AppError(422, 'OLD_PASSWORD_WRONG', 'errors.oldPasswordWrong', undefined, { oldPassword: 'errors.oldPasswordWrong' });
  }
  const refreshToken = newRefreshToken();
  const familyId = randomUUID();
  const newHash = await hashPassword(input.newPassword);
  // The new password, the ended sessions, this tab's fresh session and the audit row commit together.
  const accessToken = await inTransaction(deps.db, async (tx) => {
    // Only while the password is still the one just checked: of two simultaneous changes, one applies.
    const changed = await replacePasswordHash(tx, caller.companyId, caller.id, passwordHash, newHash);
    if (!changed) throw new AppError(422, 'OLD_PASSWORD_WRONG', 'errors.oldPasswordWrong', undefined, { oldPassword: 'errors.oldPasswordWrong' });
    await revokeAllSessions(withDb(deps, tx), caller.companyId, caller.id);
    const sessionVersion = await sessionVersionOf(tx, caller.companyId, caller.id);
    await insertRefreshToken(tx, {
      companyId: caller.companyId,
      employeeId: caller.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlDays * 86_400_000),
    });
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'password_change', entity: 'employee', entityId: caller.id });
    return deps.tokens.signAccess({ sub: caller.id, cid: caller.companyId, sv: sessionVersion ?? 0, fam: familyId });
  });
  await clearAttempts(deps, key);
  return { accessToken, refreshToken };
}

/**
 * Saves the caller's display settings (their own Hijri mode, null to follow the company's, and the Arabic interface's
 * digits), audited with what changed.
 */
export async function savePreferences(deps: Deps, ctx: RequestContext, caller: Caller, input: PreferencesInput) {
  const before = await findDisplaySettings(deps.db, caller.companyId, caller.id);
  if (!before) throw unauthorized();
  const changes = changedFields(before, { hijriMode: input.hijriMode, digits: input.digits });
  await inTransaction(deps.db, async (tx) => {
    await saveDisplaySettings(tx, caller.companyId, caller.id, { hijriMode: input.hijriMode, digits: input.digits });
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'preferences_update', entity: 'employee', entityId: caller.id, changes });
  });
}
