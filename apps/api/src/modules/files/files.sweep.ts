import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { uploadsRoot } from '../../lib/files.js';
import { sweepExports } from '../fhir/index.js';
import { deleteUnreferencedBetween, filesAfter, knownFileIds, type FileKey } from './files.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SweepDeps {
  config: Pick<Config, 'dataDir' | 'fileSweepGraceHours' | 'fileSweepBatch'>;
  db: Db;
}

export interface SweepReport {
  /** Stored files looked at, and those removed because no record points at them. */
  rowsExamined: number;
  rowsRemoved: number;
  /** Files on disk looked at, and those removed because no row describes them (or unfinished uploads). */
  diskExamined: number;
  diskRemoved: number;
}

/**
 * Removes what no record needs, a bounded slice per run, continuing where the last run stopped:
 * - stored files no record points at (a refused request's upload the request could not remove, a picture whose
 *   record went without the service removing it), once older than the grace period;
 * - bytes on disk without a row (a crash between writing and recording, a removal that failed half-way, the
 *   uploads of a deleted organisation), and unfinished uploads in `uploads/tmp`, once older than the grace period.
 * The grace period keeps an upload whose request is still running (stored, not yet referenced) out of reach.
 */
export class FileSweeper {
  private rowCursor: FileKey | null = null;
  private diskCursor: { dir: string; name: string } | null = null;

  constructor(private readonly deps: SweepDeps) {}

  async run(now = new Date()): Promise<SweepReport> {
    const cutoff = new Date(now.getTime() - this.deps.config.fileSweepGraceHours * 3_600_000);
    const rows = await this.sweepRows(cutoff);
    const disk = await this.sweepDisk(cutoff);
    return { ...rows, ...disk };
  }

  private async sweepRows(cutoff: Date) {
    const batch = await filesAfter(this.deps.db, this.rowCursor, this.deps.config.fileSweepBatch);
    if (batch.length < this.deps.config.fileSweepBatch) this.rowCursor = null;
    else this.rowCursor = batch[batch.length - 1]!;
    if (!batch.length) return { rowsExamined: 0, rowsRemoved: 0 };
    const gone = await deleteUnreferencedBetween(this.deps.db, batch[0]!, batch[batch.length - 1]!, cutoff);
    for (const f of gone) if (f.storagePath) await rm(path.join(uploadsRoot(this.deps), f.storagePath), { force: true });
    return { rowsExamined: batch.length, rowsRemoved: gone.length };
  }

  private async sweepDisk(cutoff: Date) {
    const root = uploadsRoot(this.deps);
    const dirs = (await readdir(root, { withFileTypes: true }).catch(() => []))
      .filter((d) => d.isDirectory() && (d.name === 'tmp' || UUID.test(d.name)))
      .map((d) => d.name)
      .sort();
    let budget = this.deps.config.fileSweepBatch;
    let examined = 0;
    let removed = 0;
    const start = this.diskCursor;
    for (const dir of dirs) {
      if (start && dir < start.dir) continue;
      const names = (await readdir(path.join(root, dir)).catch(() => [] as string[]))
        .filter((n) => UUID.test(n) && !(start && dir === start.dir && n <= start.name))
        .sort();
      const slice = names.slice(0, budget);
      budget -= slice.length;
      examined += slice.length;
      // Unfinished uploads have no row by design; stored files are looked up in their company's rows.
      const known = dir === 'tmp' ? new Set<string>() : await knownFileIds(this.deps.db, dir, slice);
      for (const name of slice) {
        if (known.has(name)) continue;
        const file = path.join(root, dir, name);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile() || info.mtime >= cutoff) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      if (budget <= 0) {
        this.diskCursor = { dir, name: slice[slice.length - 1] ?? '' };
        return { diskExamined: examined, diskRemoved: removed };
      }
    }
    this.diskCursor = null;
    return { diskExamined: examined, diskRemoved: removed };
  }
}

/**
 * Runs the sweep in the server process every FILE_SWEEP_INTERVAL_MINUTES (the first run a minute after start),
 * one run at a time, logging what each run did. Each run also fails the FHIR exports whose server died and removes
 * the expired ones (sweepExports), for companies that never start another export.
 * Returns a function that stops it (resolving once a run in progress ends).
 */
export function scheduleFileSweep(deps: SweepDeps & { config: Pick<Config, 'fileSweepIntervalMinutes' | 'leaseSeconds'> }, log: FastifyBaseLogger): () => Promise<void> {
  const minutes = deps.config.fileSweepIntervalMinutes;
  if (minutes <= 0) return async () => {};
  const sweeper = new FileSweeper(deps);
  let current: Promise<void> | null = null;
  const tick = () => {
    if (current) return;
    const started = Date.now();
    current = (async () => {
      try {
        const report = { ...(await sweeper.run()), ...(await sweepExports(deps)) };
        log.info({ ...report, ms: Date.now() - started }, 'file sweep');
      } catch (err) {
        log.error({ err }, 'file sweep failed');
      } finally {
        current = null;
      }
    })();
  };
  const first = setTimeout(tick, Math.min(60_000, minutes * 60_000));
  const every = setInterval(tick, minutes * 60_000);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await current;
  };
}
