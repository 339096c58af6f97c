import { CLAIM_TRANSITIONS, type ClaimListQuery, type ClaimRecord, type ClaimUpdate } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { t } from '../../lib/i18n.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import { recordDoctorShares } from '../doctor-shares/index.js';
import { findClaim, findClaims, findInvoice, toClaimRecord, updateClaimAt } from './billing.repository.js';
import { err, inTx } from './billing.service.js';

/* The insurers' claims that issued invoices open: listed, and moved along their status flow by hand. */

export async function listClaims(deps: Deps, caller: Caller, q: ClaimListQuery) {
  return findClaims(deps.db, caller.companyId, q);
}

const claimNotFound = () => err(404, 'CLAIM_NOT_FOUND', 'claimNotFound');

export async function updateClaim(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: ClaimUpdate): Promise<ClaimRecord> {
  const found = await findClaim(deps.db, caller.companyId, id);
  if (!found) throw claimNotFound();
  const from = found.c.status as keyof typeof CLAIM_TRANSITIONS;
  assertVersion(found.c, input.version);
  if (input.status !== from && !CLAIM_TRANSITIONS[from].includes(input.status)) {
    throw err(409, 'CLAIM_TRANSITION', 'claimTransition', { from: t(ctx, `billing.claimStatus.${from}`), to: t(ctx, `billing.claimStatus.${input.status}`) });
  }
  await inTx(deps, async (tx) => {
    // The insurer's money earns the doctor's share: the invoice is locked first, like every money event of it.
    const paying = input.status === 'paid' && from !== 'paid';
    if (paying) await findInvoice(tx, caller.companyId, found.c.invoiceId, true);
    const saved = await updateClaimAt(tx, caller.companyId, id, input.version, from, { status: input.status, note: input.note ?? found.c.note });
    if (!saved) await staleOrMissing(async () => Boolean(await findClaim(tx, caller.companyId, id)), claimNotFound);
    if (paying) await recordDoctorShares(tx, caller.companyId, found.c.invoiceId, 'claim_paid');
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'insurance_claim', entityId: id,
      changes: { before: { status: from }, after: { status: input.status } },
    });
  });
  const now = await findClaim(deps.db, caller.companyId, id);
  return toClaimRecord(now!);
}
