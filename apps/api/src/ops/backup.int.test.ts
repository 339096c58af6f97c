import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDatabase } from '../bootstrap.js';
import { runBackup } from '../cli/backup.js';
import { runRestore } from '../cli/restore.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { acquireDataLock, DataDirLockedError } from '../db/data-lock.js';
import { DEMO_ADMIN, seedDemo } from '../seed/demo.js';
import { auth, body, createTestContext, login, multipart, type TestContext } from '../test/harness.js';
import { backup } from './backup.js';
import { BackupError } from './backup-format.js';
import { tableChecksums } from './backup-schema.js';
import { finishInterruptedRestore, RESTORE_MARKER, RESTORE_REPLACED, RESTORE_STAGING } from './interrupted-restore.js';
import { restore } from './restore.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let source: TestContext;
let target: TestContext;
let dir: string;
let sourceToken: string;
/** The backup of the source (demo data set, a patient photo and a health report), and the source's state then. */
let good: string;
let sourceState: State;


function patientFields(identity: string, name: string): Array<[string, string]> {
  return [
    ['name', name], ['identity', identity], ['phone', '0551234567'], ['dateOfBirth', '1985-07-20'], ['gender', 'male'],
    ['nationality', 'Saudi'], ['marital_status', 'Single'], ['blood_type', 'O-'], ['address', 'Olaya Street, Riyadh'],
    ['Smoking', 'false'], ['professiona_experi', 'Engineer'],
  ];
}

/**
 * Creates a patient with a photo through the API, then uploads a health report for them (both stored in the database),
 * and adds a document still on disk under DATA_DIR/uploads, as files were kept before they moved into the database.
 */
async function patientWithFiles(ctx: TestContext, token: string, identity: string, name: string) {
  const m = await multipart(patientFields(identity, name), [{ field: 'image', filename: 'photo.png', type: 'image/png', data: PNG }]);
  const created = await ctx.app.inject({ method: 'POST', url: '/api/patients', payload: m.payload, headers: { ...auth(token), 'content-type': m.contentType } });
  expect(created.statusCode).toBe(201);
  const patient = body(created).data as { _id: string; publicId: string };
  const r = await multipart([['title', 'Blood test']], [{ field: 'file', filename: 'report.pdf', type: 'application/pdf', data: PDF }]);
  const report = await ctx.app.inject({ method: 'POST', url: `/api/patients/${patient._id}/documents`, payload: r.payload, headers: { ...auth(token), 'content-type': r.contentType } });
  expect(report.statusCode).toBe(201);
  const [row] = await ctx.database.query<{ company_id: string }>(`select company_id from patients where id = $1`, [patient._id]);
  const fileId = randomUUID();
  mkdirSync(path.join(ctx.config.dataDir, 'uploads', row!.company_id), { recursive: true });
  writeFileSync(path.join(ctx.config.dataDir, 'uploads', row!.company_id, fileId), PDF);
  await ctx.database.query(
    `insert into files (company_id, id, original_name, mime_type, size_bytes, storage_path) values ($1, $2, 'old.pdf', 'application/pdf', $3, $4)`,
    [row!.company_id, fileId, PDF.length, `${row!.company_id}/${fileId}`],
  );
  return patient;
}

/** Every uploaded file's SHA-256 by path. */
function uploads(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'uploads');
  const out: Record<string, string> = {};
  const visit = (d: string) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) visit(full);
      else out[path.relative(root, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  visit(root);
  return out;
}

interface State { tables: Record<string, string>; sequences: Record<string, string>; files: Record<string, string> }
async function state(ctx: TestContext): Promise<State> {
  const seqs = await ctx.database.query<{ name: string; v: string | null }>(
    `select sequencename as name, last_value::text as v from pg_sequences where schemaname = 'public' order by 1`,
  );
  return { tables: await tableChecksums(ctx.database), sequences: Object.fromEntries(seqs.map((s) => [s.name, s.v ?? ''])), files: uploads(ctx.config.dataDir) };
}

function leftovers(dataDir: string): string[] {
  return [RESTORE_STAGING, RESTORE_REPLACED, RESTORE_MARKER].filter((f) => existsSync(path.join(dataDir, f)));
}

/** The backup's JSON lines, to craft damaged copies. */
function linesOf(file: string): string[] {
  return gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
}
/** Writes lines as a backup with a correct checksum in the end record (a well-formed file with other content). */
function writeResealed(file: string, lines: string[], endChanges: Record<string, unknown> = {}): string {
  const content = lines.filter((l) => !l.startsWith('{"kind":"end"'));
  const end = JSON.parse(lines.find((l) => l.startsWith('{"kind":"end"'))!) as Record<string, unknown>;
  const sha256 = createHash('sha256').update(content.map((l) => l + '\n').join('')).digest('hex');
  writeFileSync(file, gzipSync(content.map((l) => l + '\n').join('') + JSON.stringify({ ...end, sha256, ...endChanges }) + '\n'));
  return file;
}

beforeAll(async () => {
  source = await createTestContext();
  target = await createTestContext();
  dir = mkdtempSync(path.join(os.tmpdir(), 'clinic-backup-'));
  await seedDemo(source.database.db);
  sourceToken = (await login(source, DEMO_ADMIN.username, DEMO_ADMIN.password)).accessToken;
  await patientWithFiles(source, sourceToken, 'BACKUP-1', 'Amal Hassan');
  good = path.join(dir, 'clinic.backup');
  await backup(source.database, source.config.dataDir, good);
  sourceState = await state(source);
}, 180_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores the demo data set and its uploads into an empty database and data folder, every table and file identical', async () => {
    expect(Number(sourceState.tables.patients!.split(':')[0])).toBeGreaterThan(10);
    expect(Number(sourceState.tables.audit_log!.split(':')[0])).toBeGreaterThan(0);
    // The photo and the report travel as rows of file_chunks; only the file from before the move is on disk.
    expect(Number(sourceState.tables.file_chunks!.split(':')[0])).toBe(2);
    expect(Object.keys(sourceState.files)).toHaveLength(1);
    const [generated] = await source.database.query<{ n: number }>(`select count(*)::int as n from patients where search_text is not null`);
    expect(generated!.n).toBeGreaterThan(0);

    const result = await restore(target.database, target.config.dataDir, good);
    expect(result.files).toBe(1);
    const restored = await state(target);
    expect(restored.tables).toEqual(sourceState.tables);
    expect(restored.files).toEqual(sourceState.files);
    expect(leftovers(target.config.dataDir)).toEqual([]);
  });

  it('after a restore the app creates a patient and books an appointment, with public ids continuing after the restored ones', async () => {
    const token = (await login(target, DEMO_ADMIN.username, DEMO_ADMIN.password)).accessToken;
    const before = await target.database.query<{ public_id: string }>(`select public_id from patients`);
    const patient = await patientWithFiles(target, token, 'AFTER-RESTORE-1', 'Noah Carter');
    expect(before.map((p) => p.public_id)).not.toContain(patient.publicId);
    expect(patient.publicId).toBe(`PAT-${String(before.length + 1).padStart(6, '0')}`);

    // Next to a booked future appointment: the same doctor, clinic and service, a free slot that keeps the rules.
    const [a] = await target.database.query<{ doctor_id: string; clinic_id: string; service_id: string; starts_at: string }>(
      `select doctor_id, clinic_id, service_id, starts_at::text from appointments
        where status = 'scheduled' and starts_at > now() + interval '2 days' order by starts_at limit 1`,
    );
    const apts = await target.database.query<{ public_id: string }>(`select public_id from appointments`);
    let booked: { publicId: string } | undefined;
    for (let k = 1; k <= 40 && !booked; k++) {
      const at = new Date(Date.parse(a!.starts_at) + (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 15 * 60_000);
      const res = await target.app.inject({
        method: 'POST', url: '/api/appointments', headers: auth(token),
        payload: { patient: patient._id, doctor: a!.doctor_id, clinic: a!.clinic_id, service: a!.service_id, datetime: at.toISOString(), reason: 'Follow-up visit' },
      });
      if (res.statusCode === 201) booked = body(res).data;
      else expect([409, 422]).toContain(res.statusCode);
    }
    expect(booked).toBeDefined();
    expect(apts.map((x) => x.public_id)).not.toContain(booked!.publicId);
    // The audit log (a serial id) took the new rows after the restored ones.
    const [audit] = await target.database.query<{ n: number }>(`select count(*)::int as n from audit_log where entity = 'appointment' and action = 'create'`);
    expect(audit!.n).toBeGreaterThan(0);
  });

  it('refuses a populated database without --force, and a damaged or unsafe backup even with --force, changing nothing', async () => {
    const before = await state(target);
    const lines = linesOf(good);
    const raw = readFileSync(good);
    const text = gunzipSync(raw);
    const flipped = Buffer.from(text);
    for (let i = Math.floor(flipped.length / 2); i < Math.floor(flipped.length / 2) + 8; i++) flipped[i] = flipped[i]! ^ 0x01;
    const endIdx = lines.findIndex((l) => l.startsWith('{"kind":"end"'));
    const end = JSON.parse(lines[endIdx]!) as { rowCounts: Record<string, number>; files: number };
    const fileLine = lines.findIndex((l) => l.startsWith('{"kind":"file"'));
    const withPath = (p: string) => lines.map((l, i) => (i === fileLine ? JSON.stringify({ ...JSON.parse(l), path: p }) : l));
    const cases: Array<[string, string, RegExp]> = [
      ['populated', good, /not empty/],
      ['cut short (gzip truncated)', path.join(dir, 'cut.backup'), /damaged|incomplete/],
      ['bytes flipped in the middle', path.join(dir, 'flipped.backup'), /damaged/],
      ['no end record', path.join(dir, 'noend.backup'), /incomplete/],
      ['a wrong row count', writeResealed(path.join(dir, 'count.backup'), lines, { rowCounts: { ...end.rowCounts, patients: end.rowCounts.patients! + 1 } }), /patients should have/],
      ['a wrong file count', writeResealed(path.join(dir, 'files.backup'), lines, { files: end.files + 1 }), /should hold 2 files/],
      ['a path with ..', writeResealed(path.join(dir, 'dotdot.backup'), withPath('../../escape')), /unsafe file path/],
      ['an absolute path', writeResealed(path.join(dir, 'absolute.backup'), withPath('/etc/escape')), /unsafe file path/],
      ['an unknown table', writeResealed(path.join(dir, 'table.backup'), lines.map((l) => l.replace('{"kind":"rows","table":"patients"', '{"kind":"rows","table":"patients2"'))), /unknown table/],
      ['a newer version', writeResealed(path.join(dir, 'newer.backup'), lines.map((l, i) => (i === 0 ? JSON.stringify({ ...JSON.parse(l), migrations: 9999 }) : l))), /newer version/],
      ['an unknown format', writeResealed(path.join(dir, 'format.backup'), lines.map((l, i) => (i === 0 ? JSON.stringify({ ...JSON.parse(l), format: 'other/1' }) : l))), /Unknown backup format/],
    ];
    writeFileSync(path.join(dir, 'cut.backup'), raw.subarray(0, Math.floor(raw.length * 0.6)));
    writeFileSync(path.join(dir, 'flipped.backup'), gzipSync(flipped));
    writeFileSync(path.join(dir, 'noend.backup'), gzipSync(lines.slice(0, endIdx).map((l) => l + '\n').join('')));
    for (const [name, file, message] of cases) {
      const attempt = restore(target.database, target.config.dataDir, file, { force: name !== 'populated' });
      await expect(attempt, name).rejects.toThrow(BackupError);
      await expect(attempt, name).rejects.toThrow(message);
      expect(await state(target), name).toEqual(before);
      expect(leftovers(target.config.dataDir), name).toEqual([]);
    }
    expect(existsSync(path.join(dir, 'escape'))).toBe(false);
  });

  it('--force replaces a populated database and its uploads completely, and restoring twice gives the same', async () => {
    expect((await state(target)).tables).not.toEqual(sourceState.tables); // the patient and appointment added above
    for (let i = 0; i < 2; i++) {
      await restore(target.database, target.config.dataDir, good, { force: true });
      const after = await state(target);
      expect(after.tables).toEqual(sourceState.tables);
      expect(after.files).toEqual(sourceState.files);
      expect(leftovers(target.config.dataDir)).toEqual([]);
    }
  });

  it('--force that fails part-way (a bad last chunk, a bad reference found after the files) leaves database and uploads untouched', async () => {
    const token = (await login(target, DEMO_ADMIN.username, DEMO_ADMIN.password)).accessToken;
    await patientWithFiles(target, token, 'LIVE-1', 'Live Patient');
    const before = await state(target);
    const lines = linesOf(good);
    // The last chunk of rows gets a second copy of its first row (a duplicate key), in a file whose checksum and
    // counts are right: only the insert finds it, after every other table is in.
    const lastRows = lines.map((l) => l.startsWith('{"kind":"rows"')).lastIndexOf(true);
    const bad = JSON.parse(lines[lastRows]!) as { table: string; rows: Array<Record<string, unknown>> };
    bad.rows.push(bad.rows[0]!);
    const counts = (JSON.parse(lines.at(-1)!) as { rowCounts: Record<string, number> }).rowCounts;
    const badChunk = writeResealed(path.join(dir, 'bad-chunk.backup'), lines.map((l, i) => (i === lastRows ? JSON.stringify(bad) : l)),
      { rowCounts: { ...counts, [bad.table]: counts[bad.table]! + 1 } });
    // A department run by an employee who is not in the backup: found only when the references are set, after the files.
    const deptLine = lines.findIndex((l) => l.startsWith('{"kind":"rows","table":"departments"'));
    const dept = JSON.parse(lines[deptLine]!) as { rows: Array<Record<string, unknown>> };
    dept.rows[0]!.pic_id = '00000000-0000-4000-8000-000000000001';
    const badRef = writeResealed(path.join(dir, 'bad-ref.backup'), lines.map((l, i) => (i === deptLine ? JSON.stringify(dept) : l)));
    for (const [file, message] of [[badChunk, /duplicate key/], [badRef, /foreign key/]] as const) {
      const err = await restore(target.database, target.config.dataDir, file, { force: true }).then(() => undefined, (e: Error) => e);
      expect(err?.message, file).toMatch(message);
      expect(err?.message, file).not.toMatch(/\{"|params/); // the statement's rows (patient data) are not repeated
      expect(await state(target), file).toEqual(before);
      expect(leftovers(target.config.dataDir), file).toEqual([]);
    }
  });

  it('a restore stopped between its commit and the swap of the uploads is finished by the next run', async () => {
    const before = await state(target);
    expect(before.files).not.toEqual(sourceState.files);
    await restore(target.database, target.config.dataDir, good, { force: true, interruptAfterCommit: true });
    expect((await state(target)).tables).toEqual(sourceState.tables);
    expect(uploads(target.config.dataDir)).toEqual(before.files); // not swapped yet
    expect(leftovers(target.config.dataDir)).toEqual([RESTORE_STAGING, RESTORE_MARKER]);
    expect(await finishInterruptedRestore(target.database, target.config.dataDir)).toBe('completed');
    expect(uploads(target.config.dataDir)).toEqual(sourceState.files);
    expect(leftovers(target.config.dataDir)).toEqual([]);
  });

  it('a restore whose transaction did not commit is discarded by the next run, live uploads kept', async () => {
    const live = uploads(target.config.dataDir);
    const conn = target.database;
    // A transaction that rolls back, whose id a marker then names (as a crash before the commit would leave it).
    let xid = '';
    await conn.db.transaction(async (tx) => {
      xid = (await tx.execute(sql`select txid_current()::text as xid`) as unknown as { rows: Array<{ xid: string }> }).rows[0]!.xid;
      throw new Error('rolled back');
    }).catch(() => undefined);
    const [db] = await conn.query<{ name: string }>(`select current_database() as name`);
    writeFileSync(path.join(target.config.dataDir, RESTORE_MARKER), JSON.stringify({ xid, database: `${conn.kind}:${db!.name}`, startedAt: 'now', file: good }));
    const staged = path.join(target.config.dataDir, RESTORE_STAGING, 'x');
    mkdirSync(staged, { recursive: true });
    writeFileSync(path.join(staged, 'y'), 'partial');
    expect(await finishInterruptedRestore(target.database, target.config.dataDir)).toBe('discarded');
    expect(uploads(target.config.dataDir)).toEqual(live);
    expect(leftovers(target.config.dataDir)).toEqual([]);
  });

  it('a restore killed before its transaction reached the disk, or whose session the database still holds, is discarded by the next run', async () => {
    const live = uploads(target.config.dataDir);
    const conn = target.database;
    const [db] = await conn.query<{ name: string }>(`select current_database() as name`);
    const interrupted = (xid: string) => {
      writeFileSync(path.join(target.config.dataDir, RESTORE_MARKER), JSON.stringify({ xid, database: `${conn.kind}:${db!.name}`, startedAt: 'now', file: good }));
      const staged = path.join(target.config.dataDir, RESTORE_STAGING, 'x');
      mkdirSync(staged, { recursive: true });
      writeFileSync(path.join(staged, 'y'), 'partial');
    };
    // An id the database never reached (the embedded database's process died before anything of it was written).
    const [next] = await conn.query<{ next: string }>(`select txid_snapshot_xmax(txid_current_snapshot())::text as next`);
    interrupted(String(BigInt(next!.next) + 1000n));
    expect(await finishInterruptedRestore(target.database, target.config.dataDir)).toBe('discarded');
    expect(leftovers(target.config.dataDir)).toEqual([]);
    if (target.databaseUrl) {
      // PostgreSQL has not yet noticed that the restoring process died: its transaction is still open.
      const orphan = new pg.Client({ connectionString: target.databaseUrl });
      orphan.on('error', () => undefined);
      await orphan.connect();
      await orphan.query('begin');
      const { rows } = await orphan.query<{ xid: string }>(`select txid_current()::text as xid`);
      interrupted(rows[0]!.xid);
      expect(await finishInterruptedRestore(target.database, target.config.dataDir)).toBe('discarded');
      expect(leftovers(target.config.dataDir)).toEqual([]);
      await orphan.end().catch(() => undefined);
    }
    expect(uploads(target.config.dataDir)).toEqual(live);
  });

  it('reads every table in one snapshot: rows written while a backup runs never break its references', async () => {
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const [c] = await source.database.query<{ id: string }>(`insert into companies (name) values ('Concurrent') returning id`);
        await source.database.query(`insert into public_id_counters (company_id, entity, last_value) values ($1, 'patient', 1)`, [c!.id]);
        written += 1;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const file = path.join(dir, 'during-writes.backup');
    try {
      await backup(source.database, source.config.dataDir, file);
    } finally {
      writing = false;
      await writer;
    }
    expect(written).toBeGreaterThan(0);
    const fresh = await createTestContext();
    try {
      const result = await restore(fresh.database, fresh.config.dataDir, file);
      expect(result.rowCounts.public_id_counters).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('the embedded database is opened by one process at a time', () => {
  const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let holder: ChildProcess | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-lock-'));
    env = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) };
    const db: Database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await db.migrate();
    await db.close();
  }, 120_000);
  afterAll(() => {
    holder?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function cli(run: typeof runBackup, args: string[], withEnv = env) {
    const errors: string[] = [];
    const logs: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((m: unknown) => { errors.push(String(m)); });
    const log = vi.spyOn(console, 'log').mockImplementation((m: unknown) => { logs.push(String(m)); });
    try {
      return { code: await run(args, withEnv), errors: errors.join('\n'), logs: logs.join('\n') };
    } finally {
      spy.mockRestore();
      log.mockRestore();
    }
  }

  it('the backup and restore commands refuse a data folder that a running server process holds, and take it over once that process is gone', async () => {
    // Another process holding the lock as the server does.
    holder = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e',
      `const { acquireDataLock } = await import(${JSON.stringify(path.join(apiRoot, 'src/db/data-lock.ts'))});
       acquireDataLock(${JSON.stringify(dataDir)}, 'server'); console.log('locked'); setInterval(() => {}, 1000);`], { cwd: apiRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      holder!.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('locked')) resolve(); });
      holder!.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
    });
    const out = path.join(dataDir, '..', `${path.basename(dataDir)}.backup`);
    const refusedBackup = await cli(runBackup, ['--out', out]);
    expect(refusedBackup.code).toBe(1);
    expect(refusedBackup.errors).toMatch(new RegExp(`in use by the Clinic server \\(process ${holder.pid} `));
    expect(existsSync(out)).toBe(false);
    const refusedRestore = await cli(runRestore, [good, '--force']);
    expect(refusedRestore.code).toBe(1);
    expect(refusedRestore.errors).toMatch(/in use by the Clinic server/);
    // Checking a backup changes nothing, so it runs beside the server.
    const checked = await cli(runRestore, [good, '--check']);
    expect(checked.code).toBe(0);
    expect(checked.logs).toMatch(/is complete and intact: \d+ rows in \d+ tables/);

    // The holder dies without cleaning up (a crash): its lock is stale and taken over.
    await new Promise<void>((resolve) => { holder!.once('exit', () => resolve()); holder!.kill('SIGKILL'); });
    const ok = await cli(runBackup, ['--out', out]);
    expect(ok.errors).toBe('');
    expect(ok.code).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    rmSync(out, { force: true });
  });

  it('checking a backup leaves a new data folder as it was: no database, no signing secret made', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'clinic-check-'));
    try {
      const checked = await cli(runRestore, [good, '--check'], { DATA_DIR: empty, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
      expect(checked.code).toBe(0);
      expect(checked.logs).toMatch(/is complete and intact/);
      expect(readdirSync(empty)).toEqual([]);
      // A damaged file is still told apart.
      const damaged = path.join(empty, '..', `${path.basename(empty)}.damaged`);
      writeFileSync(damaged, readFileSync(good).subarray(0, 200));
      try {
        const refused = await cli(runRestore, [damaged, '--check'], { DATA_DIR: empty, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
        expect(refused.code).toBe(1);
        expect(refused.errors).toMatch(/^Check failed: /);
      } finally {
        rmSync(damaged, { force: true });
      }
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 120_000);

  it('the server holds the lock from opening the database until it closes it', async () => {
    const config = loadConfig(env);
    const prepared = await prepareDatabase(config);
    try {
      expect(prepared.lock).not.toBeNull();
      expect(() => acquireDataLock(dataDir, 'backup')).toThrow(DataDirLockedError);
      const refused = await cli(runRestore, [good]);
      expect(refused.code).toBe(1);
      expect(refused.errors).toMatch(/in use by the Clinic server/);
    } finally {
      await prepared.database.close();
      prepared.lock?.release();
    }
    const restored = await cli(runRestore, [good, '--force']);
    expect(restored.errors).toBe('');
    expect(restored.code).toBe(0);
    expect(uploads(dataDir)).toEqual(sourceState.files);
  }, 120_000);

  it('a restore says when the backup was taken, and warns when its secrets were sealed under another signing secret', async () => {
    const out = path.join(dataDir, '..', `${path.basename(dataDir)}.secret.backup`);
    try {
      expect((await cli(runBackup, ['--out', out])).code).toBe(0);
      const same = await cli(runRestore, [out, '--force']);
      expect(same.code).toBe(0);
      expect(same.errors).toBe('');
      expect(same.logs).toMatch(/, taken \d{4}-\d{2}-\d{2}T[\d:.]+Z: anything written after that is not in it\./);
      // The same data under another secret (a new data folder made its own): restored, and said loudly.
      const other = await cli(runRestore, [out, '--force'], { ...env, JWT_SECRET: 'y'.repeat(40) });
      expect(other.code).toBe(0);
      expect(other.errors).toMatch(/^Warning: this backup was made under another signing secret/);
      expect(other.errors).toMatch(/authenticator apps/);
      const checked = await cli(runRestore, [out, '--check'], { ...env, JWT_SECRET: 'y'.repeat(40) });
      expect(checked.errors).toMatch(/^Warning: this backup was made under another signing secret/);
      // The backup carries a fingerprint of the secret, never the secret.
      expect(gunzipSync(readFileSync(out)).toString('utf8')).not.toContain('x'.repeat(40));
    } finally {
      rmSync(out, { force: true });
    }
  }, 120_000);
});
