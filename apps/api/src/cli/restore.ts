import path from 'node:path';
import { loadConfig } from '../config.js';
import { verifyBackup } from '../ops/backup-format.js';
import { finishInterruptedRestore } from '../ops/interrupted-restore.js';
import { restore } from '../ops/restore.js';
import { isMain, openForMaintenance } from './maintenance.js';

const USAGE = 'Usage: npm run restore -- FILE [--force] | FILE --check | --finish';

/**
 * npm run restore -- FILE [--force]: checks the whole file, then replaces the database and uploads at once.
 * FILE --check only checks the file; --finish only completes (or discards) a restore that was interrupted.
 * Returns the exit code.
 */
export async function runRestore(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && !['--force', '--check', '--finish'].includes(a));
  const finishOnly = args.includes('--finish');
  if (unknown.length || (!file && !finishOnly) || (file && finishOnly)) {
    console.error(USAGE);
    return 2;
  }
  try {
    const config = loadConfig(env);
    const { database, close } = await openForMaintenance(config, 'restore');
    try {
      if (finishOnly) {
        const done = await finishInterruptedRestore(database, config.dataDir);
        console.log(done === 'none' ? 'No interrupted restore to finish.' : `The interrupted restore was ${done}.`);
        return 0;
      }
      const source = path.resolve(file!);
      if (args.includes('--check')) {
        const checked = await verifyBackup(database, source);
        const rows = Object.values(checked.rowCounts).reduce((a, b) => a + b, 0);
        console.log(`${source} is complete and intact: ${rows} rows in ${Object.keys(checked.rowCounts).length} tables, ${checked.files} files (taken ${checked.header.createdAt}).`);
        return 0;
      }
      const result = await restore(database, config.dataDir, source, { force: args.includes('--force'), testHold: config.testHold });
      const rows = Object.values(result.rowCounts).reduce((a, b) => a + b, 0);
      console.log(`Restored ${rows} rows in ${Object.keys(result.rowCounts).length} tables and ${result.files} files from ${source}.`);
      return 0;
    } finally {
      await close();
    }
  } catch (err) {
    console.error(`Restore failed: ${(err as Error).message}`);
    return 1;
  }
}

if (isMain(import.meta.url)) process.exitCode = await runRestore(process.argv.slice(2));
