import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { Plan } from '@clinic/shared';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import type { App } from '../lib/app-types.js';
import { EVENT_JOB } from '../modules/events/events.js';
import type { RunReport } from '../modules/jobs/jobs.runner.js';
import { createAccount, createOrganisation, syncPermissionCatalogue, type NewAccount } from '../modules/organisation/provision.js';
import { seedOrganisation } from '../seed/organisation.js';
import { seedPatients } from '../seed/patients.js';
import { seedEmployees } from '../seed/employees.js';
import { seedScheduling } from '../seed/scheduling.js';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  /** The test database's URL on PostgreSQL (to open a second server on it); undefined on the embedded database. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/** A fresh, migrated database and an app over it, for one test file. */
export async function createTestContext(overrides: Partial<Config> = {}, options: { clock?: () => Date; logStream?: { write(line: string): void } } = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-data-'));
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `clinic_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
    await admin.end();
    const testUrl = new URL(url);
    testUrl.pathname = `/${name}`;
    databaseUrl = testUrl.toString();
    database = await openDatabase({ databaseUrl, poolSize: 10 });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const dump = readFileSync(inject('templateDump'));
    database = await openDatabase({ loadDataDir: new Blob([dump]) });
  }
  await syncPermissionCatalogue(database.db);
  const config = loadConfig(
    // New passwords are hashed at scrypt's test cost (N = 2^10): the suite signs in hundreds of times.
    { NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', SEED_DEMO: 'false', PASSWORD_HASH_COST: '10' },
    { dataDir, jwtSecret: randomBytes(32).toString('hex'), webDist: path.join(dataDir, 'no-web'), ...overrides },
  );
  const app = await buildApp(config, database, options);
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Handles the domain events recorded so far, as a running server does within a moment of their commit: what
 * follows a change (reminders planned or withdrawn, the staff's bell, the waitlist's offer, live boards). Runs only
 * events (no reminder falls due through it). A test reading those follow-ups after a change calls it first.
 */
export function settleEvents(ctx: { app: App }, now = new Date()): Promise<RunReport> {
  return ctx.app.jobs.runDue(now, 1000, [EVENT_JOB]);
}

export const TEST_PASSWORD = 'Secret@123';

export interface TestOrg {
  companyId: string;
  adminId: string;
  adminUsername: string;
  adminName: string;
  token: string;
  refreshToken: string;
  roleIds: Map<string, string>;
}

let orgCounter = 0;
/** Creates an organisation with an admin account and signs that admin in. */
export async function createOrg(ctx: TestContext, opts: { plan?: Plan | null; name?: string } = {}): Promise<TestOrg> {
  orgCounter += 1;
  const username = `admin${orgCounter}_${randomBytes(3).toString('hex')}`;
  const adminName = `Admin ${orgCounter}`;
  const { company, admin, roleIds } = await createOrganisation(ctx.database.db, {
    name: opts.name ?? `Test Org ${orgCounter}`,
    plan: opts.plan === undefined ? 'company' : opts.plan,
    admin: { name: adminName, username, email: `${username}@example.test`, password: TEST_PASSWORD },
  });
  const session = await login(ctx, username, TEST_PASSWORD);
  return { companyId: company.id, adminId: admin.id, adminUsername: username, adminName, token: session.accessToken, refreshToken: session.refreshToken, roleIds };
}

/** A fresh test context with one organisation signed in: how most integration test files start. */
export async function contextWithOrg(opts: { plan?: Plan | null; name?: string } = {}): Promise<{ ctx: TestContext; org: TestOrg }> {
  const ctx = await createTestContext();
  return { ctx, org: await createOrg(ctx, opts) };
}

/** A fresh test context with two companies (North Group and South Group unless named), for tests that each sees only its own. */
export async function contextWithTwoOrgs(names: [string, string] = ['North Group', 'South Group']): Promise<{ ctx: TestContext; a: TestOrg; b: TestOrg }> {
  const ctx = await createTestContext();
  const a = await createOrg(ctx, { plan: 'company', name: names[0] });
  const b = await createOrg(ctx, { plan: 'company', name: names[1] });
  return { ctx, a, b };
}

/**
 * How a file testing one company's admin starts, awaited where it loads: the context (closed after the file's tests),
 * the company, and `call`, a request as its admin.
 */
export async function orgTest(opts: { plan?: Plan | null; name?: string } = {}) {
  const { ctx, org } = await contextWithOrg(opts);
  afterAll(() => ctx.close());
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang?: string) =>
    ctx.app.inject({ method, url, headers: auth(org.token, lang), ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  return { ctx, org, call };
}

/** How a file testing two companies starts, awaited where it loads; the context closes after the file's tests. */
export async function twoOrgsTest(names?: [string, string]): Promise<{ ctx: TestContext; a: TestOrg; b: TestOrg }> {
  const two = await contextWithTwoOrgs(names);
  afterAll(() => two.ctx.close());
  return two;
}

/** Adds a staff account (with the test password) to the organisation and signs it in; its access token. */
export async function signInStaff(ctx: TestContext, org: TestOrg, account: Omit<NewAccount, 'password'>): Promise<string> {
  await createAccount(ctx.database.db, org.companyId, org.roleIds, { ...account, password: TEST_PASSWORD });
  return (await login(ctx, account.username, TEST_PASSWORD)).accessToken;
}

/** Fills an organisation as the demo does: clinics, staff, patients, then services and appointments around `now`. */
export async function seedOrgData(ctx: TestContext, companyId: string, now?: Date): Promise<void> {
  const db = ctx.database.db;
  await seedOrganisation(db, companyId);
  await seedEmployees(db, companyId);
  await seedPatients(db, companyId);
  await seedScheduling(db, companyId, now);
}

export async function login(ctx: TestContext, email: string, password: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { accessToken: string; refreshToken: string; user: Record<string, unknown> };
}

export function auth(token: string, lang?: string) {
  return { authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) };
}

export function body<T = any>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** The sign-in an access token belongs to, as a signed file link names it (to sign links in tests). */
export function linkSessionOf(accessToken: string): { employeeId: string; sessionVersion: number; familyId: string } {
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string; sv: number; fam: string };
  return { employeeId: claims.sub, sessionVersion: claims.sv, familyId: claims.fam };
}

export interface FilePart { field: string; filename: string; type: string; data: Buffer }

/** A multipart body as a browser sends it: text fields, then file parts. */
export async function multipart(fields: Array<[string, string]>, parts: FilePart[] = []) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  for (const p of parts) form.append(p.field, new Blob([new Uint8Array(p.data)], { type: p.type }), p.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/**
 * The refusal an answer carries, whichever form the route speaks: the API's error envelope, or (FHIR routes) an
 * OperationOutcome with the API's error code in its first issue's details. Null when the body is neither.
 */
export function errorOf(text: string): { code: string; message: string } | null {
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (json?.success === false && typeof json.message?.code === 'string' && typeof json.message?.message === 'string') {
    return { code: json.message.code, message: json.message.message };
  }
  const issue = json?.resourceType === 'OperationOutcome' ? json.issue?.[0] : undefined;
  const code = issue?.details?.coding?.find((c: any) => c.system === 'urn:clinic:error-code')?.code;
  if (typeof code === 'string' && typeof issue.diagnostics === 'string') return { code, message: issue.diagnostics };
  return null;
}
