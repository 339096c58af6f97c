import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { backoffMs, errorText, JOB_LEASE_MS } from './jobs.domain.js';
import { holdForTest } from '../../lib/lease.js';
import { withoutLinkSession } from '../../lib/file-links.js';
import { inTransaction } from '../../lib/transaction.js';
import { claimDueJob, deleteFinishedJobs, failJob, finishJob, insertJob, JOBS_CHANNEL, retryJob, type ClaimedJob, type NewJob } from './jobs.repository.js';

export type { ClaimedJob } from './jobs.repository.js';

export interface JobHandler {
  /** Does the work; throwing schedules a retry with backoff, or gives up after the job's attempts. */
  run(job: ClaimedJob, now: Date): Promise<void>;
  /**
   * Called when the job gives up (after its last attempt), inside the transaction that records it as given up: what it
   * writes goes through `db` and commits with that, or not at all. If it throws, or the process dies before the commit,
   * the job stays claimed and is given up again, with this hook, once its lease lapses.
   */
  failed?(job: ClaimedJob, error: string, now: Date, db: Db): Promise<void>;
}

/** How often a started runner removes finished jobs past their retention, and how many rows one statement deletes. */
const CLEANUP_EVERY_MS = 3_600_000;
const CLEANUP_BATCH = 1000;
/** Jobs one run of a started runner takes before it lets the server's requests in again (then goes on, if more are due). */
const RUN_BATCH = 100;

export interface RunnerOptions {
  leaseMs?: number;
  testHold?: string[];
  listen?: Database['listen'];
  /** Finished jobs (done or given up) are deleted this many days after they finished (JOB_RETENTION_DAYS); 0: kept. */
  retentionDays?: number;
  /** Rows deleted per statement by a clean-up (tests use a small one). */
  cleanupBatch?: number;
}

export interface RunReport {
  done: number;
  retried: number;
  failed: number;
}

/**
 * Runs due jobs from the `jobs` table. Every server process has one; they share the queue safely (see
 * claimDueJob). `runDue(now)` is what the poller calls on its interval and what tests call with their own clock.
 * A job runs at least once: a runner that dies mid-job leaves it running under its lease (`leaseMs`, the server's
 * WORK_LEASE_SECONDS), and the next claim by any runner after the lease lapsed takes it over in the same statement
 * (another attempt; past its last attempt it is failed, "the runner stopped during the last attempt").
 */
export class JobRunner {
  readonly id = `runner-${randomUUID()}`;
  private readonly handlers = new Map<string, JobHandler>();

  private readonly leaseMs: number;
  private readonly testHold: string[];
  private readonly listen: Database['listen'] | undefined;
  private readonly retentionDays: number;
  private readonly cleanupBatch: number;

  /** `listen`: the database's LISTEN, through which a started runner is woken when new work commits (wakeRunners). */
  constructor(private readonly db: Db, private readonly log?: FastifyBaseLogger, opts: RunnerOptions = {}) {
    this.leaseMs = opts.leaseMs ?? JOB_LEASE_MS;
    this.testHold = opts.testHold ?? [];
    this.listen = opts.listen;
    this.retentionDays = opts.retentionDays ?? 0;
    this.cleanupBatch = opts.cleanupBatch ?? CLEANUP_BATCH;
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  private readonly housekeeping = new Map<string, (now: Date) => Promise<number>>();

  /**
   * Adds a clean-up run with the finished jobs' (after the first run, then hourly): it removes rows of no further use
   * (expired one-time codes, for instance), a bounded batch per call, and answers how many it removed.
   */
  registerCleanUp(name: string, clean: (now: Date) => Promise<number>): void {
    this.housekeeping.set(name, clean);
  }

  enqueue(job: NewJob, db: Db = this.db): Promise<string> {
    return insertJob(db, job);
  }

  /**
   * Runs every job due at `now` (at most `limit`; only of `kinds` when given), one after another; returns what happened.
   * Each job's lease runs from its own claim (`now` plus the time the batch has taken so far), not from the batch's
   * start: a job claimed minutes into a slow batch would otherwise be claimed with a lease already lapsed, and another
   * server's runner would take it and run it a second time.
   */
  runDue(now: Date = new Date(), limit = 100, kinds?: readonly string[]): Promise<RunReport> {
    // Jobs act for no one: whatever request woke the runner, its sign-in is not theirs.
    return withoutLinkSession(async () => {
      const report: RunReport = { done: 0, retried: 0, failed: 0 };
      const started = performance.now();
      for (let i = 0; i < limit; i++) {
        const claimedAt = now.getTime() + Math.round(performance.now() - started);
        const job = await claimDueJob(this.db, this.id, now, new Date(claimedAt + this.leaseMs), kinds);
        if (!job) break;
        report[await this.runOne(job, now)] += 1;
      }
      return report;
    });
  }

  /**
   * Deletes the jobs that finished more than the retention before `now`, a batch per statement and at most
   * `maxBatches` batches (what is left goes at the next clean-up), so the queue does not grow for ever and no
   * clean-up holds the table long. Returns how many it deleted.
   */
  async cleanUp(now: Date = new Date(), maxBatches = 20): Promise<number> {
    let removed = 0;
    for (const [name, clean] of this.housekeeping) {
      try {
        removed += await clean(now);
      } catch (err) {
        this.log?.warn({ err, name }, 'clean-up failed; it runs again at the next one');
      }
    }
    if (this.retentionDays <= 0) return removed;
    const before = new Date(now.getTime() - this.retentionDays * 86_400_000);
    for (let i = 0; i < maxBatches; i++) {
      const n = await deleteFinishedJobs(this.db, before, this.cleanupBatch);
      removed += n;
      if (n < this.cleanupBatch) break;
    }
    return removed;
  }

  /**
   * Records the job as given up and runs its handler's failure hook in the same transaction, so that what the hook
   * settles (a batch or a submission marked failed, a bell) is never lost to a crash between the two. False when that
   * transaction failed: the job stays claimed, and is given up again once its lease lapses.
   */
  private async giveUp(job: ClaimedJob, handler: JobHandler | undefined, now: Date, text: string): Promise<boolean> {
    try {
      await inTransaction(this.db, async (tx) => {
        if (await failJob(tx, job, this.id, now, text)) await handler?.failed?.(job, text, now, tx);
      });
      return true;
    } catch (err) {
      this.log?.error({ err, jobId: job.id, kind: job.kind }, 'job failure hook failed; the job is given up again once its lease lapses');
      return false;
    }
  }

  private async runOne(job: ClaimedJob, now: Date): Promise<keyof RunReport> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      if (job.attempts > job.maxAttempts) throw new Error('gave up: the runner stopped during the last attempt');
      await holdForTest({ testHold: this.testHold }, 'job');
      await handler.run(job, now);
      await finishJob(this.db, job, this.id, now);
      return 'done';
    } catch (error) {
      const text = errorText(error);
      if (job.attempts >= job.maxAttempts || !handler) {
        this.log?.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
        return (await this.giveUp(job, handler, now, text)) ? 'failed' : 'retried';
      }
      await retryJob(this.db, job, this.id, now, new Date(now.getTime() + backoffMs(job.attempts)), text);
      return 'retried';
    }
  }

  /**
   * Polls every `seconds` (0: never), and runs at once when woken (work committed for now, such as a domain event;
   * a wake during a run runs again right after it). A run goes on, a batch at a time, while batches come back full, so
   * a backlog drains as fast as one job after another can run rather than a batch per poll. After its first run, and then hourly, it also cleans up (cleanUp). Returns the stop function, which resolves once the run in
   * progress (if any) has finished, so a shutting-down server closes its database only after its last job's writes.
   * Its `listening` settles once the runner hears new work (or has given up listening and only polls): work committed
   * before that wakes it only at its next poll.
   */
  start(seconds: number): StopRunner {
    if (seconds <= 0) return Object.assign(async () => {}, { listening: Promise.resolve() });
    let current: Promise<void> | null = null;
    let again = false;
    let stopped = false;
    let cleaned = 0;
    const tick = () => {
      if (stopped) return;
      if (current) {
        again = true;
        return;
      }
      current = (async () => {
        try {
          do {
            again = false;
            const report = await this.runDue(new Date(), RUN_BATCH);
            const ran = report.done + report.retried + report.failed;
            if (ran) this.log?.info(report, 'jobs run');
            // A full batch says more may be due (a backlog after a burst of bookings, an import or a restart): the
            // next batch follows at once, after the requests that came in meanwhile, not at the next poll.
            if (ran >= RUN_BATCH) {
              again = true;
              await new Promise((resolve) => setImmediate(resolve));
            }
          } while (again && !stopped);
          if (!stopped && Date.now() - cleaned >= CLEANUP_EVERY_MS) {
            cleaned = Date.now();
            const removed = await this.cleanUp(new Date());
            if (removed) this.log?.info({ removed }, 'finished jobs and expired rows removed');
          }
        } catch (err) {
          this.log?.error({ err }, 'job runner failed');
        } finally {
          current = null;
        }
      })();
    };
    const timer = setInterval(tick, seconds * 1000);
    timer.unref();
    const unlisten = this.listen?.(JOBS_CHANNEL, tick).catch((err: unknown) => {
      this.log?.warn({ err }, 'job runner not woken on new work: it polls only');
      return null;
    });
    const stop = async () => {
      stopped = true;
      clearInterval(timer);
      await (await unlisten)?.();
      await current;
    };
    return Object.assign(stop, { listening: unlisten ? unlisten.then(() => undefined) : Promise.resolve() });
  }
}

/** Stops a started runner (see JobRunner.start); `listening` settles once it is woken by new work. */
export type StopRunner = (() => Promise<void>) & { readonly listening: Promise<void> };
