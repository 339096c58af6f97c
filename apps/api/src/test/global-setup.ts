import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDump: string;
    templateDatabase: string;
  }
}

/**
 * Builds one migrated database per run; each test file starts from a copy of it
 * (a PGlite data-folder dump, or a PostgreSQL template database when DATABASE_URL is set).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `clinic_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 2 });
    await database.migrate();
    await database.close();
    project.provide('templateDatabase', name);
    project.provide('templateDump', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clinic-test-'));
  const database = await openDatabase({});
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('templateDump', file);
  project.provide('templateDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
