import { loadConfig } from '../config.js';
import { migrateFilesToDatabase } from '../ops/files-migrate.js';
import { isMain, openForMaintenance } from './maintenance.js';

/**
 * npm run files:migrate: moves uploaded files from DATA_DIR/uploads into the database. Safe to stop and run again;
 * prints what it did. With the embedded database, stop the server first (it holds the data folder).
 */
export async function runFilesMigrate(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (args.some((a) => a !== '--quiet')) {
    console.error('Usage: npm run files:migrate [-- --quiet]');
    return 2;
  }
  try {
    const config = loadConfig(env);
    const { database, close } = await openForMaintenance(config, 'files:migrate', { needExisting: true });
    try {
      const quiet = args.includes('--quiet');
      const report = await migrateFilesToDatabase(database, config.dataDir, {
        onProgress: quiet ? undefined : (r) => console.log(`  ${r.moved} moved so far...`),
      });
      console.log(`Files moved into the database: ${report.moved}; already there: ${report.alreadyInDatabase}; ` +
        `missing on disk (left as they were): ${report.missing}; leftover disk copies removed: ${report.leftoversRemoved}.`);
      return 0;
    } finally {
      await close();
    }
  } catch (err) {
    console.error(`Moving files failed: ${(err as Error).message}`);
    return 1;
  }
}

if (isMain(import.meta.url)) process.exitCode = await runFilesMigrate(process.argv.slice(2));
