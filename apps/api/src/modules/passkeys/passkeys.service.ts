/** A person's own passkeys: registration (named, several, each credential once), the list, renaming and removal. */
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyOptions, PasskeyView } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { releaseEnrolment } from '../auth/index.js';
import { dropRecoveryCodesWithoutFactor } from '../two-factor/index.js';
import { relyingParty, saveCeremony, spendCeremony } from './ceremony.js';
import {
  accountNames, countPasskeysLocked, deletePasskey, insertPasskey, listPasskeys, renamePasskey, type PasskeyRow,
} from './passkeys.repository.js';

const ENTITY = 'passkey';

export function passkeyView(row: PasskeyRow): PasskeyView {
  return {
    id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    deviceType: row.deviceType ?? null, backedUp: row.backedUp,
  };
}

export async function listOwn(deps: Deps, caller: Caller): Promise<PasskeyView[]> {
  return (await listPasskeys(deps.db, caller.companyId, caller.id)).map(passkeyView);
}

const notFound = () => new AppError(404, 'PASSKEY_NOT_FOUND', 'errors.passkeys.notFound');

/**
 * Options to create a passkey for the caller: a discoverable credential (it can sign in without a user name) that
 * verifies the person (PIN or biometrics), the caller's existing passkeys excluded.
 */
/** The most passkeys one person keeps (a phone, a laptop, security keys and their spares). */
export const PASSKEYS_MAX = 20;
const tooMany = () => new AppError(409, 'PASSKEY_LIMIT', 'errors.passkeys.limit', { max: PASSKEYS_MAX });

export async function registrationOptions(deps: Deps, caller: Caller): Promise<PasskeyOptions> {
  const rp = relyingParty(deps);
  const names = await accountNames(deps.db, caller.companyId, caller.id);
  if (!names) throw notFound();
  const existing = await listPasskeys(deps.db, caller.companyId, caller.id);
  if (existing.length >= PASSKEYS_MAX) throw tooMany();
  const options = await generateRegistrationOptions({
    rpName: rp.rpName, rpID: rp.rpID,
    userName: names.username ?? names.email ?? names.name, userDisplayName: names.name,
    userID: new TextEncoder().encode(caller.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await saveCeremony(deps, 'passkey_register', { companyId: caller.companyId, employeeId: caller.id }, { challenge: options.challenge });
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * Verifies the new passkey against the caller's own challenge and keeps it under its name. A session held to
 * enrolment (the organisation requires a second factor of the person) is released by it.
 */
export async function register(
  deps: Deps, ctx: RequestContext, caller: Caller, input: { challengeId: string; name: string; response: Record<string, unknown> },
): Promise<PasskeyView> {
  const { challenge } = await spendCeremony(deps, 'passkey_register', input.challengeId, { subject: { companyId: caller.companyId, employeeId: caller.id } });
  const rp = relyingParty(deps);
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification: true,
    });
    info = result.verified ? result.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info) throw new AppError(400, 'PASSKEY_NOT_VERIFIED', 'errors.passkeys.notVerified');
  const enrolment = caller.session?.enrolmentRequired === true;
  const row = await inTransaction(deps.db, async (tx) => {
    // Counted under a lock on the person's row, so two enrolments at once cannot pass the limit together.
    if (await countPasskeysLocked(tx, caller.companyId, caller.id) >= PASSKEYS_MAX) throw tooMany();
    const added = await insertPasskey(tx, {
      companyId: caller.companyId, employeeId: caller.id, name: input.name,
      credentialId: info.credential.id, publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter, transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType, backedUp: info.credentialBackedUp,
    });
    if (!added) throw new AppError(409, 'PASSKEY_ALREADY_REGISTERED', 'errors.passkeys.alreadyRegistered');
    if (enrolment && caller.session) await releaseEnrolment(tx, caller.companyId, caller.session.id, 'passkey');
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'passkey_added', entity: ENTITY, entityId: added.id,
      changes: { after: { name: added.name, deviceType: added.deviceType }, ...(enrolment && { enrolment: true }) },
    });
    return added;
  });
  return passkeyView(row);
}

export async function rename(deps: Deps, ctx: RequestContext, caller: Caller, id: string, name: string): Promise<PasskeyView> {
  return inTransaction(deps.db, async (tx) => {
    const before = (await listPasskeys(tx, caller.companyId, caller.id)).find((p) => p.id === id);
    const row = before && (await renamePasskey(tx, caller.companyId, caller.id, id, name));
    if (!before || !row) throw notFound();
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'passkey_renamed', entity: ENTITY, entityId: id,
      changes: { before: { name: before.name }, after: { name: row.name } },
    });
    return passkeyView(row);
  });
}

/** Removes one of the caller's passkeys; the last second factor takes the recovery codes with it. */
export async function remove(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const row = await deletePasskey(tx, caller.companyId, caller.id, id);
    if (!row) throw notFound();
    // As when the authenticator app is turned off: codes kept with no factor left would come back as a second factor
    // with the next passkey, however long ago they were printed or leaked.
    await dropRecoveryCodesWithoutFactor(tx, caller.companyId, caller.id);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'passkey_removed', entity: ENTITY, entityId: id, changes: { before: { name: row.name } },
    });
  });
}
