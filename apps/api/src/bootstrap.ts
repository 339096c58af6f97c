import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { acquireDataLock, type DataLock } from './db/data-lock.js';
import { finishInterruptedRestore } from './ops/interrupted-restore.js';
import { syncPermissionCatalogue } from './modules/organisation/provision.js';
import { seedDemo, type DemoSeedResult } from './seed/demo.js';
import { sharedSigningSecret } from './lib/signing-secret.js';

export interface Prepared {
  /** The configuration, with the signing secret the servers share when JWT_SECRET was not given (PostgreSQL). */
  config: Config;
  database: Database;
  seeded: DemoSeedResult | null;
  /** The embedded database's folder lock, held while the server runs (none with PostgreSQL). */
  lock: DataLock | null;
}

/**
 * Opens the database (embedded unless DATABASE_URL is set), applies migrations and seeds the demo on first run.
 * The embedded database's folder is locked first (DATA_DIR/db.lock), so no backup or restore opens it while the
 * server runs, and a restore interrupted between its commit and the swap of the uploads is finished.
 */
export async function prepareDatabase(config: Config): Promise<Prepared> {
  const lock = config.databaseUrl ? null : acquireDataLock(config.dataDir, 'server');
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
    await database.migrate();
    if (lock) await finishInterruptedRestore(database, config.dataDir);
    await syncPermissionCatalogue(database.db);
    const seeded = config.seedDemo ? await seedDemo(database.db) : null;
    const jwtSecret = config.jwtSecret || await sharedSigningSecret(database);
    return { config: { ...config, jwtSecret }, database, seeded, lock };
  } catch (err) {
    lock?.release();
    throw err;
  }
}
