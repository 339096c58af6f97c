import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Caller } from './app-types.js';

/** The notification channel on which a server tells the others "drop this company's cached callers". */
export const CALLER_CHANNEL = 'clinic_callers';

/** Tells every server sharing the database (this one included) to drop the company's cached callers. */
export async function announceAccessChange(db: Db, companyId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CALLER_CHANNEL}, ${companyId})`);
}

interface Entry {
  caller: Caller;
  sessionVersion: number | undefined;
  expiresAt: number;
}

/**
 * The signed-in caller (account, plan, permissions), kept for a few seconds so a read does not cost two lookups.
 *
 * Correctness rests on two rules:
 * - every request that can change who may do what (any write other than the routes marked `accessNeutral`) drops
 *   the whole company's entries when it finishes, so this process sees the change on its very next request;
 * - an entry loaded while such a write was running is not stored (each company has a generation, and a load only
 *   stores its result if the generation has not moved since the load began).
 * Other server processes on the same database drop the company's entries too: the write also sends the company id
 * on the CALLER_CHANNEL notification channel, which every server LISTENs to (app.ts). Should a notification be lost
 * (the listening connection broken), another server still sees the change within `ttlMs`; with `ttlMs = 0` nothing
 * is cached.
 */
export class CallerCache {
  private readonly companies = new Map<string, Map<string, Entry>>();
  private readonly generations = new Map<string, number>();
  private size = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  private key(employeeId: string, sessionVersion: number | undefined) {
    return `${employeeId}:${sessionVersion ?? ''}`;
  }

  /** The company's generation; pass it back to `set` so a load that raced a change is dropped. */
  generation(companyId: string): number {
    return this.generations.get(companyId) ?? 0;
  }

  get(companyId: string, employeeId: string, sessionVersion: number | undefined): Caller | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entries = this.companies.get(companyId);
    const key = this.key(employeeId, sessionVersion);
    const entry = entries?.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      entries!.delete(key);
      this.size--;
      return undefined;
    }
    return entry.caller;
  }

  set(companyId: string, employeeId: string, sessionVersion: number | undefined, caller: Caller, generation: number) {
    if (this.ttlMs <= 0 || generation !== this.generation(companyId)) return;
    if (this.size >= this.maxEntries) this.clear();
    let entries = this.companies.get(companyId);
    if (!entries) {
      entries = new Map();
      this.companies.set(companyId, entries);
    }
    const key = this.key(employeeId, sessionVersion);
    if (!entries.has(key)) this.size++;
    entries.set(key, { caller, sessionVersion, expiresAt: this.now() + this.ttlMs });
  }

  private readonly watchers = new Set<(companyId: string) => void>();

  /**
   * Calls `fn` with the company's id whenever its callers are dropped here (a change on this server or another):
   * what holds a caller longer than a request (an open live stream) re-checks them. Returns the unsubscribe.
   */
  onCompanyChange(fn: (companyId: string) => void): () => void {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  }

  /** Forgets every caller of the company (after a change to accounts, roles, permissions or the plan). */
  invalidateCompany(companyId: string) {
    this.generations.set(companyId, this.generation(companyId) + 1);
    const entries = this.companies.get(companyId);
    if (entries) {
      this.size -= entries.size;
      this.companies.delete(companyId);
    }
    for (const fn of this.watchers) fn(companyId);
  }

  clear() {
    for (const companyId of this.companies.keys()) this.generations.set(companyId, this.generation(companyId) + 1);
    this.companies.clear();
    this.size = 0;
  }
}
