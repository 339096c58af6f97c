import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client.js';
import { fsyncPath } from './backup-files.js';
import { BackupError } from './backup-format.js';
import { databaseName } from './backup-schema.js';

/*
 * A restore commits the database first and swaps the uploads in after: a crash between the two leaves a marker
 * naming the restoring transaction, and the next restore, backup or start of the embedded server asks the database
 * whether it committed and finishes or discards the swap.
 */

/** Folders and files beside the uploads while a restore runs (all inside DATA_DIR). */
export const RESTORE_STAGING = 'uploads.restoring';
export const RESTORE_REPLACED = 'uploads.replaced';
export const RESTORE_MARKER = 'restore-pending.json';

export interface Marker { xid: string; database: string; startedAt: string; file: string }

async function readMarker(dataDir: string): Promise<Marker | undefined> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, RESTORE_MARKER), 'utf8')) as Marker;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new BackupError(`${path.join(dataDir, RESTORE_MARKER)} is unreadable: ${(err as Error).message}. See "Backup and restore" in docs/operations.md.`);
  }
}

/** 'committed', 'aborted', 'in progress', or null when PostgreSQL no longer knows (or never knew) the transaction. */
export async function transactionStatus(database: Database, marker: Marker): Promise<string | null> {
  if (marker.database !== `${database.kind}:${await databaseName(database.query)}`) return null;
  try {
    const [row] = await database.query<{ s: string | null }>(`select txid_status($1::bigint) as s`, [marker.xid]);
    return row?.s ?? null;
  } catch {
    // An id the database has not reached: the transaction never got to the disk (the embedded database's process was
    // killed before the commit, and a commit is always on disk), so it did not commit.
    const [row] = await database.query<{ next: string }>(`select txid_snapshot_xmax(txid_current_snapshot())::text as next`).catch(() => []);
    return row && /^\d+$/.test(marker.xid) && BigInt(marker.xid) >= BigInt(row.next) ? 'aborted' : null;
  }
}

/**
 * A restore still "in progress" in PostgreSQL while its caller holds the data folder's lock (so the restoring
 * process is gone): PostgreSQL has not yet noticed that its client died. Its session is ended (it rolls back) and the
 * outcome waited for, a bounded while, instead of leaving the next restore, backup or start refused.
 */
async function endOrphanedRestore(database: Database, marker: Marker): Promise<string | null> {
  await database.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where backend_xid::text = ($1::bigint % 4294967296)::text and pid <> pg_backend_pid()`,
    [marker.xid],
  ).catch(() => undefined);
  let status = await transactionStatus(database, marker);
  for (let i = 0; i < 100 && status === 'in progress'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = await transactionStatus(database, marker);
  }
  return status;
}

/** Puts the staged uploads in place of the live ones: the old ones aside, the staged ones in, the old ones removed. */
export async function swapUploads(dataDir: string): Promise<void> {
  const uploads = path.join(dataDir, 'uploads');
  const staging = path.join(dataDir, RESTORE_STAGING);
  const replaced = path.join(dataDir, RESTORE_REPLACED);
  if (existsSync(staging)) {
    if (existsSync(uploads)) {
      await rm(replaced, { recursive: true, force: true });
      await rename(uploads, replaced);
    }
    await rename(staging, uploads);
    await fsyncPath(dataDir).catch(() => undefined);
  }
  await rm(replaced, { recursive: true, force: true });
  await rm(path.join(dataDir, RESTORE_MARKER), { force: true });
}

/**
 * Brings a restore that stopped between its database commit and the swap of the uploads (a crash, a power cut) to
 * its end: if its transaction committed, the staged uploads are swapped in; if it did not, they are removed. Without
 * a pending restore, leftovers of a failed one are removed. Returns what it did.
 */
export async function finishInterruptedRestore(database: Database, dataDir: string): Promise<'none' | 'completed' | 'discarded'> {
  const marker = await readMarker(dataDir);
  if (!marker) {
    await rm(path.join(dataDir, RESTORE_STAGING), { recursive: true, force: true });
    await rm(path.join(dataDir, RESTORE_REPLACED), { recursive: true, force: true });
    return 'none';
  }
  let status = await transactionStatus(database, marker);
  if (status === 'in progress') status = await endOrphanedRestore(database, marker);
  if (status === 'committed') {
    await swapUploads(dataDir);
    return 'completed';
  }
  if (status === 'aborted') {
    await rm(path.join(dataDir, RESTORE_STAGING), { recursive: true, force: true });
    await rm(path.join(dataDir, RESTORE_MARKER), { force: true });
    return 'discarded';
  }
  throw new BackupError(
    `A restore of ${marker.file} (started ${marker.startedAt}) was interrupted and this database cannot tell whether it was committed ` +
      `(${status ?? 'unknown transaction'}). If the database holds the restored data, move ${RESTORE_STAGING} to uploads in ${dataDir}; ` +
      `otherwise delete ${RESTORE_STAGING}. Then delete ${path.join(dataDir, RESTORE_MARKER)}.`,
  );
}

