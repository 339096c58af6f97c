// The bench data set: created in a fresh database on first use, found again afterwards.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './server.mjs';
import { BENCH_ADMIN, TIERS } from './tiers.mjs';

const dist = (p) => path.join(root, 'apps/api/dist', p);

export async function openBenchDatabase({ dataDir, databaseUrl, poolSize = 10 }) {
  const { openDatabase } = await import(dist('db/client.js'));
  return openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db'), poolSize });
}

/** Seeds the tier into the database unless it already holds it. Returns what the seed reported. */
export async function ensureSeeded({ tier, dataDir, databaseUrl, force = false }) {
  const marker = path.join(dataDir, `bench-seed-${databaseUrl ? 'postgres' : 'pglite'}.json`);
  const database = await openBenchDatabase({ dataDir, databaseUrl });
  try {
    await database.migrate();
    const { syncPermissionCatalogue } = await import(dist('modules/organisation/provision.js'));
    await syncPermissionCatalogue(database.db);
    const [{ n }] = await database.query('select count(*)::int as n from companies');
    const [{ bench }] = await database.query(`select count(*)::int as bench from companies where name = 'Benchmark Health Network'`);
    if (bench > 0 && !force) {
      // A data set seeded before the tiers had their code list and waitlist lacks what the newer scenarios read.
      const [{ codes, waiting }] = await database.query(
        `select (select count(*)::int from diagnosis_codes) as codes, (select count(*)::int from waitlist_entries) as waiting`);
      if (codes < TIERS[tier].diagnosisCodes || (TIERS[tier].waitlistPerClinic > 0 && waiting === 0)) {
        console.warn(`The ${tier} data set here predates its diagnosis codes and waitlist (${codes} codes, ${waiting} entries): seed it again (--force, or a fresh database) for the code search, waitlist and chart scenarios.`);
      }
      return existsSync(marker) ? JSON.parse(readFileSync(marker, 'utf8')) : { tier, reused: true };
    }
    if (n > 0) {
      if (!force) throw new Error('The database is not empty and holds no bench data set: use a fresh database (or --force to wipe it).');
      const { wipe } = await import(dist('ops/backup.js'));
      await wipe(database, dataDir);
    }
    const { seedBulk } = await import(dist('seed/bulk.js'));
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 500);
    console.log(`Seeding tier ${tier} into ${databaseUrl ? 'PostgreSQL' : `the embedded database (${dataDir})`}...`);
    const result = await seedBulk(database, TIERS[tier], BENCH_ADMIN, new Date(), (line) => console.log(`  ${line}`));
    clearInterval(sampler);
    const info = { tier, database: databaseUrl ? 'postgres' : 'pglite', ...result, peakRssMb: Math.round(peak / 1024 / 1024), seededAt: new Date().toISOString() };
    writeFileSync(marker, JSON.stringify(info, null, 2) + '\n');
    console.log(`Seeded in ${result.seconds}s, peak memory ${info.peakRssMb} MB: ${JSON.stringify(result.counts)}`);
    return info;
  } finally {
    await database.close();
  }
}

/**
 * A fresh, empty place for a bench's own data set: a new data folder under bench/.data for the embedded database, or a
 * new database on the PostgreSQL server at `serverUrl` (`drop()` removes it afterwards).
 */
export async function freshDatabase(label, serverUrl) {
  let databaseUrl;
  let dataDir = path.join(root, 'bench/.data', `${label}-pglite`);
  let drop = async () => {};
  if (serverUrl) {
    const pg = (await import('pg')).default;
    const name = `${label.replace(/-/g, '_')}_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dataDir = path.join(root, 'bench/.data', `${label}-postgres`);
    drop = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  return { databaseUrl, dataDir, drop };
}
