import path from 'node:path';
import { loadConfig, readPersistedSecret, type Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { readSharedSigningSecret } from '../lib/signing-secret.js';
import { secretCheck, verifyBackup, type Header } from '../ops/backup-format.js';
import { finishInterruptedRestore } from '../ops/interrupted-restore.js';
import { restore } from '../ops/restore.js';
import { isMain, openForMaintenance, signingSecretOf } from './maintenance.js';

const USAGE = 'Usage: npm run restore -- FILE [--force] | FILE --check | --finish';

/**
 * npm run restore -- FILE [--force]: checks the whole file, then replaces the database and uploads at once.
 * FILE --check only checks the file, changing nothing; --finish only completes (or discards) a restore that was
 * interrupted. Returns the exit code.
 */
export async function runRestore(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && !['--force', '--check', '--finish'].includes(a));
  const finishOnly = args.includes('--finish');
  if (unknown.length || (!file && !finishOnly) || (file && finishOnly)) {
    console.error(USAGE);
    return 2;
  }
  if (file && args.includes('--check')) return checkOnly(path.resolve(file), env);
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
      // The signing secret this database's servers use: the backup says whether it is the one its secrets were sealed under.
      const secret = await signingSecretOf(config, database);
      const result = await restore(database, config.dataDir, source, { force: args.includes('--force'), testHold: config.testHold });
      const rows = Object.values(result.rowCounts).reduce((a, b) => a + b, 0);
      console.log(`Restored ${rows} rows in ${Object.keys(result.rowCounts).length} tables and ${result.files} files from ${source}, taken ${result.header.createdAt}: anything written after that is not in it.`);
      warnOtherSecret(result.header, secret);
      return 0;
    } finally {
      await close();
    }
  } catch (err) {
    console.error(`Restore failed: ${(err as Error).message}`);
    return 1;
  }
}

/**
 * FILE --check: reads the whole backup against the schema this version migrates to, in a database of its own in
 * memory. Nothing of DATA_DIR or DATABASE_URL is changed (no lock, no migration, no signing secret made), so it runs
 * beside a running server and on a machine that has no data yet.
 */
async function checkOnly(source: string, env: NodeJS.ProcessEnv): Promise<number> {
  try {
    // An empty secret here keeps the configuration from making DATA_DIR/jwt-secret; the real one is read below.
    const config = loadConfig(env, { jwtSecret: env.JWT_SECRET ?? '' });
    const scratch = await openDatabase({ poolSize: 1 });
    try {
      await scratch.migrate();
      const checked = await verifyBackup(scratch, source);
      const rows = Object.values(checked.rowCounts).reduce((a, b) => a + b, 0);
      console.log(`${source} is complete and intact: ${rows} rows in ${Object.keys(checked.rowCounts).length} tables, ${checked.files} files (taken ${checked.header.createdAt}).`);
      warnOtherSecret(checked.header, await existingSigningSecret(config));
      return 0;
    } finally {
      await scratch.close();
    }
  } catch (err) {
    console.error(`Check failed: ${(err as Error).message}`);
    return 1;
  }
}

/** The signing secret the servers use, read without making one: '' when there is none yet. */
async function existingSigningSecret(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  if (!config.databaseUrl) return readPersistedSecret(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
  try {
    return await readSharedSigningSecret(database);
  } catch {
    // No such table yet: a database no server has started on.
    return '';
  } finally {
    await database.close();
  }
}

/** Says so when the backup's secrets were sealed under another signing secret than this database's servers use. */
function warnOtherSecret(header: Header, secret: string): void {
  if (!header.secretCheck || !secret || header.secretCheck === secretCheck(secret)) return;
  console.error([
    'Warning: this backup was made under another signing secret (JWT_SECRET, DATA_DIR/jwt-secret, or the database\'s own).',
    'Everyone must sign in again, and what was sealed under the old secret cannot be read: authenticator apps (recovery',
    'codes still work), the ZATCA key and credentials, webhook signing secrets, the identity provider\'s client secret.',
    'To keep them, run with the old secret (JWT_SECRET, or its jwt-secret file in DATA_DIR) and restore again: see docs/operations.md.',
  ].join('\n'));
}

if (isMain(import.meta.url)) process.exitCode = await runRestore(process.argv.slice(2));
