import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { fhirExports } from '../../db/schema/index.js';
import type { App } from '../../lib/app-types.js';
import { auth, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertPatient } from '../appointments/fixtures.js';
import { insertExport } from './fhir.repository.js';

/**
 * A bulk export in progress when its server shuts down is marked interrupted before the database closes; after the
 * restart polling it answers a clear 410 ("start a new one"), never "running" for a lease and never a 500, and the
 * next kick-off is not refused as busy. An export whose server died without a shutdown reads the same once its
 * heartbeat is older than the lease.
 */

const BASE = '/api/fhir/R4';
let ctx: TestContext;
let org: TestOrg;
/** The server started again on the same database. */
let restarted: App;

beforeAll(async () => {
  // The export stops for good at its first batch (as a large one is still writing at the shutdown); a shutdown waits
  // for it at most a second.
  ctx = await createTestContext({ testHold: ['fhir-export'], shutdownTimeoutSeconds: 1 });
  org = await createOrg(ctx);
  await insertPatient(ctx.database.db, org.companyId, { name: 'Huda Export' });
}, 120_000);
afterAll(async () => {
  await restarted?.close();
  await ctx.close();
});

const local = (url: string) => url.replace(/^http:\/\/[^/]+/, '');
const call = (app: App, url: string, lang?: string) => app.inject({ method: 'GET', url, headers: auth(org.token, lang) });
const issue = (res: { json(): any }) => res.json().issue[0] as { code: string; diagnostics: string; details: { coding: Array<{ code: string }> } };

it('marks an export interrupted when its server shuts down: after the restart its status says so, and a new export starts', async () => {
  const kick = await call(ctx.app, `${BASE}/$export?_type=Patient`);
  expect(kick.statusCode).toBe(202);
  const status = local(kick.headers['content-location'] as string);
  expect((await call(ctx.app, status)).statusCode).toBe(202);

  await ctx.app.close();
  restarted = await buildApp(ctx.config, ctx.database);
  await restarted.ready();

  const res = await call(restarted, status);
  expect(res.statusCode).toBe(410);
  expect(issue(res).details.coding[0]!.code).toBe('FHIR_EXPORT_INTERRUPTED');
  expect(issue(res).code).not.toBe('exception');
  expect(issue(res).diagnostics).toBe('The export stopped because the server was restarted while writing its files; start a new one');
  expect(issue(await call(restarted, status, 'ar')).diagnostics).toBe('توقف التصدير لأن الخادم أُعيد تشغيله أثناء كتابة ملفاته؛ ابدأ تصديرًا جديدًا');
  // Nothing is left running: the next kick-off is accepted, not 429 FHIR_EXPORT_BUSY.
  expect((await call(restarted, `${BASE}/$export?_type=Patient`)).statusCode).toBe(202);
});

it('reads an export whose server died (no heartbeat within the lease) as interrupted too, not as a server error', async () => {
  const db = ctx.database.db;
  // Any export still running from the test above ends first (one runs at a time per company).
  await db.update(fhirExports).set({ status: 'failed', error: 'ended by the test' }).where(eq(fhirExports.companyId, org.companyId));
  const dead = await insertExport(db, { companyId: org.companyId, requestedBy: org.adminId, request: `${BASE}/$export?_type=Patient`, types: ['Patient'], since: null });
  await db.update(fhirExports).set({ heartbeatAt: new Date(Date.now() - ctx.config.leaseSeconds * 1000 - 60_000) }).where(eq(fhirExports.id, dead.id));
  const res = await call(restarted, `${BASE}/$export-status/${dead.id}`);
  expect(res.statusCode).toBe(410);
  expect(issue(res).details.coding[0]!.code).toBe('FHIR_EXPORT_INTERRUPTED');
});

it('tells a client that an export which failed on its own will not recover (a 500, but no transient issue code)', async () => {
  const db = ctx.database.db;
  await db.update(fhirExports).set({ status: 'failed', error: 'ended by the test' }).where(eq(fhirExports.companyId, org.companyId));
  const failed = await insertExport(db, { companyId: org.companyId, requestedBy: org.adminId, request: `${BASE}/$export?_type=Patient`, types: ['Patient'], since: null });
  await db.update(fhirExports).set({ status: 'failed', error: 'could not write the files' }).where(eq(fhirExports.id, failed.id));
  const res = await call(restarted, `${BASE}/$export-status/${failed.id}`);
  expect(res.statusCode).toBe(500);
  expect(issue(res).details.coding[0]!.code).toBe('FHIR_EXPORT_FAILED');
  // Bulk Data clients keep polling on a transient code ('exception' is one); a failed export never comes back.
  expect(issue(res).code).toBe('processing');
});
