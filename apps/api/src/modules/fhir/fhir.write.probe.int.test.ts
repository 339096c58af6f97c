import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { patients } from '../../db/schema/index.js';
import { auth, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertPatient } from '../appointments/fixtures.js';
import { fhirPatient, loadR4Definitions } from './fixtures.js';

/** FHIR Patient writes under hostile bodies and conditions: an OperationOutcome, never a 500, never another's patient. */

const BASE = '/api/fhir/R4';
const FHIR = 'application/fhir+json';
let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;

const post = (raw: string, headers: Record<string, string> = {}, token = a.token) =>
  ctx.app.inject({ method: 'POST', url: `${BASE}/Patient`, headers: { ...auth(token), 'content-type': FHIR, ...headers }, payload: raw });
const count = async (companyId: string) => (await ctx.database.db.select({ id: patients.id }).from(patients).where(eq(patients.companyId, companyId))).length;

beforeAll(async () => {
  loadR4Definitions();
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Clinic A' });
  b = await createOrg(ctx, { name: 'Clinic B' });
  await insertPatient(ctx.database.db, a.companyId, { name: 'Omar Saleh' });
  const other = await insertPatient(ctx.database.db, b.companyId, { name: 'Other Company' });
  await ctx.database.db.update(patients).set({ identity: '1098765432' }).where(eq(patients.id, other.id));
}, 120_000);
afterAll(() => ctx?.close());

describe('hostile Patient bodies', () => {
  it('a deeply nested extension (100,000 levels) is refused, never a 500, and makes nothing', async () => {
    const depth = 100_000;
    const nested = `${'{"extension":['.repeat(depth)}${']}'.repeat(depth)}`;
    const raw = JSON.stringify(fhirPatient('1012345000')).replace(/^\{/, `{"extension":[${nested}],`);
    const before = await count(a.companyId);
    const res = await post(raw);
    expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().resourceType).toBe('OperationOutcome');
    expect(await count(a.companyId)).toBe(before);
  });

  it('a 5 MB body is refused as too large, in FHIR terms', async () => {
    const big = { ...fhirPatient('1012345001'), text: { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml">${'x'.repeat(5 * 1024 * 1024)}</div>` } };
    const res = await post(JSON.stringify(big));
    expect(res.statusCode).toBe(413);
  });
});

describe('If-None-Exist with injection characters', () => {
  it('matches only the exact identifier of the caller\'s own company, never by pattern or quote', async () => {
    for (const condition of [`identifier=' or '1'='1`, 'identifier=%25', 'identifier=_', 'identifier=1098765432', 'identifier=*']) {
      const before = await count(a.companyId);
      const res = await post(JSON.stringify(fhirPatient(`10${String(before).padStart(8, '7')}`, { telecom: [{ system: 'phone', value: `+96650${String(1_000_000 + before)}` }] })), { 'if-none-exist': condition });
      // 200 would be "this patient already exists": no patient of company A has any of these identifiers.
      expect(res.statusCode, `${condition}: ${res.body.slice(0, 200)}`).not.toBe(200);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await count(b.companyId)).toBe(1);
    const twoParams = await post(JSON.stringify(fhirPatient('1012345002')), { 'if-none-exist': 'identifier=1&name=Omar' });
    expect(twoParams.statusCode).toBe(400);
  });
});
