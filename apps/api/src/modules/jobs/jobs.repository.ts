import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  companyId: string;
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
  maxAttempts?: number;
}

export async function insertJob(db: Db, job: NewJob): Promise<string> {
  const [row] = await db.insert(jobs).values({
    companyId: job.companyId, kind: job.kind, payload: job.payload, runAt: job.runAt, maxAttempts: job.maxAttempts ?? 5,
  }).returning({ id: jobs.id });
  return row!.id;
}

/** Where runners are woken: a NOTIFY sent inside a transaction reaches them when it commits. */
export const JOBS_CHANNEL = 'clinic_jobs';

/** Wakes every runner sharing the database (inside a transaction: at commit; never, if it rolls back). */
export async function wakeRunners(db: Db): Promise<void> {
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
}

interface RawJob {
  company_id: string; id: string; kind: string; payload: Record<string, unknown>; attempts: number; max_attempts: number;
  run_at: string | Date;
}

/**
 * Takes one due job for `runner` in one statement: a queued job whose time has come, or a running one whose lease
 * lapsed. FOR UPDATE SKIP LOCKED lets several runners claim at once without waiting on each other, and the row
 * re-check on a concurrent update means a job is never claimed twice within its lease.
 */
export async function claimDueJob(db: Db, runner: string, now: Date, leaseUntil: Date, kinds?: readonly string[]) {
  const ofKinds = kinds ? sql`and kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})` : sql``;
  const rows = rowsOf<RawJob>(await db.execute(sql`
    update jobs set state = 'running', attempts = attempts + 1, locked_by = ${runner},
      locked_until = ${leaseUntil.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where (company_id, id) in (
      select company_id, id from jobs
      where ((state = 'queued' and run_at <= ${now.toISOString()}::timestamptz)
         or (state = 'running' and locked_until < ${now.toISOString()}::timestamptz)) ${ofKinds}
      order by run_at
      limit 1
      for update skip locked
    )
    returning company_id, id, kind, payload, attempts, max_attempts, run_at`));
  const r = rows[0];
  if (!r) return null;
  return { companyId: r.company_id, id: r.id, kind: r.kind, payload: r.payload, attempts: r.attempts, maxAttempts: r.max_attempts, runAt: new Date(r.run_at) };
}

export type ClaimedJob = NonNullable<Awaited<ReturnType<typeof claimDueJob>>>;

const mine = (job: ClaimedJob, runner: string) =>
  and(eq(jobs.companyId, job.companyId), eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, runner));

export async function finishJob(db: Db, job: ClaimedJob, runner: string, now: Date) {
  await db.update(jobs).set({ state: 'done', lockedBy: null, lockedUntil: null, finishedAt: now, updatedAt: now, lastError: null })
    .where(mine(job, runner));
}

export async function retryJob(db: Db, job: ClaimedJob, runner: string, now: Date, runAt: Date, error: string) {
  await db.update(jobs).set({ state: 'queued', runAt, lockedBy: null, lockedUntil: null, updatedAt: now, lastError: error })
    .where(mine(job, runner));
}

/**
 * Moves the lease of a job `runner` is still running on to `until` (its heartbeat); false when the job is no longer
 * this runner's: its lease had lapsed and another runner took it over, or it was settled.
 */
export async function renewJobLease(db: Db, job: ClaimedJob, runner: string, until: Date): Promise<boolean> {
  const rows = await db.update(jobs).set({ lockedUntil: until }).where(mine(job, runner)).returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Gives a job its runner stopped part-way (the server is shutting down) back to the queue, due as before (so at once,
 * in its place in line) and with the stopped attempt not counted, so another server, or this one once started again,
 * takes it at its next claim instead of after the lease.
 */
export async function releaseJob(db: Db, job: ClaimedJob, runner: string, now: Date): Promise<boolean> {
  const rows = await db.update(jobs).set({
    state: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedBy: null, lockedUntil: null, updatedAt: now,
  }).where(mine(job, runner)).returning({ id: jobs.id });
  return rows.length > 0;
}

/** Gives up: true when this runner still held the job (so its failure is reported once). */
export async function failJob(db: Db, job: ClaimedJob, runner: string, now: Date, error: string): Promise<boolean> {
  const rows = await db.update(jobs).set({ state: 'failed', lockedBy: null, lockedUntil: null, finishedAt: now, updatedAt: now, lastError: error })
    .where(mine(job, runner)).returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Deletes at most `batch` finished jobs (done, or given up) that finished before `before`; returns how many. Rows
 * another runner is deleting are skipped (SKIP LOCKED), so several servers cleaning at once share the work.
 */
export async function deleteFinishedJobs(db: Db, before: Date, batch: number): Promise<number> {
  const rows = rowsOf(await db.execute(sql`
    delete from jobs where (company_id, id) in (
      select company_id, id from jobs
      where state in ('done', 'failed') and finished_at < ${before.toISOString()}::timestamptz
      limit ${batch}
      for update skip locked
    )
    returning id`));
  return rows.length;
}

/** Queued again now, with a fresh set of attempts (an administrator's retry). */
export async function requeueJob(db: Db, companyId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db.update(jobs).set({ state: 'queued', runAt: now, attempts: 0, lastError: null, finishedAt: null, updatedAt: now })
    .where(and(eq(jobs.companyId, companyId), eq(jobs.id, id), sql`${jobs.state} in ('failed', 'done')`)).returning({ id: jobs.id });
  return rows.length > 0;
}
