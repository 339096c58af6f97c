import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientAllergies, rolePermissions, roles } from '../../db/schema/index.js';
import { createAccount } from '../organisation/provision.js';
import { auth, contextWithTwoOrgs, errorOf, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertPatient } from '../appointments/fixtures.js';

/**
 * A bulk export's status, files and cancellation belong to the person who started it; a clinical type's file needs
 * clinical_read when it is downloaded, not only at the kick-off; every file served is audited.
 */

const BASE = '/api/fhir/R4';
let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let starter: string;
let starterId: string;
let starterRole: string;
let reader: string;
let exportId: string;

const call = (method: 'GET' | 'DELETE', url: string, token: string) => ctx.app.inject({ method, url, headers: auth(token) });
const local = (url: string) => url.replace(/^http:\/\/[^/]+/, '');

/** A role with these permissions and an account holding it, signed in: its token, id and role id. */
async function account(username: string, permissions: string[]) {
  const db = ctx.database.db;
  const [role] = await db.insert(roles).values({ companyId: a.companyId, name: `Role ${username}` }).returning();
  await db.insert(rolePermissions).values(permissions.map((permission) => ({ companyId: a.companyId, roleId: role!.id, permission })));
  const created = await createAccount(db, a.companyId, new Map([[`Role ${username}`, role!.id]]), {
    name: username, username, email: `${username}@example.test`, password: TEST_PASSWORD, employeeType: 'Administrative', roleNames: [`Role ${username}`],
  });
  return { token: (await login(ctx, username, TEST_PASSWORD)).accessToken, id: created.id as string, roleId: role!.id };
}

const fileAudits = () => ctx.database.query<{ actor_id: string; changes: { type: string; count: number } }>(
  `select actor_id, changes from audit_log where company_id = $1 and entity = 'fhir' and action = 'export_file' and entity_id = $2 order by created_at`,
  [a.companyId, exportId]);

beforeAll(async () => {
  ({ ctx, a, b } = await contextWithTwoOrgs(['Export North', 'Export South']));
  const patient = await insertPatient(ctx.database.db, a.companyId, { name: 'Mona Saleh' });
  await ctx.database.db.insert(patientAllergies).values({
    companyId: a.companyId, patientId: patient.id, substance: 'Penicillin', substanceKey: 'penicillin', severity: 'life_threatening',
  });
  const clinician = await account('export_clinical', ['fhir_read', 'patient_read', 'clinical_read']);
  ({ token: starter, id: starterId, roleId: starterRole } = clinician);
  reader = (await account('export_feed', ['fhir_read', 'patient_read'])).token;

  const kick = await call('GET', `${BASE}/$export?_type=Patient,AllergyIntolerance`, starter);
  expect(kick.statusCode, kick.body).toBe(202);
  const status = local(kick.headers['content-location'] as string);
  exportId = status.split('/').pop()!;
  for (let i = 0; i < 100; i++) {
    if ((await call('GET', status, starter)).statusCode === 200) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export did not finish');
}, 120_000);
afterAll(() => ctx?.close());

describe('FHIR bulk export: who reaches its files', () => {
  it('answers anyone but the person who started it as for an unknown export, on status, files and cancel', async () => {
    const unknown = await call('GET', `${BASE}/$export-status/00000000-0000-4000-8000-000000000000`, reader);
    expect(unknown.statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `${BASE}/$export-status/${exportId}`], ['GET', `${BASE}/$export-file/${exportId}/Patient`],
      ['GET', `${BASE}/$export-file/${exportId}/AllergyIntolerance`], ['DELETE', `${BASE}/$export-status/${exportId}`],
    ] as const) {
      for (const token of [reader, b.token, a.token]) {
        const res = await call(method, url, token);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(errorOf(res.body), `${method} ${url}`).toEqual(errorOf(unknown.body));
      }
    }
    // Still there for the person who started it, and nothing was served.
    expect((await call('GET', `${BASE}/$export-status/${exportId}`, starter)).statusCode).toBe(200);
    expect(await fileAudits()).toEqual([]);
  });

  it('serves the starter a clinical file, audited', async () => {
    const res = await call('GET', `${BASE}/$export-file/${exportId}/AllergyIntolerance`, starter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Penicillin');
    expect(await fileAudits()).toEqual([{ actor_id: starterId, changes: { type: 'AllergyIntolerance', count: 1 } }]);
  });

  it('refuses a clinical file once the starter no longer has clinical_read; other files are still served', async () => {
    await ctx.database.db.delete(rolePermissions)
      .where(and(eq(rolePermissions.companyId, a.companyId), eq(rolePermissions.roleId, starterRole), eq(rolePermissions.permission, 'clinical_read')));
    ctx.app.callers.invalidateCompany(a.companyId);
    const refused = await call('GET', `${BASE}/$export-file/${exportId}/AllergyIntolerance`, starter);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Penicillin');
    const patients = await call('GET', `${BASE}/$export-file/${exportId}/Patient`, starter);
    expect(patients.statusCode).toBe(200);
    expect(patients.body).toContain('Mona Saleh');
    expect((await fileAudits()).map((r) => r.changes.type)).toEqual(['AllergyIntolerance', 'Patient']);
    expect((await call('DELETE', `${BASE}/$export-status/${exportId}`, starter)).statusCode).toBe(202);
  });
});
