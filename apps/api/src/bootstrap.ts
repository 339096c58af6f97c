import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { syncPermissionCatalogue } from './modules/organisation/provision.js';
import { seedDemo, type DemoSeedResult } from './seed/demo.js';

export interface Prepared {
  database: Database;
  seeded: DemoSeedResult | null;
}

/** Opens the database (embedded unless DATABASE_URL is set), applies migrations and seeds the demo on first run. */
export async function prepareDatabase(config: Config): Promise<Prepared> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  await database.migrate();
  await syncPermissionCatalogue(database.db);
  const seeded = config.seedDemo ? await seedDemo(database.db) : null;
  return { database, seeded };
}
