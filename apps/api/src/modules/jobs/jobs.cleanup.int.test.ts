import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, phoneVerifications } from '../../db/schema/index.js';
import { contextWithOrg, type TestContext, type TestOrg } from '../../test/harness.js';
import { JobRunner } from './jobs.runner.js';

/** Finished jobs do not pile up: the runners delete them some days after they finished, a batch at a time. */
let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ({ ctx, org } = await contextWithOrg());
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const db = () => ctx.database.db;

/** A job of the company in `state`, finished (when done or failed) at `finishedAt`. */
async function jobIn(state: 'queued' | 'running' | 'done' | 'failed', finishedAt: Date | null, runAt = finishedAt ?? new Date()): Promise<string> {
  const [row] = await db().insert(jobs).values({
    companyId: org.companyId, kind: 'test.cleanup', payload: { event: { type: 'appointment.booked' }, handled: ['reminders'] },
    state, runAt, finishedAt, attempts: state === 'queued' ? 0 : 1,
  }).returning({ id: jobs.id });
  return row!.id;
}

const left = async (ids: string[]) =>
  (await db().select({ id: jobs.id }).from(jobs).where(and(eq(jobs.companyId, org.companyId), inArray(jobs.id, ids)))).map((r) => r.id).sort();

describe('finished jobs', () => {
  it('are deleted once older than the retention, in batches, bounded per clean-up; work still to do is never touched', async () => {
    const now = new Date('2031-05-10T12:00:00Z');
    const old = [];
    for (let i = 0; i < 5; i++) old.push(await jobIn('done', new Date(now.getTime() - 31 * DAY - i * 60_000)));
    const gaveUp = await jobIn('failed', new Date(now.getTime() - 40 * DAY));
    const recent = [await jobIn('done', new Date(now.getTime() - 29 * DAY)), await jobIn('failed', new Date(now.getTime() - 2 * DAY))];
    // Due long ago but not finished: waiting for its turn, or running under a lease.
    const pending = [await jobIn('queued', null, new Date(now.getTime() - 90 * DAY)), await jobIn('running', null, new Date(now.getTime() - 90 * DAY))];
    const all = [...old, gaveUp, ...recent, ...pending];

    const runner = new JobRunner(db(), undefined, { retentionDays: 30, cleanupBatch: 2 });
    // Two batches of two at most in this clean-up: four of the six old rows go, the rest at the next one.
    expect(await runner.cleanUp(now, 2)).toBe(4);
    expect(await left(all)).toHaveLength(all.length - 4);
    expect(await runner.cleanUp(now, 2)).toBe(2);
    expect(await left(all)).toEqual([...recent, ...pending].sort());
    expect(await runner.cleanUp(now, 2)).toBe(0);

    // A runner told to keep them (JOB_RETENTION_DAYS=0) deletes nothing.
    const kept = await jobIn('done', new Date(now.getTime() - 400 * DAY));
    expect(await new JobRunner(db(), undefined, { retentionDays: 0 }).cleanUp(now)).toBe(0);
    expect(await left([kept])).toEqual([kept]);
  });

  it('are cleaned up by a started runner in its poll, without anyone asking', async () => {
    const id = await jobIn('done', new Date(Date.now() - 60 * DAY));
    const fresh = await jobIn('done', new Date(Date.now() - DAY));
    const runner = new JobRunner(db(), undefined, { retentionDays: 30 });
    const stop = runner.start(0.05);
    try {
      await vi.waitFor(async () => expect(await left([id, fresh])).toEqual([fresh]), { timeout: 10_000, interval: 50 });
    } finally {
      await stop();
    }
  });
});

describe('expired rows of other modules', () => {
  it("are removed at the runners' clean-up: one-time phone codes older than two days go, newer ones stay", async () => {
    const now = new Date('2031-05-10T12:00:00Z');
    const code = async (ageMs: number) => {
      const createdAt = new Date(now.getTime() - ageMs);
      const [row] = await db().insert(phoneVerifications).values({
        companyId: org.companyId, phone: '+966500000001', codeHash: 'x', ip: '203.0.113.9', expiresAt: new Date(createdAt.getTime() + 300_000), createdAt,
      }).returning({ id: phoneVerifications.id });
      return row!.id;
    };
    const old = [await code(3 * DAY), await code(10 * DAY)];
    const recent = [await code(DAY), await code(60_000)];
    const codesLeft = async () => (await db().select({ id: phoneVerifications.id }).from(phoneVerifications)
      .where(inArray(phoneVerifications.id, [...old, ...recent]))).map((r) => r.id).sort();
    // The app's own runner: its clean-up includes what the modules registered.
    expect(await ctx.app.jobs.cleanUp(now)).toBeGreaterThanOrEqual(2);
    expect(await codesLeft()).toEqual([...recent].sort());
  });
});
