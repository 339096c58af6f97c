import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { contextWithOrg, type TestContext, type TestOrg } from '../../test/harness.js';
import { backoffMs, JOB_LEASE_MS } from './jobs.domain.js';
import { fileUrl, withLinkSession } from '../../lib/file-links.js';
import { JobRunner } from './jobs.runner.js';

let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ({ ctx, org } = await contextWithOrg());
});
afterAll(() => ctx.close());

const T0 = new Date('2030-01-07T08:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const jobRow = async (id: string) => (await ctx.database.db.select().from(jobs).where(and(eq(jobs.companyId, org.companyId), eq(jobs.id, id))))[0]!;
/** Waits (a hang guard, not a timing assertion) until the job's lease reaches past `time`: a renewal has landed. */
async function leaseBeyond(id: string, time: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (((await jobRow(id)).lockedUntil?.getTime() ?? 0) > time) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('job runner', () => {
  it('runs a job only once it is due, then marks it done', async () => {
    const runner = new JobRunner(ctx.database.db);
    const seen: string[] = [];
    runner.register('test.due', { run: async (job) => { seen.push(String(job.payload.n)); } });
    const id = await runner.enqueue({ companyId: org.companyId, kind: 'test.due', payload: { n: 1 }, runAt: at(30) });
    expect(await runner.runDue(at(29))).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(seen).toEqual([]);
    expect(await runner.runDue(at(30))).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(seen).toEqual(['1']);
    const row = await jobRow(id);
    expect(row.state).toBe('done');
    expect(row.attempts).toBe(1);
    // Done work never runs again.
    expect((await runner.runDue(at(600))).done).toBe(0);
  });

  it('never acts with the sign-in of the request that woke it: a job cannot sign a file link as that person', async () => {
    const runner = new JobRunner(ctx.database.db);
    const outcomes: string[] = [];
    runner.register('test.links', {
      run: async () => {
        try {
          outcomes.push(fileUrl({ config: ctx.config } as Parameters<typeof fileUrl>[0], org.companyId, '00000000-0000-4000-8000-000000000001'));
        } catch (err) {
          outcomes.push((err as Error).message);
        }
      },
    });
    await runner.enqueue({ companyId: org.companyId, kind: 'test.links', payload: {}, runAt: at(0) });
    const session = { employeeId: '00000000-0000-4000-8000-000000000002', sessionVersion: 1, familyId: 'family' };
    expect(await withLinkSession(session, () => runner.runDue(at(1), 100, ['test.links']))).toMatchObject({ done: 1 });
    expect(outcomes).toEqual(['file links are issued only while answering a signed-in request']);
  });

  it('retries a failing job with growing waits, then gives up visibly after its attempts and reports it once', async () => {
    const runner = new JobRunner(ctx.database.db);
    const failures: string[] = [];
    let calls = 0;
    runner.register('test.flaky', {
      run: async () => { calls += 1; throw new Error(`refused, try ${calls}`); },
      failed: async (_job, error) => { failures.push(error); },
    });
    const id = await runner.enqueue({ companyId: org.companyId, kind: 'test.flaky', payload: {}, runAt: T0, maxAttempts: 3 });
    let now = T0;
    expect((await runner.runDue(now)).retried).toBe(1);
    let row = await jobRow(id);
    expect(row.state).toBe('queued');
    expect(row.lastError).toBe('refused, try 1');
    expect(row.runAt.getTime()).toBe(now.getTime() + backoffMs(1));
    // Not before the wait is over.
    expect((await runner.runDue(new Date(row.runAt.getTime() - 1000))).retried).toBe(0);
    now = row.runAt;
    expect((await runner.runDue(now)).retried).toBe(1);
    row = await jobRow(id);
    expect(row.runAt.getTime() - now.getTime()).toBe(backoffMs(2));
    expect(backoffMs(2)).toBeGreaterThan(backoffMs(1));
    now = row.runAt;
    expect((await runner.runDue(now)).failed).toBe(1);
    row = await jobRow(id);
    expect(row.state).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBe('refused, try 3');
    expect(failures).toEqual(['refused, try 3']);
    expect(calls).toBe(3);
    expect((await runner.runDue(at(10_000))).failed).toBe(0);
  });

  it('gives a job up and runs its failure hook in one transaction: a hook that fails leaves the job claimed, and after the lease both are settled', async () => {
    const runner = new JobRunner(ctx.database.db);
    let hookCalls = 0;
    const start = at(200_000);
    runner.register('test.hook', {
      run: async () => { throw new Error('refused'); },
      failed: async (job, _error, _now, db) => {
        hookCalls += 1;
        // What the hook writes commits with the give-up, or not at all.
        await db.update(jobs).set({ payload: { settledBy: hookCalls } }).where(and(eq(jobs.companyId, job.companyId), eq(jobs.id, job.id)));
        if (hookCalls === 1) throw new Error('the hook could not finish');
      },
    });
    const id = await runner.enqueue({ companyId: org.companyId, kind: 'test.hook', payload: {}, runAt: start, maxAttempts: 1 });
    expect(await runner.runDue(start)).toEqual({ done: 0, retried: 1, failed: 0 });
    let row = await jobRow(id);
    expect(row.state).toBe('running');
    expect(row.payload).toEqual({});
    // Not taken again while its lease holds.
    expect(await runner.runDue(new Date(start.getTime() + JOB_LEASE_MS - 1000))).toEqual({ done: 0, retried: 0, failed: 0 });
    expect((await runner.runDue(new Date(start.getTime() + JOB_LEASE_MS + 1000))).failed).toBe(1);
    row = await jobRow(id);
    expect(row.state).toBe('failed');
    expect(row.payload).toEqual({ settledBy: 2 });
    expect(hookCalls).toBe(2);
  });

  it('leases each job of a slow batch from its own claim, so no other runner takes it while it runs', async () => {
    const runner = new JobRunner(ctx.database.db, undefined, { leaseMs: 300 });
    const start = at(300_000);
    const leases: number[] = [];
    runner.register('test.slow', {
      run: async (job) => {
        leases.push((await jobRow(job.id)).lockedUntil!.getTime() - start.getTime());
        await new Promise((resolve) => setTimeout(resolve, 600));
      },
    });
    for (let n = 0; n < 2; n++) await runner.enqueue({ companyId: org.companyId, kind: 'test.slow', payload: { n }, runAt: start });
    expect(await runner.runDue(start, 10, ['test.slow'])).toEqual({ done: 2, retried: 0, failed: 0 });
    // The second job was claimed after the first had run 600 ms: its lease runs 300 ms from then, not from the start.
    expect(leases[0]).toBeLessThan(600);
    expect(leases[1]).toBeGreaterThanOrEqual(900);
  });

  it('renews the lease of a job while its runner works on it: however long it runs, no other runner takes it', async () => {
    // The runner's clock (performance.now) and its renewal timer (setInterval) are the test's to move.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    try {
      const start = at(400_000);
      const runner = new JobRunner(ctx.database.db);
      const runs: string[] = [];
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => { entered = resolve; });
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => { finish = resolve; });
      runner.register('test.long', { run: async () => { runs.push('first'); entered(); await finished; } });
      const id = await runner.enqueue({ companyId: org.companyId, kind: 'test.long', payload: {}, runAt: start, maxAttempts: 3 });
      const running = runner.runDue(start, 1, ['test.long']);
      await inside;
      // The job runs three leases long (a large import); other servers look for due work all along.
      const others = new JobRunner(ctx.database.db);
      others.register('test.long', { run: async () => { runs.push('second'); } });
      for (let step = 1; step <= 9; step++) {
        await vi.advanceTimersByTimeAsync(JOB_LEASE_MS / 3);
        const elapsed = (step * JOB_LEASE_MS) / 3;
        await leaseBeyond(id, start.getTime() + elapsed);
        expect(await others.runDue(new Date(start.getTime() + elapsed + 60_000), 1, ['test.long'])).toEqual({ done: 0, retried: 0, failed: 0 });
      }
      finish();
      expect(await running).toEqual({ done: 1, retried: 0, failed: 0 });
      expect(runs).toEqual(['first']);
      const row = await jobRow(id);
      expect(row.state).toBe('done');
      expect(row.attempts).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a job to stop when another runner took it over after all (no renewal got through for a whole lease)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    try {
      const start = at(410_000);
      const first = new JobRunner(ctx.database.db);
      const steps: string[] = [];
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => { entered = resolve; });
      first.register('test.taken', {
        run: async (_job, _now, { signal }) => {
          entered();
          // Step after step, as an import writes its chunks, until told to stop.
          while (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 5));
          signal.throwIfAborted();
          steps.push('first runner went on');
        },
      });
      const id = await first.enqueue({ companyId: org.companyId, kind: 'test.taken', payload: {}, runAt: start, maxAttempts: 3 });
      const running = first.runDue(start, 1, ['test.taken']);
      await inside;
      // The first runner's renewals did not reach the database (its clock has not moved): the lease lapsed.
      const second = new JobRunner(ctx.database.db);
      second.register('test.taken', { run: async () => { steps.push('second runner ran it'); } });
      expect((await second.runDue(new Date(start.getTime() + JOB_LEASE_MS + 60_000), 1, ['test.taken'])).done).toBe(1);
      // The first runner's next renewal finds the job no longer its own: it stops, and leaves the job as the second settled it.
      await vi.advanceTimersByTimeAsync(JOB_LEASE_MS / 3);
      expect(await running).toEqual({ done: 0, retried: 1, failed: 0 });
      expect(steps).toEqual(['second runner ran it']);
      const row = await jobRow(id);
      expect(row.state).toBe('done');
      expect(row.attempts).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('claims no further job once stopped, and gives the long job it stopped back to the queue to be taken at once', async () => {
    const runner = new JobRunner(ctx.database.db, undefined, {
      listen: async (_channel, onMessage) => { wake = () => onMessage(''); return async () => {}; },
    });
    let wake = () => {};
    const ran: string[] = [];
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => { entered = resolve; });
    runner.register('test.stop', {
      run: async (job, _now, { signal }) => {
        if (job.payload.long) {
          entered();
          // An import's chunks: it goes on until told to stop.
          while (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 5));
          signal.throwIfAborted();
        }
        ran.push(String(job.payload.n));
      },
    });
    const due = Date.now() - 60_000;
    const long = await runner.enqueue({ companyId: org.companyId, kind: 'test.stop', payload: { n: 0, long: true }, runAt: new Date(due), maxAttempts: 1 });
    const rest: string[] = [];
    for (let n = 1; n <= 5; n++) rest.push(await runner.enqueue({ companyId: org.companyId, kind: 'test.stop', payload: { n }, runAt: new Date(due + n) }));
    const stop = runner.start(3600);
    await stop.listening;
    wake();
    await inside;
    await stop();
    // Nothing after the job in progress ran; that job is queued again, still first in line, its stopped attempt not counted.
    expect(ran).toEqual([]);
    for (const id of rest) expect((await jobRow(id)).state).toBe('queued');
    const stopped = await jobRow(long);
    expect(stopped.state).toBe('queued');
    expect(stopped.attempts).toBe(0);
    expect(stopped.lockedBy).toBeNull();
    // The next server (or this one started again) takes them all at once, the stopped one too, though it had one attempt.
    const next = new JobRunner(ctx.database.db);
    next.register('test.stop', { run: async (job) => { ran.push(String(job.payload.n)); } });
    expect(await next.runDue(new Date(), 100, ['test.stop'])).toEqual({ done: 6, retried: 0, failed: 0 });
    expect(ran).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('gives a job whose runner died back to the queue once its lease lapses', async () => {
    const dead = new JobRunner(ctx.database.db);
    const id = await dead.enqueue({ companyId: org.companyId, kind: 'test.lease', payload: {}, runAt: at(100_000) });
    // The first runner claims it and stops (as if the process died): claim without running, by a runner with no handler
    // whose failure we then undo to "running".
    await ctx.database.db.update(jobs).set({ state: 'running', lockedBy: 'gone', lockedUntil: new Date(at(100_000).getTime() + JOB_LEASE_MS), attempts: 1 })
      .where(and(eq(jobs.companyId, org.companyId), eq(jobs.id, id)));
    const alive = new JobRunner(ctx.database.db);
    let runs = 0;
    alive.register('test.lease', { run: async () => { runs += 1; } });
    expect((await alive.runDue(new Date(at(100_000).getTime() + JOB_LEASE_MS - 1000))).done).toBe(0);
    expect(runs).toBe(0);
    expect((await alive.runDue(new Date(at(100_000).getTime() + JOB_LEASE_MS + 1000))).done).toBe(1);
    expect(runs).toBe(1);
    expect((await jobRow(id)).attempts).toBe(2);
  });

  it('keeps jobs across a restart: a new runner over the same database finds them', async () => {
    const before = new JobRunner(ctx.database.db);
    await before.enqueue({ companyId: org.companyId, kind: 'test.restart', payload: { n: 7 }, runAt: at(200_000) });
    const after = new JobRunner(ctx.database.db);
    const seen: unknown[] = [];
    after.register('test.restart', { run: async (job) => { seen.push(job.payload.n); } });
    await after.runDue(at(200_000));
    expect(seen).toEqual([7]);
  });

  it('lets several runners work the same queue at once without running any job twice', async () => {
    const counts = new Map<string, number>();
    const runners = Array.from({ length: 4 }, () => {
      const r = new JobRunner(ctx.database.db);
      r.register('test.parallel', {
        run: async (job) => {
          counts.set(job.id, (counts.get(job.id) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      });
      return r;
    });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await runners[0]!.enqueue({ companyId: org.companyId, kind: 'test.parallel', payload: { i }, runAt: at(300_000) }));
    const reports = await Promise.all(runners.map((r) => r.runDue(at(300_000))));
    expect(reports.reduce((n, r) => n + r.done, 0)).toBe(40);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(40);
    for (const id of ids) expect((await jobRow(id)).state).toBe('done');
  });

  it('drains a backlog longer than one batch in one go once woken, not a batch per poll', async () => {
    const runner = new JobRunner(ctx.database.db, undefined, {
      // Woken once by hand; the poll (an hour) never comes within the test.
      listen: async (_channel, onMessage) => { wake = () => onMessage(''); return async () => {}; },
    });
    let wake = () => {};
    let ran = 0;
    runner.register('test.backlog', { run: async () => { ran += 1; } });
    const due = new Date(Date.now() - 60_000);
    const ids: string[] = [];
    for (let i = 0; i < 250; i++) ids.push(await runner.enqueue({ companyId: org.companyId, kind: 'test.backlog', payload: { i }, runAt: due }));
    const stop = runner.start(3600);
    await stop.listening;
    try {
      wake();
      await vi.waitFor(() => expect(ran).toBe(250), { timeout: 30_000, interval: 50 });
      for (const id of ids) expect((await jobRow(id)).state).toBe('done');
    } finally {
      await stop();
    }
  });
});
