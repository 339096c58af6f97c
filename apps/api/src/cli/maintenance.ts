import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../config.js';
import { acquireDataLock, type DataLock, type LockHolder } from '../db/data-lock.js';
import { openDatabase, type Database } from '../db/client.js';
import { sharedSigningSecret } from '../lib/signing-secret.js';

/** Whether this module is the script node was started with (not imported by another module or a test). */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return pathToFileURL(realpathSync(script)).href === moduleUrl;
  } catch {
    return false;
  }
}

export interface Maintenance {
  database: Database;
  close(): Promise<void>;
}

/**
 * Opens the database for the backup and restore commands. DATA_DIR is locked first (DATA_DIR/db.lock): a running
 * server on the embedded database holds that lock, and the command is refused rather than opening the same folder
 * from a second process. With PostgreSQL the lock only keeps two commands from changing the uploads at once.
 */
export async function openForMaintenance(config: Config, holder: Exclude<LockHolder, 'server'>, opts: { needExisting?: boolean } = {}): Promise<Maintenance> {
  const lock: DataLock = acquireDataLock(config.dataDir, holder);
  try {
    const pgliteDir = path.join(config.dataDir, 'db');
    if (!config.databaseUrl && opts.needExisting && !existsSync(pgliteDir)) {
      throw new Error(`There is no embedded database in ${config.dataDir} (no db folder). Set DATA_DIR, or DATABASE_URL for PostgreSQL.`);
    }
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolSize: 2 });
    try {
      await database.migrate();
    } catch (err) {
      await database.close();
      throw err;
    }
    return {
      database,
      async close() {
        try { await database.close(); } finally { lock.release(); }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** The signing secret the database's servers use: JWT_SECRET or DATA_DIR/jwt-secret, else (PostgreSQL) the shared one. */
export async function signingSecretOf(config: Config, database: Database): Promise<string> {
  return config.jwtSecret || (config.databaseUrl ? sharedSigningSecret(database) : '');
}
