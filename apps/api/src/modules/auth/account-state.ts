import type { SignInMethod } from '@clinic/shared';
import type { Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { companyIsOpen } from '../../lib/credential-liveness.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { releaseAttempt } from './attempts.js';
import { noteSignIn, type SignInAccount } from './sign-in.js';

/**
 * After a correct first step (a password, a passkey): refuses a deactivated person (403 ACCOUNT_INACTIVE) or a closed
 * organisation (403 COMPANY_CLOSED), each audited and written to the person's sign-in history. The throttle's
 * reservation is released: a refusal of a correct credential is not a guess.
 */
export async function refuseUnusableAccount(
  deps: Deps, ctx: RequestContext, who: SignInAccount, state: { isActive: boolean; method: SignInMethod; attempt: number },
): Promise<void> {
  if (!state.isActive) {
    await releaseAttempt(deps, state.attempt);
    await recordAudit(deps.db, ctx, { companyId: who.companyId, actorId: who.id, action: 'login_refused_inactive', entity: 'session' });
    await noteSignIn(deps, ctx, who, { method: state.method, result: 'inactive' });
    throw new AppError(403, 'ACCOUNT_INACTIVE', 'errors.accountInactive');
  }
  if (!(await companyIsOpen(deps.db, who.companyId))) {
    await releaseAttempt(deps, state.attempt);
    await recordAudit(deps.db, ctx, { companyId: who.companyId, actorId: who.id, action: 'login_refused_closed', entity: 'session' });
    await noteSignIn(deps, ctx, who, { method: state.method, result: 'company_closed' });
    throw new AppError(403, 'COMPANY_CLOSED', 'errors.companyClosed');
  }
}
