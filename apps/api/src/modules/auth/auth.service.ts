import { randomUUID } from 'node:crypto';
import { effectiveHijriMode, START_SCREENS, type LoginInput, type SessionUser, type StartScreen } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { announceCredentialChange, companyIsOpen } from '../../lib/credential-liveness.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { dummyHash, verifyPassword } from '../../lib/password.js';
import type { RequestContext } from '../../lib/request-context.js';
import { hashToken, newRefreshToken } from '../../lib/tokens.js';
import { loadCaller } from '../../plugins/auth.js';
import { openingClinicOf } from './opening-clinic.js';
import { clearAttempts, releaseAttempt, reserveAttempt } from './attempts.js';
import {
  claimRefreshToken, findAccountBySignInName, findRefreshToken, findSessionEmployee, insertRefreshToken, markSignedIn,
  raiseSessionVersion, revokeEmployeeTokens, revokeTokenFamily, roleNamesOf, sessionVersionOf, setPlanOnce,
} from './auth.repository.js';

/** The session user as sign-in and GET /profile return it. */
export async function sessionUser(deps: Deps, caller: Caller): Promise<SessionUser> {
  const found = await findSessionEmployee(deps.db, caller.companyId, caller.id);
  if (!found) throw unauthorized();
  const { emp, companyHijriMode } = found;
  const roleNames = await roleNamesOf(deps.db, caller.companyId, caller.id);
  return {
    _id: emp.id,
    publicId: emp.publicId,
    name: emp.name,
    username: emp.username,
    email: emp.email,
    roles: roleNames,
    plan: (caller.plan as SessionUser['plan']) ?? null,
    employeeType: emp.employeeType as SessionUser['employeeType'],
    permissions: caller.permissions,
    companyId: emp.companyId,
    image: emp.image,
    preferences: { ...preferencesOf(emp, companyHijriMode), clinicId: await openingClinicOf(deps.db, caller.companyId, emp.id, emp.lastClinicId) },
  };
}

/** The display settings a session carries: the user's own Hijri mode (or the company's) and digits. */
export function preferencesOf(
  emp: { hijriMode: string | null; digits: string; startScreen: string | null },
  companyHijriMode: string,
): Omit<SessionUser['preferences'], 'clinicId'> {
  const override = effectiveHijriMode(emp.hijriMode, 'off');
  return {
    hijriMode: effectiveHijriMode(emp.hijriMode, companyHijriMode),
    hijriModeOverride: emp.hijriMode === null ? null : override,
    companyHijriMode: effectiveHijriMode(null, companyHijriMode),
    digits: emp.digits === 'arab' ? 'arab' : 'latn',
    startScreen: (START_SCREENS as readonly string[]).includes(emp.startScreen ?? '') ? (emp.startScreen as StartScreen) : null,
  };
}

async function issueRefreshToken(deps: Deps, companyId: string, employeeId: string, familyId: string): Promise<string> {
  const token = newRefreshToken();
  await insertRefreshToken(deps.db, {
    companyId,
    employeeId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlDays * 86_400_000),
  });
  return token;
}

/** An access token for one sign-in (its refresh-token family), so what is tied to the sign-in ends with it. */
async function accessTokenFor(deps: Deps, companyId: string, employeeId: string, familyId: string): Promise<string> {
  const sv = await sessionVersionOf(deps.db, companyId, employeeId);
  return deps.tokens.signAccess({ sub: employeeId, cid: companyId, sv: sv ?? 0, fam: familyId });
}

export async function login(deps: Deps, ctx: RequestContext, input: LoginInput) {
  const identifier = input.email.trim().toLowerCase();
  const account = await findAccountBySignInName(deps.db, identifier);
  // Failures count per account (named by user name or e-mail alike), or per name typed when there is no such account.
  const key = { identifier: account ? `account:${account.id}` : identifier, ip: ctx.ip ?? '', perAddress: true };
  // The attempt is recorded before the password is checked, so parallel guesses cannot all pass the count.
  const attempt = await reserveAttempt(deps, key, { max: deps.config.loginMaxFailures, windowMinutes: deps.config.loginWindowMinutes });
  if (attempt === null) {
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'errors.tooManyAttempts', { minutes: deps.config.loginWindowMinutes });
  }

  const ok = await verifyPassword(input.password, account?.passwordHash ?? (await dummyHash()));
  if (!account || !ok) {
    // The reservation stays: it is the failure record.
    await recordAudit(deps.db, ctx, {
      companyId: account?.companyId ?? null,
      actorId: account?.id ?? null,
      action: 'login_failed',
      entity: 'session',
      changes: { identifier },
    });
    throw new AppError(401, 'INVALID_CREDENTIALS', 'errors.invalidCredentials');
  }
  if (!account.isActive) {
    await releaseAttempt(deps, attempt);
    await recordAudit(deps.db, ctx, { companyId: account.companyId, actorId: account.id, action: 'login_refused_inactive', entity: 'session' });
    throw new AppError(403, 'ACCOUNT_INACTIVE', 'errors.accountInactive');
  }
  if (!(await companyIsOpen(deps.db, account.companyId))) {
    await releaseAttempt(deps, attempt);
    await recordAudit(deps.db, ctx, { companyId: account.companyId, actorId: account.id, action: 'login_refused_closed', entity: 'session' });
    throw new AppError(403, 'COMPANY_CLOSED', 'errors.companyClosed');
  }

  await clearAttempts(deps, key);
  await markSignedIn(deps.db, account.companyId, account.id, new Date());
  const caller = await loadCaller(deps, account.companyId, account.id);
  if (!caller) throw unauthorized();
  const familyId = randomUUID();
  const refreshToken = await issueRefreshToken(deps, account.companyId, account.id, familyId);
  const accessToken = await accessTokenFor(deps, account.companyId, account.id, familyId);
  await recordAudit(deps.db, ctx, { companyId: account.companyId, actorId: account.id, action: 'login', entity: 'session' });
  return { accessToken, refreshToken, user: await sessionUser(deps, caller) };
}

/** Rotates a refresh token. Presenting an already rotated or revoked token revokes its whole family. */
export async function refresh(deps: Deps, ctx: RequestContext, token: string) {
  const row = await findRefreshToken(deps.db, hashToken(token));
  if (!row) throw unauthorized('REFRESH_INVALID', 'errors.refreshInvalid');
  if (row.usedAt || row.revokedAt) {
    await revokeFamily(deps, row.companyId, row.familyId);
    await recordAudit(deps.db, ctx, { companyId: row.companyId, actorId: row.employeeId, action: 'refresh_token_reused', entity: 'session' });
    throw unauthorized('REFRESH_REUSED', 'errors.refreshReused');
  }
  if (row.expiresAt.getTime() <= Date.now()) throw unauthorized('REFRESH_INVALID', 'errors.refreshInvalid');
  const caller = await loadCaller(deps, row.companyId, row.employeeId);
  if (!caller) {
    await revokeFamily(deps, row.companyId, row.familyId);
    throw unauthorized('REFRESH_INVALID', 'errors.refreshInvalid');
  }
  // Claim the token atomically: of two concurrent uses, only one rotates; the other is a reuse.
  if (!(await claimRefreshToken(deps.db, row.companyId, row.id, new Date()))) {
    await revokeFamily(deps, row.companyId, row.familyId);
    throw unauthorized('REFRESH_REUSED', 'errors.refreshReused');
  }
  const refreshToken = await issueRefreshToken(deps, row.companyId, row.employeeId, row.familyId);
  const accessToken = await accessTokenFor(deps, row.companyId, row.employeeId, row.familyId);
  return { accessToken, refreshToken };
}

export async function revokeFamily(deps: Deps, companyId: string, familyId: string) {
  await revokeTokenFamily(deps.db, companyId, familyId, new Date());
}

/** Ends every session of an account (deactivation, password change): refresh tokens revoked, access tokens invalidated. */
export async function revokeAllSessions(deps: Deps, companyId: string, employeeId: string) {
  await revokeEmployeeTokens(deps.db, companyId, employeeId, new Date());
  await raiseSessionVersion(deps.db, companyId, employeeId);
}

export async function logout(deps: Deps, ctx: RequestContext, token: string | undefined) {
  if (!token) return;
  const row = await findRefreshToken(deps.db, hashToken(token));
  if (!row) return;
  await revokeFamily(deps, row.companyId, row.familyId);
  await recordAudit(deps.db, ctx, { companyId: row.companyId, actorId: row.employeeId, action: 'logout', entity: 'session' });
  // The sign-in's open live streams close (they re-check their sign-in's family).
  await announceCredentialChange(deps, ctx, row.companyId);
}

/** Chooses the plan once: the statement that sets it also checks that no other plan was chosen (also by a simultaneous request). */
export async function setPlan(deps: Deps, caller: Caller, plan: string) {
  if (!(await setPlanOnce(deps.db, caller.companyId, plan, new Date()))) throw new AppError(409, 'PLAN_LOCKED', 'errors.planLocked');
  return { ...caller, plan };
}

