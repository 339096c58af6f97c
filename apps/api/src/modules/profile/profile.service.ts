import { randomUUID } from 'node:crypto';
import type { ChangePasswordInput, ClinicChoiceInput, PreferencesInput } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { AppError, unauthorized, validationFailed } from '../../lib/errors.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { RequestContext } from '../../lib/request-context.js';
import { hashToken, newRefreshToken } from '../../lib/tokens.js';
import { clearAttempts, countFactors, deviceLabel, findActiveClinic, insertSession, reserveAttempt, revokeAllSessions } from '../auth/index.js';
import {
  findDisplaySettings, findLastClinic, findPasswordHash, insertRefreshToken, replacePasswordHash, saveDisplaySettings,
  saveLastClinic, sessionProofOf, sessionVersionOf,
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
    // What this tab's sign-in proved, read before it ends: its successor holds no more.
    const before = caller.session ? await sessionProofOf(tx, caller.companyId, caller.session.id) : undefined;
    const factors = await countFactors(tx, caller.companyId, caller.id);
    await revokeAllSessions(withDb(deps, tx), caller.companyId, caller.id);
    const sessionVersion = await sessionVersionOf(tx, caller.companyId, caller.id);
    await insertRefreshToken(tx, {
      companyId: caller.companyId,
      employeeId: caller.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlDays * 86_400_000),
    });
    // This tab's new sign-in carries on the old one: its method, second factor and whether it is held to enrolment.
    // The password just typed is a fresh proof only for a person without a second factor (as for a step-up, where
    // the password alone is refused to anyone with one): otherwise a stolen session that knows the password would
    // come out of the change verified, free to make recovery codes or grant roles.
    const passwordProves = !factors.totp && factors.passkeys === 0;
    await insertSession(tx, {
      companyId: caller.companyId, id: familyId, employeeId: caller.id, method: before?.method ?? 'password', secondFactor: before?.secondFactor ?? null,
      verifiedAt: passwordProves ? new Date() : before?.verifiedAt ?? null, enrolmentRequired: before?.enrolmentRequired ?? false,
      ip: ctx.ip, userAgent: ctx.userAgent, device: deviceLabel(ctx.userAgent),
    });
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'password_change', entity: 'employee', entityId: caller.id });
    return deps.tokens.signAccess({ sub: caller.id, cid: caller.companyId, sv: sessionVersion ?? 0, fam: familyId });
  });
  await clearAttempts(deps, key);
  return { accessToken, refreshToken };
}

/**
 * Saves the caller's display settings (their own Hijri mode, null to follow the company's, the Arabic interface's
 * digits and, when given, the screen they start on), audited with what changed.
 */
export async function savePreferences(deps: Deps, ctx: RequestContext, caller: Caller, input: PreferencesInput) {
  const before = await findDisplaySettings(deps.db, caller.companyId, caller.id);
  if (!before) throw unauthorized();
  const after = { hijriMode: input.hijriMode, digits: input.digits, ...(input.startScreen !== undefined && { startScreen: input.startScreen }) };
  const changes = changedFields(before, after);
  await inTransaction(deps.db, async (tx) => {
    await saveDisplaySettings(tx, caller.companyId, caller.id, after);
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'preferences_update', entity: 'employee', entityId: caller.id, changes });
  });
}

/**
 * Remembers the clinic the caller chose on the board, calendar, cash boxes or My day, so it opens first next time on
 * any device: an active clinic of their company (else a 422 on the field), audited when it changes.
 */
export async function saveClinicChoice(deps: Deps, ctx: RequestContext, caller: Caller, input: ClinicChoiceInput) {
  if (!(await findActiveClinic(deps.db, caller.companyId, input.clinicId))) throw validationFailed({ clinicId: 'validation.display.clinic' });
  const before = await findLastClinic(deps.db, caller.companyId, caller.id);
  if (before === undefined) throw unauthorized();
  if (before === input.clinicId) return;
  const changes = { before: { lastClinicId: before }, after: { lastClinicId: input.clinicId } };
  await inTransaction(deps.db, async (tx) => {
    if (!(await saveLastClinic(tx, caller.companyId, caller.id, before, input.clinicId))) return;
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'preferences_update', entity: 'employee', entityId: caller.id, changes });
  });
}
