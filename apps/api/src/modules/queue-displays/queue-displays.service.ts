import { pageWindow, type DisplayRecord, type displayPaired, type displayPairing } from '@clinic/shared';
import type { z } from 'zod';
import type { Caller, Deps } from '../../lib/app-types.js';
import { clockNow } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { companyIsOpen } from '../../lib/credential-liveness.js';
import { AppError, notFound } from '../../lib/errors.js';
import { exactTotal } from '../../lib/list.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import type { Db } from '../../db/client.js';
import { claimChallenge, insertChallenge, releaseAttempt, reserveAttempt, spendChallengeTry } from '../auth/index.js';
import {
  newDisplayToken, newPairingCode, normalisePairingCode, PAIRING_MINUTES, PAIRING_PURPOSE, sha256,
} from './display-credentials.js';
import {
  clinicOf, completePairing, countDisplays, findDisplays, insertDisplay, restartPairing, revoke, type DisplayRow, type DisplayWithClinic,
} from './queue-displays.repository.js';

/*
 * The clinic's TV displays. An administrator adds a display (a clinic, optionally one room) and gets a one-time
 * pairing code, kept as a single-use sign-in challenge (hashed, ten minutes) naming the display and the version of
 * the display it was made for: a newer code, a pairing or a revocation moves the version on, so an older code stops
 * working. The screen trades the code for its token once. Revoking ends the token, and open streams of the display
 * close (each re-checks its display on the clinic's live event that the revocation publishes).
 */

type DisplayPairing = z.infer<typeof displayPairing>;
type DisplayPaired = z.infer<typeof displayPaired>;

const ENTITY = 'queue_display';
/** Wrong codes one address may try within the sign-in window before it is refused (429). */
export const PAIRING_MAX_WRONG = 10;

export function displayRecord(row: DisplayWithClinic, now: Date): DisplayRecord {
  const status = row.revokedAt ? 'revoked' : row.tokenHash ? 'paired' : row.pairingExpiresAt && row.pairingExpiresAt > now ? 'pairing' : 'unpaired';
  return {
    _id: row.id, clinic: { _id: row.clinicId, name: row.clinicName }, name: row.name, room: row.room, status,
    pairingExpiresAt: status === 'pairing' ? row.pairingExpiresAt!.toISOString() : null,
    pairedAt: row.pairedAt?.toISOString() ?? null, lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(),
  };
}

export async function listDisplays(
  deps: Deps, caller: Caller, q: { clinic?: string | undefined; page: number; limit: number; allData?: boolean | undefined },
): Promise<{ data: DisplayRecord[]; total: number }> {
  const w = pageWindow(q);
  const rows = await findDisplays(deps.db, caller.companyId, { clinicId: q.clinic }, w);
  const total = await exactTotal(rows.length, w, () => countDisplays(deps.db, caller.companyId, q.clinic));
  const now = clockNow(deps);
  return { data: rows.map((r) => displayRecord(r, now)), total };
}

/** A pairing code for the display at this version, stored as its challenge (hashed) inside the caller's transaction. */
async function issueCode(tx: Db, display: DisplayRow, expiresAt: Date): Promise<string> {
  const code = newPairingCode();
  await insertChallenge(tx, {
    purpose: PAIRING_PURPOSE, tokenHash: sha256(code), subject: { companyId: display.companyId, displayId: display.id },
    data: { version: display.version }, expiresAt,
  });
  return code;
}

async function pairingOf(deps: Deps, companyId: string, display: DisplayRow, code: string, now: Date): Promise<DisplayPairing> {
  const [row] = await findDisplays(deps.db, companyId, { id: display.id });
  return { display: displayRecord(row!, now), code, expiresAt: display.pairingExpiresAt!.toISOString() };
}

export async function createDisplay(
  deps: Deps, ctx: RequestContext, caller: Caller, input: { clinic: string; name: string; room?: string | null | undefined },
): Promise<DisplayPairing> {
  const clinic = await clinicOf(deps.db, caller.companyId, input.clinic);
  if (!clinic) throw new AppError(404, 'NOT_FOUND', 'errors.queueDisplays.clinicNotFound', undefined, { clinic: 'errors.queueDisplays.clinicNotFound' });
  const now = clockNow(deps);
  const expiresAt = new Date(now.getTime() + PAIRING_MINUTES * 60_000);
  const { display, code } = await inTransaction(deps.db, async (tx) => {
    const row = await insertDisplay(tx, {
      companyId: caller.companyId, clinicId: clinic.id, name: input.name, room: input.room ?? null, pairingExpiresAt: expiresAt, createdBy: caller.id, createdAt: now,
    });
    const issued = await issueCode(tx, row, expiresAt);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'create', entity: ENTITY, entityId: row.id,
      changes: { after: { clinic: clinic.id, name: input.name, room: input.room ?? null, pairingExpiresAt: expiresAt.toISOString() } },
    });
    return { display: row, code: issued };
  });
  return pairingOf(deps, caller.companyId, display, code, now);
}

/** Refusal of a change to a display that is not there (404) or revoked (409). */
async function refusal(deps: Deps, companyId: string, id: string): Promise<AppError> {
  const [row] = await findDisplays(deps.db, companyId, { id });
  return row?.revokedAt ? new AppError(409, 'DISPLAY_REVOKED', 'errors.queueDisplays.revoked') : notFound();
}

export async function newPairingCodeFor(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<DisplayPairing & { name: string }> {
  const now = clockNow(deps);
  const expiresAt = new Date(now.getTime() + PAIRING_MINUTES * 60_000);
  const result = await inTransaction(deps.db, async (tx) => {
    const row = await restartPairing(tx, caller.companyId, id, expiresAt);
    if (!row) return null;
    const code = await issueCode(tx, row, expiresAt);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'pairing_code', entity: ENTITY, entityId: id,
      changes: { pairingExpiresAt: expiresAt.toISOString(), unpaired: true },
    });
    // A screen paired with the old token is watching its stream: the event makes it re-check, and close.
    await deps.live?.publish(tx, { c: caller.companyId, t: 'queue', k: row.clinicId });
    return { row, code };
  });
  if (!result) throw await refusal(deps, caller.companyId, id);
  return { ...(await pairingOf(deps, caller.companyId, result.row, result.code, now)), name: result.row.name };
}

export async function revokeDisplay(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<{ name: string }> {
  const now = clockNow(deps);
  const row = await inTransaction(deps.db, async (tx) => {
    const revoked = await revoke(tx, caller.companyId, id, now);
    if (!revoked) return null;
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'revoke', entity: ENTITY, entityId: id, changes: { name: revoked.name } });
    await deps.live?.publish(tx, { c: caller.companyId, t: 'queue', k: revoked.clinicId });
    return revoked;
  });
  if (!row) throw await refusal(deps, caller.companyId, id);
  return { name: row.name };
}

const codeInvalid = () => new AppError(400, 'DISPLAY_CODE_INVALID', 'errors.queueDisplays.codeInvalid', undefined, { code: 'errors.queueDisplays.codeInvalid' });

/**
 * The screen's side of pairing: the code, once, for its token. Each attempt is reserved against a per-address limit
 * first; a good code gives its reservation back, so only wrong codes count.
 */
export async function pairDisplay(deps: Deps, ctx: RequestContext, typed: string): Promise<DisplayPaired> {
  const windowMinutes = deps.config.loginWindowMinutes;
  const attempt = await reserveAttempt(deps, { identifier: 'display-pairing:', ip: ctx.ip ?? '', perAddress: true }, { max: PAIRING_MAX_WRONG, windowMinutes });
  if (attempt === null) throw new AppError(429, 'TOO_MANY_PAIRING_ATTEMPTS', 'errors.queueDisplays.tooManyAttempts', { count: windowMinutes });
  const code = normalisePairingCode(typed);
  if (!code) throw codeInvalid();
  const now = clockNow(deps);
  const paired = await inTransaction(deps.db, async (tx) => {
    const challenge = await spendChallengeTry(tx, PAIRING_PURPOSE, sha256(code), 1);
    const subject = challenge?.subject as { companyId?: string; displayId?: string } | null | undefined;
    const version = Number((challenge?.data as { version?: unknown } | undefined)?.version);
    if (!challenge || !subject?.companyId || !subject.displayId || !Number.isInteger(version)) return null;
    // A closed organisation's screen is not paired: its token would be refused at once.
    if (!(await companyIsOpen(tx, subject.companyId))) return null;
    if (!(await claimChallenge(tx, challenge.id))) return null;
    const { token, hash } = newDisplayToken(subject.companyId, subject.displayId);
    const row = await completePairing(tx, subject.companyId, subject.displayId, version, hash, now);
    if (!row) return null;
    await recordAudit(tx, ctx, { companyId: row.companyId, actorId: null, action: 'pair', entity: ENTITY, entityId: row.id, changes: { name: row.name } });
    return { token, row };
  });
  if (!paired) throw codeInvalid();
  await releaseAttempt(deps, attempt);
  const [found] = await findDisplays(deps.db, paired.row.companyId, { id: paired.row.id });
  return { token: paired.token, display: { name: paired.row.name, clinic: found?.clinicName ?? '', room: paired.row.room } };
}
