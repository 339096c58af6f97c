/**
 * Work in progress (a FHIR bulk export, a background job) belongs to the server running it under a lease: the holder
 * shows a sign of life as it works (a heartbeat, or the lease's end moved on), and one silent for longer than
 * WORK_LEASE_SECONDS died with its server. Whoever next needs that work takes over from a dead holder at that moment,
 * in the same transaction as its own claim, never only when someone happens to ask about the dead one.
 */
import type { Db } from '../db/client.js';

type LeaseConfig = { leaseSeconds: number };

/** A holder whose last sign of life is older than this instant is dead. */
export function leaseCutoff(config: LeaseConfig, now = new Date()): Date {
  return new Date(now.getTime() - config.leaseSeconds * 1000);
}

/** Until when a lease taken (or renewed) at `now` lasts. */
export function leaseEnd(config: LeaseConfig, now = new Date()): Date {
  return new Date(now.getTime() + config.leaseSeconds * 1000);
}

/** A unique violation, from either driver (a live holder already has what the claim wanted). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Claims work unless a live holder has it. In one transaction: `expire` marks every holder whose lease lapsed as
 * failed (with its reason), then `claim` takes the work; a unique violation in the claim (a live holder, or another
 * server that claimed a moment earlier) is answered with `busy()`. With two servers on PostgreSQL, the second's
 * `expire` waits on the first's row lock, then finds the row no longer running; its claim meets the first's new
 * holder and is busy. Nothing is changed when the claim is refused.
 */
export async function claimUnlessHeld<T>(db: Db, steps: { expire(tx: Db): Promise<unknown>; claim(tx: Db): Promise<T>; busy(): Error }): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await steps.expire(tx as unknown as Db);
      return steps.claim(tx as unknown as Db);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw steps.busy();
    throw err;
  }
}

/**
 * Tests of crashes only (TEST_HOLD, read only with NODE_ENV=test): at a point the test names, the work says so on
 * stderr and stops there for good, as if its server hung or died at that moment, so the test can kill the server
 * with the work in progress. Elsewhere it returns at once.
 */
export async function holdForTest(config: { testHold: string[] }, point: string): Promise<void> {
  if (!config.testHold.includes(point)) return;
  process.stderr.write(`test hold: ${point}\n`);
  await new Promise<never>(() => {});
}
