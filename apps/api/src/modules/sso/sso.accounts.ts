import type { SsoErrorReason, SsoGroupRole } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clockNow, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { announceCredentialChange } from '../../lib/credential-liveness.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inOrganisationTransaction } from '../../lib/transaction.js';
import { administratorRoleIds, hasActiveAdministrator, lockAccounts } from '../employees/index.js';
import { revokeInvitationsOf } from '../invitations/index.js';
import type { ProviderPerson } from './oidc.js';
import {
  findByEmail, findLinkedAccount, insertSsoAccount, linkIdentity, replaceRoles, roleIdsOf, touchIdentity, type ProviderRow,
  type SsoAccount,
} from './sso.repository.js';

/**
 * Who a person coming back from the provider is here. Their e-mail must be verified by the provider and of an allowed
 * domain. An identity already linked (issuer and subject) names its account; else the organisation's one account that
 * holds that e-mail (it can sign in, or the person is invited) is linked if it has no other identity at this provider,
 * and their invitation ends (two such accounts: refused, either could be theirs); else, with `auto` provisioning, an
 * account is made with the roles of the person's groups (none mapped: refused). With a group mapping, the person's
 * roles follow their groups at every sign-in, but never so far that the organisation is left without an active
 * administrator (see syncRoles).
 */
export type Resolution = { account: SsoAccount; reason?: undefined } | { account: SsoAccount | null; reason: SsoErrorReason };

export function mappedRoles(groupRoles: SsoGroupRole[], groups: string[]): string[] {
  return [...new Set(groupRoles.filter((g) => groups.includes(g.group)).map((g) => g.roleId))].sort();
}

/**
 * Gives the person the roles of their groups, in the caller's transaction: what they held before and hold now, and the
 * administrator roles kept; null when they hold the groups' roles already. A sync that would leave the organisation
 * without an active administrator (its only one is in a group mapped to another role) keeps the person's administrator
 * roles beside the mapped ones: the sign-in goes on, and someone is left who can correct the mapping. It runs under the
 * lock every change of administration takes (employees/administrators.ts), so two administrators losing the role at
 * once are decided one after the other.
 */
async function syncRoles(tx: Db, companyId: string, employeeId: string, wanted: string[]) {
  if ((await roleIdsOf(tx, companyId, employeeId)).sort().join() === wanted.join()) return null;
  await lockAccounts(tx, companyId);
  const before = (await roleIdsOf(tx, companyId, employeeId)).sort();
  if (before.join() === wanted.join()) return null;
  const hadAdministrator = await hasActiveAdministrator(tx, companyId);
  await replaceRoles(tx, companyId, employeeId, wanted);
  if (!hadAdministrator || (await hasActiveAdministrator(tx, companyId))) return { before, after: wanted, kept: [] };
  const kept = (await administratorRoleIds(tx, companyId, before)).sort();
  const after = [...new Set([...wanted, ...kept])].sort();
  await replaceRoles(tx, companyId, employeeId, after);
  return { before, after, kept };
}

export async function resolveAccount(deps: Deps, ctx: RequestContext, provider: ProviderRow, person: ProviderPerson): Promise<Resolution> {
  const companyId = provider.companyId;
  const linked = await findLinkedAccount(deps.db, companyId, person.issuer, person.subject);
  if (!person.email || !person.emailVerified) return { account: linked, reason: 'email_unverified' };
  const domain = person.email.split('@')[1] ?? '';
  if (!(provider.allowedDomains as string[]).includes(domain)) return { account: linked, reason: 'domain' };

  const groupRoles = provider.groupRoles as SsoGroupRole[];
  const roleIds = mappedRoles(groupRoles, person.groups);
  const [byEmail, second] = linked ? [] : await findByEmail(deps.db, companyId, person.email, person.issuer);
  // Two accounts of the organisation with the address (made before it was kept to one, or by two changes at once):
  // signing in as either would be a guess.
  if (second?.holder) return { account: null, reason: 'email_shared' };
  // An employee record that is no sign-in account (nobody was given one), or an account already linked to another
  // person at this provider (an address handed on), is not taken over by an e-mail match: nor is a second one made.
  if (byEmail && !byEmail.linkable) return { account: null, reason: 'no_account' };
  const found = linked ?? byEmail;
  if (!found) {
    if (provider.provisioning !== 'auto') return { account: null, reason: 'no_account' };
    if (roleIds.length === 0) return { account: null, reason: 'no_role' };
    const created = await inOrganisationTransaction(deps.db, companyId, async (tx) => {
      const row = await insertSsoAccount(tx, companyId, { name: person.name?.trim() || person.email!, email: person.email!, roleIds });
      await linkIdentity(tx, { companyId, issuer: person.issuer, subject: person.subject, employeeId: row.id });
      await recordAudit(tx, ctx, {
        companyId, actorId: row.id, action: 'sso_account_created', entity: 'employee', entityId: row.id, changes: { email: person.email, roleIds },
      });
      return row;
    });
    return { account: created };
  }
  if (!found.isActive) return { account: found, reason: 'inactive' };
  if (groupRoles.length > 0 && roleIds.length === 0) return { account: found, reason: 'no_role' };

  const changed = await inOrganisationTransaction(deps.db, companyId, async (tx) => {
    if (linked) await touchIdentity(tx, companyId, person.issuer, person.subject);
    else {
      await linkIdentity(tx, { companyId, issuer: person.issuer, subject: person.subject, employeeId: found.id });
      // They sign in through the provider now: a link to set a password is of no more use, and is no longer pending.
      await revokeInvitationsOf(tx, ctx, companyId, found.id, 'sso_linked', clockNow(deps));
    }
    if (groupRoles.length === 0) return false;
    const synced = await syncRoles(tx, companyId, found.id, roleIds);
    if (!synced) return false;
    // `keptAdministrator`: the roles the groups would have taken from the organisation's last administrator. Written at
    // every such sign-in, even when the roles end up as they were, so the mapping's conflict shows until it is fixed.
    const kept = synced.kept.length ? { groupRoles: roleIds, keptAdministrator: synced.kept } : {};
    await recordAudit(tx, ctx, {
      companyId, actorId: found.id, action: 'sso_roles_synced', entity: 'employee', entityId: found.id,
      changes: { before: synced.before, after: synced.after, ...kept },
    });
    return synced.after.join() !== synced.before.join();
  });
  // The person's other sessions see their new roles at once.
  if (changed) await announceCredentialChange(deps, ctx, companyId);
  return { account: found };
}
