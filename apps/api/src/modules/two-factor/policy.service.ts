import type { SecondFactorPolicy, SecondFactorPolicyInput } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { countCompanyRoles, findPolicy, savePolicy } from './two-factor.repository.js';

/** The organisation's rule: which roles must use a second factor, and how long a proof of identity opens sensitive changes. */
export async function getPolicy(deps: Deps, caller: Caller): Promise<SecondFactorPolicy> {
  return findPolicy(deps.db, caller.companyId);
}

/**
 * Saves the rule (the roles must be the organisation's own). A holder of a listed role without a second factor is held
 * to enrolment from their next sign-in; sessions already open go on until they end.
 */
export async function updatePolicy(deps: Deps, ctx: RequestContext, caller: Caller, input: SecondFactorPolicyInput): Promise<SecondFactorPolicy> {
  const roleIds = [...new Set(input.roleIds)];
  if ((await countCompanyRoles(deps.db, caller.companyId, roleIds)) !== roleIds.length) {
    throw validationFailed({ roleIds: 'errors.security.mfa.unknownRole' });
  }
  return inTransaction(deps.db, async (tx) => {
    const before = await findPolicy(tx, caller.companyId);
    await savePolicy(tx, caller.companyId, roleIds, input.stepUpMinutes);
    const after = { roleIds, stepUpMinutes: input.stepUpMinutes };
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'second_factor_policy', entityId: caller.companyId, changes: { before, after } });
    return after;
  });
}
