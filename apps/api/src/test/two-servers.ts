import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import type { App } from '../lib/app-types.js';
import { sharedSigningSecret } from '../lib/signing-secret.js';
import { createTestContext, type TestContext } from './harness.js';

export interface TwoServers {
  /** Server A: the test context, its app rebuilt to sign with the secret the servers share. */
  a: TestContext;
  /** Server B: its own process state and empty data folder, sharing only the database. */
  b: App;
  bDataDir: string;
  close(): Promise<void>;
}

/**
 * Two API servers on one database, as behind a load balancer: each its own process state (caches, LISTEN connection,
 * an empty data folder of its own), sharing only the database. On PostgreSQL the second server opens its own pool;
 * on the embedded database both run over the one in-process database. Server B reads the signing secret from the
 * database, as a server without JWT_SECRET does.
 */
export async function startTwoServers(callerCacheMs = 60_000): Promise<TwoServers> {
  const a = await createTestContext({ callerCacheMs });
  a.config.jwtSecret = await sharedSigningSecret(a.database);
  await a.app.close();
  a.app = await buildApp(a.config, a.database);
  await a.app.ready();
  let secondDatabase: Database | null = null;
  const database = a.databaseUrl ? (secondDatabase = await openDatabase({ databaseUrl: a.databaseUrl, poolSize: 5 })) : a.database;
  const bDataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-server-b-'));
  const bConfig = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', PASSWORD_HASH_COST: a.config.passwordHashCost.toString() },
    { dataDir: bDataDir, jwtSecret: await sharedSigningSecret(database), callerCacheMs, webDist: path.join(bDataDir, 'no-web') },
  );
  const b = await buildApp(bConfig, database);
  await b.ready();
  return {
    a, b, bDataDir,
    async close() {
      await b.close();
      await secondDatabase?.close();
      await a.close();
      rmSync(bDataDir, { recursive: true, force: true });
    },
  };
}
