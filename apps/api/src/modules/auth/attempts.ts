import type { Db } from '../../db/client.js';
import type { Deps } from '../../lib/app-types.js';
import {
  countAttemptsSince, deleteAttempt, deleteAttempts, deleteOldestAttemptsBefore, insertAttempt, lockAttemptKey, type AttemptFilter,
} from './auth.repository.js';

/**
 * Throttled attempts (sign-in, password change, sign-up) are rows of `login_failures`, keyed by an identifier and,
 * where the throttle is per address, the client address.
 *
 * An attempt is reserved before the work it guards (a slow password hash, a sign-up): under an advisory lock for
 * its key, the attempts within the window are counted and, below the limit, this one is recorded, in one
 * transaction. Parallel requests therefore queue on the count instead of all reading it before any of them is
 * written. The reservation stays as the failure record when the attempt fails and is removed when it succeeds.
 */

/** First key of the two-key advisory locks the API takes (the second is a hash of what is locked). */
export const LOCK_NAMESPACE = { accounts: 7301, attempts: 7302 } as const;

/** Rows examined per purge: enough to keep up with one new row per attempt, bounded whatever the table's size. */
const PURGE_BATCH = 100;

export interface AttemptKey {
  identifier: string;
  ip: string;
  /** Count only this address's attempts (sign-in, sign-up), or every attempt for the identifier (password change). */
  perAddress: boolean;
}

export interface AttemptLimit {
  max: number;
  windowMinutes: number;
}

function keyFilter(key: AttemptKey): AttemptFilter {
  return { identifier: key.identifier, ip: key.perAddress ? key.ip : null };
}

/** Records one attempt unless the limit is reached. Returns the reservation's id, or null when throttled. */
export async function reserveAttempt(deps: Deps, key: AttemptKey, limit: AttemptLimit): Promise<number | null> {
  await purgeExpiredAttempts(deps);
  const lockKey = key.perAddress ? `${key.identifier}\n${key.ip}` : key.identifier;
  return deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockAttemptKey(tx, LOCK_NAMESPACE.attempts, lockKey);
    const since = new Date(Date.now() - limit.windowMinutes * 60_000);
    if ((await countAttemptsSince(tx, keyFilter(key), since)) >= limit.max) return null;
    return insertAttempt(tx, key.identifier, key.ip);
  });
}

/** Removes one reservation (the attempt succeeded, or ended without counting as a failure). */
export async function releaseAttempt(deps: Deps, id: number): Promise<void> {
  await deleteAttempt(deps.db, id);
}

/** Forgets every recorded attempt of a key (a successful sign-in clears its failures). */
export async function clearAttempts(deps: Deps, key: AttemptKey): Promise<void> {
  await deleteAttempts(deps.db, keyFilter(key));
}

/**
 * Deletes attempts older than every throttling window, oldest first and at most PURGE_BATCH rows a call: ids grow
 * with time, so the oldest rows are the first ids, and each call looks at a bounded number of them.
 */
export async function purgeExpiredAttempts(deps: Deps): Promise<void> {
  const windowMinutes = Math.max(deps.config.loginWindowMinutes, deps.config.signupWindowMinutes);
  const before = new Date(Date.now() - windowMinutes * 60_000);
  await deleteOldestAttemptsBefore(deps.db, before, PURGE_BATCH);
}
