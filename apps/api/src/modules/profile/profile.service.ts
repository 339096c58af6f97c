import { randomUUID } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ChangePasswordInput } from '@clinic/shared';
import { employees, loginFailures, refreshTokens } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { hashToken, newRefreshToken } from '../../lib/tokens.js';
import { revokeAllSessions } from '../auth/auth.service.js';

/**
 * Changes the caller's password: the current one is checked (wrong guesses count towards the same
 * throttle as sign-in), every session is ended, and the caller gets fresh tokens so this tab keeps working.
 */
export async function changePassword(deps: Deps, req: FastifyRequest, caller: Caller, input: ChangePasswordInput) {
  const [account] = await deps.db
    .select({ passwordHash: employees.passwordHash })
    .from(employees)
    .where(and(eq(employees.companyId, caller.companyId), eq(employees.id, caller.id)))
    .limit(1);
  if (!account?.passwordHash) throw unauthorized();
  const identifier = `password-change:${caller.id}`;
  const since = new Date(Date.now() - deps.config.loginWindowMinutes * 60_000);
  const [failures] = await deps.db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.identifier, identifier), gt(loginFailures.createdAt, since)));
  if ((failures?.n ?? 0) >= deps.config.loginMaxFailures) {
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'errors.tooManyAttempts', { minutes: deps.config.loginWindowMinutes });
  }
  if (!(await verifyPassword(input.oldPassword, account.passwordHash))) {
    await deps.db.insert(loginFailures).values({ identifier, ip: req.ip });
    await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'password_change_failed', entity: 'employee', entityId: caller.id });
    throw new AppError(422, 'OLD_PASSWORD_WRONG', 'errors.oldPasswordWrong', undefined, { oldPassword: 'errors.oldPasswordWrong' });
  }
  await deps.db
    .update(employees)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(and(eq(employees.companyId, caller.companyId), eq(employees.id, caller.id)));
  await deps.db.delete(loginFailures).where(eq(loginFailures.identifier, identifier));
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
