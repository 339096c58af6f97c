import { eq } from 'drizzle-orm';
import type { Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { companySecurity } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { noteSignIn, type SignInAccount } from './sign-in.js';

/**
 * An organisation that signs in through its identity provider may turn password sign-in off: after a correct password,
 * or a passkey used without a password (a way in that would bypass the provider, where people are turned off),
 * everyone but its break-glass administrator is refused (403 PASSWORD_SIGN_IN_OFF), with a history row.
 */
export async function assertPasswordSignInAllowed(
  deps: Deps, ctx: RequestContext, account: SignInAccount, method: 'password' | 'passkey' = 'password',
): Promise<void> {
  const [rule] = await deps.db
    .select({ on: companySecurity.passwordSignIn, breakGlass: companySecurity.breakGlassEmployeeId })
    .from(companySecurity).where(eq(companySecurity.companyId, account.companyId));
  if (!rule || rule.on || rule.breakGlass === account.id) return;
  await recordAudit(deps.db, ctx, {
    companyId: account.companyId, actorId: account.id, action: 'login_refused_password_off', entity: 'session', ...(method === 'passkey' ? { changes: { method } } : {}),
  });
  await noteSignIn(deps, ctx, account, { method, result: 'password_sign_in_off' });
  throw new AppError(403, 'PASSWORD_SIGN_IN_OFF', 'errors.security.sso.passwordSignInOff');
}
