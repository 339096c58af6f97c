import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { restore } from '../ops/backup.js';

// npm run restore -- FILE [--force]
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- FILE [--force]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
await database.migrate();
try {
  const result = await restore(database, config.dataDir, path.resolve(file), { force: args.includes('--force') });
  const rows = Object.values(result.rowCounts).reduce((a, b) => a + b, 0);
  console.log(`Restored ${rows} rows in ${Object.keys(result.rowCounts).length} tables and ${result.files} files from ${path.resolve(file)}.`);
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
