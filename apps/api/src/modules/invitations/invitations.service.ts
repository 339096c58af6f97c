import { type InvitationAcceptInput, type InvitationCreateInput, type InvitationSent, type InvitationView } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { clockNow } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { sendEmail } from '../../lib/channels.js';
import { AppError, notFound } from '../../lib/errors.js';
import { invitationUrl, signInvitation, verifyInvitation } from '../../lib/invitation-links.js';
import { hashPassword } from '../../lib/password.js';
import { takenSignInName } from '../../lib/sign-in-names.js';
import { nextPublicId } from '../../lib/public-id.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { type ClaimedJob, insertJob, type JobHandler } from '../jobs/index.js';
import { checkReferences, checkRoleGrant, checkUnique, findEmployee, insertEmployee, replaceLinks, signsIn } from '../employees/index.js';
import { invitationEmail } from './invitations.email.js';
import {
  findInvitation, insertInvitation, lockedEmail, markAccepted, revokePendingInvitations, setCredentials, type FoundInvitation, type InvitationRow,
} from './invitations.repository.js';

/*
 * Inviting a member of staff by e-mail. The invitation makes the employee at once (with the roles and clinics it
 * grants, marked incomplete: the HR record is completed later) and an invitation row; its e-mail is a job committed
 * with them. The person opens the link, chooses a user name and password, and the account exists; the link works
 * once, until it lapses, and not after a newer invitation, a deactivation or a deletion (lib/credential-liveness.ts).
 */

export const INVITATION_JOB = 'invitation.email';
const ENTITY = 'employee';

async function sent(deps: Deps, row: InvitationRow): Promise<InvitationSent> {
  const token = await signInvitation(deps.config.jwtSecret!, { companyId: row.companyId, invitationId: row.id }, row.createdAt);
  return {
    _id: row.id, employee: row.employeeId, email: row.email, expiresAt: row.expiresAt.toISOString(),
    link: invitationUrl(deps.config.publicUrl, token), emailed: Boolean(deps.config.smtpUrl),
  };
}

/** The invitation row and its e-mail job, in the caller's transaction. */
async function issue(tx: Db, deps: Deps, ctx: RequestContext, caller: Caller, employeeId: string, email: string, now: Date) {
  const row = await insertInvitation(tx, {
    companyId: caller.companyId, employeeId, email, language: ctx.language, invitedBy: caller.id,
    expiresAt: new Date(now.getTime() + deps.config.invitationTtlHours * 3_600_000), createdAt: now,
  });
  if (deps.config.smtpUrl) await insertJob(tx, { companyId: caller.companyId, kind: INVITATION_JOB, payload: { invitationId: row.id }, runAt: now, maxAttempts: 8 });
  return row;
}

export async function createInvitation(deps: Deps, ctx: RequestContext, caller: Caller, input: InvitationCreateInput): Promise<InvitationSent> {
  await checkReferences(deps.db, caller.companyId, input);
  await checkRoleGrant(deps.db, caller, [...new Set(input.roleIds)]);
  await checkUnique(deps, ctx, caller.companyId, { email: input.email, account: true });
  const now = clockNow(deps);
  const row = await inTransaction(deps.db, async (tx) => {
    const publicId = await nextPublicId(tx, caller.companyId, 'employee', 'EMP');
    const employeeId = await insertEmployee(tx, {
      companyId: caller.companyId, publicId, name: input.name, employeeType: input.employeeType, email: input.email, incomplete: true,
    });
    await replaceLinks(tx, caller.companyId, employeeId, { roleIds: input.roleIds, clinics: input.clinics ?? [] });
    const invitation = await issue(tx, deps, ctx, caller, employeeId, input.email, now);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'invite', entity: ENTITY, entityId: employeeId,
      changes: { after: { publicId, ...input, expiresAt: invitation.expiresAt.toISOString() } },
    });
    return invitation;
  });
  return sent(deps, row);
}

/**
 * A new link for someone who cannot sign in yet; the earlier ones stop working. Someone who signs in without a password
 * (single sign-on, a passkey) is not invited: the link would let whoever holds it set a password on their account.
 */
export async function resendInvitation(deps: Deps, ctx: RequestContext, caller: Caller, employeeId: string): Promise<InvitationSent> {
  const person = await findEmployee(deps.db, caller.companyId, employeeId);
  if (!person) throw notFound();
  if (person.passwordHash !== null || !person.isActive || !person.email) throw new AppError(409, 'INVITATION_NOT_PENDING', 'errors.invitationNotPending');
  if (await signsIn(deps.db, caller.companyId, employeeId)) throw new AppError(409, 'INVITATION_NOT_PENDING', 'errors.invitationNotNeeded');
  await checkUnique(deps, ctx, caller.companyId, { email: person.email, account: true }, employeeId);
  const now = clockNow(deps);
  const row = await inTransaction(deps.db, async (tx) => {
    // The address as it is now: one corrected since it was read above gets the link, not the one it replaced.
    const email = await lockedEmail(tx, caller.companyId, employeeId);
    if (!email) throw new AppError(409, 'INVITATION_NOT_PENDING', 'errors.invitationNotPending');
    const revoked = await revokePendingInvitations(tx, caller.companyId, employeeId, now);
    const invitation = await issue(tx, deps, ctx, caller, employeeId, email, now);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'invite', entity: ENTITY, entityId: employeeId,
      changes: { resent: true, replaced: revoked.length, expiresAt: invitation.expiresAt.toISOString() },
    });
    return invitation;
  });
  return sent(deps, row);
}

/**
 * Ends the person's invitations not yet taken up now that they sign in another way (single sign-on linked them by
 * their e-mail), in the caller's transaction, each audited: the link can no longer be used, nor is it listed as pending.
 */
export async function revokeInvitationsOf(tx: Db, ctx: RequestContext, companyId: string, employeeId: string, reason: string, at: Date) {
  for (const id of await revokePendingInvitations(tx, companyId, employeeId, at)) {
    await recordAudit(tx, ctx, { companyId, actorId: employeeId, action: 'revoke', entity: 'invitation', entityId: id, changes: { reason, employee: employeeId } });
  }
}

/** The invitation a link names, if it can still be taken up; otherwise the error its page shows. */
async function usable(deps: Deps, token: string, now: Date): Promise<FoundInvitation> {
  const claims = await verifyInvitation(deps.config.jwtSecret!, token);
  const found = claims && (await findInvitation(deps.db, claims.companyId, claims.invitationId));
  if (!found || !found.companyOpen || !found.isActive) throw new AppError(404, 'INVITATION_INVALID', 'errors.invitationInvalid');
  if (found.invitation.acceptedAt || found.hasPassword) throw new AppError(409, 'INVITATION_USED', 'errors.invitationUsed');
  // Signed in by single sign-on or a passkey since it was sent: the account is theirs already, and has no password to set.
  if (found.signsIn) throw new AppError(409, 'INVITATION_USED', 'errors.invitationSignsInOtherwise');
  if (found.invitation.revokedAt) throw new AppError(404, 'INVITATION_INVALID', 'errors.invitationInvalid');
  if (found.invitation.expiresAt <= now) throw new AppError(410, 'INVITATION_EXPIRED', 'errors.invitationExpired');
  return found;
}

export async function lookupInvitation(deps: Deps, token: string): Promise<InvitationView> {
  const found = await usable(deps, token, clockNow(deps));
  const local = found.invitation.email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 30);
  return {
    name: found.name, email: found.invitation.email, companyName: found.companyName, expiresAt: found.invitation.expiresAt.toISOString(),
    suggestedUsername: local.length >= 3 ? local : `${local}.staff`,
  };
}

/** The person's own user name and password; the link is used up in the same transaction. */
export async function acceptInvitation(deps: Deps, ctx: RequestContext, input: InvitationAcceptInput): Promise<{ username: string }> {
  const now = clockNow(deps);
  const found = await usable(deps, input.token, now);
  const { companyId, employeeId, email } = found.invitation;
  await checkUnique(deps, ctx, companyId, { username: input.username, email, account: true }, employeeId);
  const passwordHash = await hashPassword(input.password);
  try {
    await inTransaction(deps.db, async (tx) => {
      // Both re-checked in their statements: a second submission of the link, or a deactivation meanwhile, loses.
      if (!(await markAccepted(tx, companyId, found.invitation.id, now))) throw new AppError(409, 'INVITATION_USED', 'errors.invitationUsed');
      if (!(await setCredentials(tx, companyId, employeeId, input.username, passwordHash))) throw new AppError(409, 'INVITATION_USED', 'errors.invitationUsed');
      await recordAudit(tx, ctx, {
        companyId, actorId: employeeId, action: 'accept_invitation', entity: ENTITY, entityId: employeeId,
        changes: { username: input.username, email },
      });
    });
  } catch (err) {
    const taken = takenSignInName(err);
    if (taken === 'username') throw new AppError(409, 'DUPLICATE', 'errors.usernameTaken', undefined, { username: 'errors.usernameTaken' });
    if (taken === 'email') throw new AppError(409, 'DUPLICATE', 'errors.accountEmailTaken', undefined, { username: 'errors.accountEmailTaken' });
    throw err;
  }
  return { username: input.username };
}

/** The e-mail of an invitation; an invitation taken up, revoked or lapsed meanwhile (or a person who signs in already) sends nothing. */
export function invitationJobHandler(deps: Deps): JobHandler {
  return {
    async run(job: ClaimedJob, now: Date) {
      const invitationId = String((job.payload as { invitationId?: unknown }).invitationId ?? '');
      const found = await findInvitation(deps.db, job.companyId, invitationId);
      if (!found || found.invitation.acceptedAt || found.invitation.revokedAt || found.invitation.expiresAt <= now || !found.isActive || !found.companyOpen || found.signsIn) return;
      const language = found.invitation.language === 'ar' ? 'ar' : 'en';
      const { link } = await sent(deps, found.invitation);
      const inviter = found.invitation.invitedBy ? await findEmployee(deps.db, job.companyId, found.invitation.invitedBy) : null;
      const mail = invitationEmail({
        language, link, name: found.name, company: found.companyName, inviter: inviter?.name ?? found.companyName,
        expiresAt: found.invitation.expiresAt, timeZone: found.timeZone,
      });
      await sendEmail(deps.config, { to: found.invitation.email, ...mail, language });
    },
  };
}
