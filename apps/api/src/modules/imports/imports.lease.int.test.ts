import { and, eq } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { body } from '../../test/harness.js';
import { JobRunner, type ClaimedJob, type JobHandler } from '../jobs/jobs.runner.js';
import { importTest } from './fixtures.js';
import { IMPORT_JOB } from './imports.service.js';

/**
 * A large import outlives the job lease (WORK_LEASE_SECONDS): its runner renews the lease while it works, so the other
 * servers leave it alone; a runner told to stop (a shutdown) stops between chunks, and the import goes on from there.
 */
const { ctx, a, req, upload, countOf } = await importTest('patients');
const LEASE_MS = ctx.config.leaseSeconds * 1000;
afterEach(() => { vi.useRealTimers(); });

const realHandler = () => (ctx.app.jobs as unknown as { handlers: Map<string, JobHandler> }).handlers.get(IMPORT_JOB)!;

/** A checked and started import of `n` patients (3 chunks for 2500), phones from 05`phones` on; its batch id. */
async function startedImport(n: number, prefix: string, phones: number): Promise<string> {
  const rows = Array.from({ length: n }, (_, i) => `${prefix} ${i},05${String(phones + i)},1990-01-01,male`).join('\n');
  const checked = body(await upload(`Name,Phone,Date of birth,Gender\n${rows}\n`)).data;
  expect(checked.validRows).toBe(n);
  expect((await req('POST', `/api/imports/${checked._id}/start`, { duplicates: 'keep', version: checked.version })).statusCode).toBe(202);
  return checked._id as string;
}

const batchOf = async (id: string) => body(await req('GET', `/api/imports/${id}`)).data;
const importedPatients = (batchId: string) => countOf('select count(*)::int as n from patients where company_id = $1 and import_batch_id = $2', [a.companyId, batchId]);
const importJob = async (batchId: string) => (await ctx.database.db.select().from(jobs)
  .where(and(eq(jobs.companyId, a.companyId), eq(jobs.kind, IMPORT_JOB))))
  .find((j) => (j.payload as { batchId?: string }).batchId === batchId)!;

it('keeps an import running on its live server however long it takes: the other servers never take it over, and it ends imported', async () => {
  const batchId = await startedImport(2500, 'Lease patient', 10_000_000);
  // The runner's clock (performance.now) and its renewal timer (setInterval) are the test's to move.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  const real = realHandler();
  // The first server's attempt is slow (a large file); here it waits on a gate while the time passes.
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => { entered = resolve; });
  let open!: () => void;
  const gate = new Promise<void>((resolve) => { open = resolve; });
  const server = (slow: boolean) => {
    const r = new JobRunner(ctx.database.db);
    r.register(IMPORT_JOB, {
      run: async (job, now, c) => {
        if (slow) { entered(); await gate; }
        await real.run(job, now, c);
      },
      failed: real.failed!,
    });
    return r;
  };
  const t0 = Date.now() + 1000;
  const first = server(true).runDue(new Date(t0), 1, [IMPORT_JOB]);
  await inside;
  const { id } = await importJob(batchId);
  // Eighteen minutes and more, over three and a half leases: other servers look for due work every renewal.
  for (let elapsed = LEASE_MS / 3; elapsed <= 18 * 60_000 + LEASE_MS / 3; elapsed += LEASE_MS / 3) {
    await vi.advanceTimersByTimeAsync(LEASE_MS / 3);
    await leaseBeyond(id, t0 + elapsed);
    expect(await server(false).runDue(new Date(t0 + elapsed + 60_000), 1, [IMPORT_JOB])).toEqual({ done: 0, retried: 0, failed: 0 });
  }
  open();
  expect(await first).toEqual({ done: 1, retried: 0, failed: 0 });
  const batch = await batchOf(batchId);
  expect(batch.status).toBe('imported');
  expect(batch.importedRows).toBe(2500);
  expect(await importedPatients(batchId)).toBe(2500);
  expect((await importJob(batchId)).attempts).toBe(1);
}, 300_000);

it('stops an import when its server shuts down, and the next start imports it to the end', async () => {
  const batchId = await startedImport(2500, 'Shutdown patient', 20_000_000);
  const real = realHandler();
  const runner = new JobRunner(ctx.database.db);
  // Not polling (a server with JOB_POLL_SECONDS=0), so stopping it only stops what runDue runs.
  const stop = runner.start(0);
  runner.register(IMPORT_JOB, { run: async (job, now, c) => { void stop(); await real.run(job, now, c); }, failed: real.failed! });
  expect(await runner.runDue(new Date(Date.now() + 1000), 1, [IMPORT_JOB])).toEqual({ done: 0, retried: 1, failed: 0 });
  // Stopped before its first chunk: nothing written, still importing, its job back in the queue with no attempt counted.
  expect(await batchOf(batchId)).toMatchObject({ status: 'importing', importedRows: 0 });
  expect(await importJob(batchId)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
  // Another server, or this one started again, takes it at once and imports it all.
  expect((await ctx.app.jobs.runDue(new Date(Date.now() + 1000), 1, [IMPORT_JOB])).done).toBe(1);
  expect(await batchOf(batchId)).toMatchObject({ status: 'imported', importedRows: 2500 });
  expect(await importedPatients(batchId)).toBe(2500);
}, 300_000);

it('stops between chunks when told to: the chunks written stay, and the next attempt goes on after them without writing any twice', async () => {
  const batchId = await startedImport(2500, 'Chunk patient', 30_000_000);
  const row = await importJob(batchId);
  const job: ClaimedJob = { companyId: row.companyId, id: row.id, kind: row.kind, payload: row.payload as Record<string, unknown>, attempts: 1, maxAttempts: row.maxAttempts, runAt: row.runAt };
  // A signal that says "stop" when asked the second time: after the first chunk is written.
  let asked = 0;
  const signal = {
    get aborted() { return asked > 1; },
    throwIfAborted() { asked += 1; if (asked > 1) throw new Error('told to stop'); },
  } as unknown as AbortSignal;
  await expect(realHandler().run(job, new Date(), { signal })).rejects.toThrow('told to stop');
  expect(await batchOf(batchId)).toMatchObject({ status: 'importing', importedRows: 1000 });
  expect(await importedPatients(batchId)).toBe(1000);
  // The job was never claimed here: the app's runner runs it, from row 1001 on.
  expect((await ctx.app.jobs.runDue(new Date(Date.now() + 1000), 1, [IMPORT_JOB])).done).toBe(1);
  expect(await batchOf(batchId)).toMatchObject({ status: 'imported', importedRows: 2500 });
  expect(await importedPatients(batchId)).toBe(2500);
}, 300_000);

/** Waits (a hang guard, not a timing assertion) until the job's lease reaches past `time`: a renewal has landed. */
async function leaseBeyond(id: string, time: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const [row] = await ctx.database.db.select().from(jobs).where(and(eq(jobs.companyId, a.companyId), eq(jobs.id, id)));
    if ((row?.lockedUntil?.getTime() ?? 0) > time) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
