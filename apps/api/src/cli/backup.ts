import path from 'node:path';
import { loadConfig } from '../config.js';
import { backup } from '../ops/backup.js';
import { finishInterruptedRestore } from '../ops/interrupted-restore.js';
import { isMain, openForMaintenance, signingSecretOf } from './maintenance.js';

/** npm run backup -- --out FILE. Returns the exit code. */
export async function runBackup(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const outIdx = args.indexOf('--out');
  const out = outIdx >= 0 ? args[outIdx + 1] : args[0];
  if (!out) {
    console.error('Usage: npm run backup -- --out FILE');
    return 2;
  }
  const target = path.resolve(out);
  try {
    const config = loadConfig(env);
    const { database, close } = await openForMaintenance(config, 'backup', { needExisting: true });
    try {
      // Uploads half-swapped by an interrupted restore are put right before they are copied.
      if ((await finishInterruptedRestore(database, config.dataDir)) === 'completed') console.log('Finished an interrupted restore first.');
      const secret = await signingSecretOf(config, database);
      const result = await backup(database, config.dataDir, target, { secret });
      const rows = Object.values(result.rowCounts).reduce((a, b) => a + b, 0);
      console.log(`Backup written to ${target}: ${rows} rows in ${Object.keys(result.rowCounts).length} tables, ${result.files} files.`);
      return 0;
    } finally {
      await close();
    }
  } catch (err) {
    console.error(`Backup failed: ${(err as Error).message}`);
    return 1;
  }
}

if (isMain(import.meta.url)) process.exitCode = await runBackup(process.argv.slice(2));
