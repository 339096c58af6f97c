import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { backup } from '../ops/backup.js';

// npm run backup -- --out FILE
const args = process.argv.slice(2);
const outIdx = args.indexOf('--out');
const out = outIdx >= 0 ? args[outIdx + 1] : args[0];
if (!out) {
  console.error('Usage: npm run backup -- --out FILE');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
await database.migrate();
try {
  const result = await backup(database, config.dataDir, path.resolve(out));
  const rows = Object.values(result.rowCounts).reduce((a, b) => a + b, 0);
  console.log(`Backup written to ${path.resolve(out)}: ${rows} rows in ${Object.keys(result.rowCounts).length} tables, ${result.files} files.`);
} finally {
  await database.close();
}
