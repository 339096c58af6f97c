import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { backoffMs, errorText, JOB_LEASE_MS } from './jobs.domain.js';
import { holdForTest } from '../../lib/lease.js';
import { withoutLinkSession } from '../../lib/file-links.js';
import { inTransaction } from '../../lib/transaction.js';
import {
  claimDueJob, deleteFinishedJobs, failJob, finishJob, insertJob, JOBS_CHANNEL, releaseJob, renewJobLease, retryJob, type ClaimedJob, type NewJob,
} from './jobs.repository.js';

export type { ClaimedJob } from './jobs.repository.js';

/** What a running job is told besides itself. */
export interface JobContext {
  /**
   * Aborted when the job should stop where it stands: another runner took it over (this runner's lease lapsed
   * without a renewal getting through), or this runner is stopping (a server shutting down). A long handler (an
   * import) checks it between its steps and throws (`signal.throwIfAborted()`); what it committed so far stays, and
   * the job goes on from there under its new holder, or on the next claim.
   */
  readonly signal: AbortSignal;
}

export interface JobHandler {
  /**
   * Does the work; throwing schedules a retry with backoff, or gives up after the job's attempts. Returning means
   * done, even when `ctx.signal` was aborted meanwhile: a handler that stops for it throws.
   */
  run(job: ClaimedJob, now: Date, ctx: JobContext): Promise<void>;
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

/** Why a running job's signal was aborted. */
class LeaseLost extends Error {
  constructor() { super('another runner took the job over: its lease had lapsed'); }
}
class RunnerStopping extends Error {
  constructor() { super('the runner is stopping'); }
}

/** A running job's hold on its lease: renewed by a timer while the handler works, ended when it returns. */
interface LeaseHold {
  readonly signal: AbortSignal;
  /** Stops the renewals (the timer and the one in flight, if any); safe to call more than once. */
  end(): Promise<void>;
}

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
 * (another attempt; past its last attempt it is failed, "the runner stopped during the last attempt"). A living
 * runner renews the lease of the job it runs every third of the lease, however long the job takes (a large import),
 * so only a dead runner's job is taken over; should a renewal find the job taken all the same (renewals that could
 * not reach the database for a whole lease), the handler is told to stop (JobContext.signal).
 */
export class JobRunner {
  readonly id = `runner-${randomUUID()}`;
  private readonly handlers = new Map<string, JobHandler>();

  private readonly leaseMs: number;
  private readonly testHold: string[];
  private readonly listen: Database['listen'] | undefined;
  private readonly retentionDays: number;
  private readonly cleanupBatch: number;
  /** Set by a started runner's stop: no further job is claimed, and the running one is told to stop. */
  private stopping = false;
  private readonly holds = new Set<AbortController>();

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
      // `now` moved on by the time the batch has taken so far (the clock the leases are taken and renewed by).
      const clock = () => now.getTime() + Math.round(performance.now() - started);
      for (let i = 0; i < limit; i++) {
        // A stopping server takes no further job: what is still due stays queued for the next claim, here or elsewhere.
        if (this.stopping) break;
        const job = await claimDueJob(this.db, this.id, now, new Date(clock() + this.leaseMs), kinds);
        if (!job) break;
        report[await this.runOne(job, now, clock)] += 1;
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

  /**
   * Renews the job's lease every third of the lease while it runs, to `clock()` plus the lease, only while the job is
   * still this runner's (renewJobLease). A renewal that finds it taken over aborts the signal; one that fails (the
   * database out of reach) is tried again at the next tick. The timer never keeps the process alive.
   */
  private holdLease(job: ClaimedJob, clock: () => number): LeaseHold {
    const controller = new AbortController();
    let lost = false;
    let ended = false;
    let renewing: Promise<void> | null = null;
    const renew = () => {
      if (renewing || lost || ended) return;
      renewing = (async () => {
        try {
          if (!(await renewJobLease(this.db, job, this.id, new Date(clock() + this.leaseMs))) && !ended) {
            lost = true;
            this.log?.warn({ jobId: job.id, kind: job.kind }, 'job taken over by another runner (its lease had lapsed): stopping it here');
            controller.abort(new LeaseLost());
          }
        } catch (err) {
          this.log?.warn({ err, jobId: job.id, kind: job.kind }, 'job lease not renewed; tried again shortly');
        } finally {
          renewing = null;
        }
      })();
    };
    const timer = setInterval(renew, Math.max(1, Math.floor(this.leaseMs / 3)));
    timer.unref();
    this.holds.add(controller);
    // A runner already stopping tells the job at once (it was claimed just before the stop).
    if (this.stopping) controller.abort(new RunnerStopping());
    return {
      signal: controller.signal,
      end: async () => {
        ended = true;
        clearInterval(timer);
        this.holds.delete(controller);
        await renewing;
      },
    };
  }

  /**
   * A job whose handler stopped for its signal: taken over by another runner, it is left to it; stopped because this
   * runner is stopping, it goes back to the queue at once (releaseJob), its attempt not counted.
   */
  private async stoppedPartWay(job: ClaimedJob, now: Date, reason: unknown): Promise<keyof RunReport> {
    if (!(reason instanceof RunnerStopping)) return 'retried';
    try {
      if (await releaseJob(this.db, job, this.id, now)) this.log?.info({ jobId: job.id, kind: job.kind }, 'job stopped for the shutdown; given back to the queue');
    } catch (err) {
      this.log?.warn({ err, jobId: job.id, kind: job.kind }, 'stopped job not given back; it is taken over once its lease lapses');
    }
    return 'retried';
  }

  private async runOne(job: ClaimedJob, now: Date, clock: () => number): Promise<keyof RunReport> {
    const handler = this.handlers.get(job.kind);
    const lease = this.holdLease(job, clock);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      if (job.attempts > job.maxAttempts) throw new Error('gave up: the runner stopped during the last attempt');
      await holdForTest({ testHold: this.testHold }, 'job');
      await handler.run(job, now, { signal: lease.signal });
      await lease.end();
      await finishJob(this.db, job, this.id, now);
      return 'done';
    } catch (error) {
      await lease.end();
      if (lease.signal.aborted) return this.stoppedPartWay(job, now, lease.signal.reason);
      const text = errorText(error);
      if (job.attempts >= job.maxAttempts || !handler) {
        this.log?.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
        return (await this.giveUp(job, handler, now, text)) ? 'failed' : 'retried';
      }
      await retryJob(this.db, job, this.id, now, new Date(now.getTime() + backoffMs(job.attempts)), text);
      return 'retried';
    } finally {
      await lease.end();
    }
  }

  /** Stops this runner: no further claim (runDue), and the jobs running are told to stop (JobContext.signal). */
  private stopRunning(): void {
    this.stopping = true;
    for (const hold of this.holds) hold.abort(new RunnerStopping());
  }

  /**
   * Polls every `seconds` (0: never), and runs at once when woken (work committed for now, such as a domain event;
   * a wake during a run runs again right after it). A run goes on, a batch at a time, while batches come back full, so
   * a backlog drains as fast as one job after another can run rather than a batch per poll. After its first run, and then hourly, it also cleans up (cleanUp). Returns the stop function: no further
   * job is claimed, the job running is told to stop (a long one, such as an import, stops after the step it is on and
   * goes back to the queue for the next claim, here or on another server), and it resolves once the run in progress
   * has finished, so a shutting-down server closes its database only after its last job's writes; or after `waitMs`,
   * leaving a job that did not stop to be taken over once its lease lapses. Its `listening` settles once the runner
   * hears new work (or has given up listening and only polls): work committed before that wakes it only at its next poll.
   */
  start(seconds: number): StopRunner {
    if (seconds <= 0) return Object.assign(async () => { this.stopRunning(); }, { listening: Promise.resolve() });
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
    const stop = async (waitMs = Infinity) => {
      stopped = true;
      this.stopRunning();
      clearInterval(timer);
      await (await unlisten)?.();
      if (!current) return;
      let limit: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        current.then(() => true),
        ...(Number.isFinite(waitMs) ? [new Promise<false>((resolve) => { limit = setTimeout(() => resolve(false), waitMs); limit.unref(); })] : []),
      ]);
      clearTimeout(limit);
      if (!finished) this.log?.warn('shutdown: a job was still running at the time limit; another runner takes it over once its lease lapses');
    };
    return Object.assign(stop, { listening: unlisten ? unlisten.then(() => undefined) : Promise.resolve() });
  }
}

/**
 * Stops a started runner (see JobRunner.start), waiting for its run in progress at most `waitMs` (default: until it
 * ends); `listening` settles once it is woken by new work.
 */
export type StopRunner = ((waitMs?: number) => Promise<void>) & { readonly listening: Promise<void> };
