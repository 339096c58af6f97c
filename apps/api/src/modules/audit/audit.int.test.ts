import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../organisation/provision.js';
import { recordAudit } from '../../lib/audit.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let nurseToken: string;
let nurseId: string;
/** When the setup began: the entries it causes are stamped between this and the moment they are read. */
let setupStarted: number;

beforeAll(async () => {
  setupStarted = Date.now();
  ctx = await createTestContext();
  a = await createOrg(ctx);
  b = await createOrg(ctx);
  const nurse = await createAccount(ctx.database.db, a.companyId, a.roleIds, {
    name: 'Mariam Saleh', username: 'msaleh', email: 'msaleh@example.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
  });
  nurseId = nurse.id;
  nurseToken = (await login(ctx, 'msaleh', TEST_PASSWORD)).accessToken;
  await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'msaleh', password: 'wrong-password' } });
  await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: auth(nurseToken) });
});
afterAll(() => ctx.close());

const list = (token: string, q = '') => ctx.app.inject({ method: 'GET', url: `/api/audit${q}`, headers: auth(token) });

describe('audit log', () => {
  it('records sign-ins, failed sign-ins and permission refusals with who, what, address and time', async () => {
    const json = body(await list(a.token, '?limit=30'));
    const actions = json.data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['login', 'login_failed', 'permission_denied']));
    const denied = json.data.find((e: { action: string }) => e.action === 'permission_denied');
    expect(denied).toMatchObject({ actor: { _id: nurseId, name: 'Mariam Saleh' }, entity: 'route', entityId: 'GET /api/audit' });
    expect(denied.ip).toBeTruthy();
    expect(new Date(denied.createdAt).getTime()).toBeGreaterThanOrEqual(setupStarted - 1000);
    expect(new Date(denied.createdAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('filters by user, action and date range, newest first', async () => {
    const failed = body(await list(a.token, `?action=login_failed&actor=${nurseId}`)).data;
    expect(failed).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(body(await list(a.token, `?from=${today}&to=${today}`)).pagination.total_items).toBeGreaterThanOrEqual(3);
    expect(body(await list(a.token, '?from=2000-01-01&to=2000-01-02')).data).toHaveLength(0);
    const all = body(await list(a.token)).data.map((e: { createdAt: string }) => e.createdAt);
    expect(all).toEqual([...all].sort().reverse());
    const filters = body(await ctx.app.inject({ method: 'GET', url: '/api/audit/filters', headers: auth(a.token) })).data;
    expect(filters.actions).toEqual(expect.arrayContaining(['login', 'permission_denied']));
    expect(filters.actors.map((x: { name: string }) => x.name)).toContain('Mariam Saleh');
  });

  it('keeps each company to its own trail', async () => {
    const other = body(await list(b.token, '?limit=30')).data;
    expect(other.every((e: { actor: { _id: string } | null }) => e.actor?._id !== nurseId)).toBe(true);
    expect(body(await list(b.token, `?actor=${nurseId}`)).data).toHaveLength(0);
  });

  it('shows clinical content in entries (readings, folded allergies) only to callers who may read clinical records', async () => {
    const role = await ctx.app.inject({ method: 'POST', url: '/api/roles', headers: auth(a.token), payload: { name: 'Auditor', permissions: ['audit_read', 'data_export'] } });
    await createAccount(ctx.database.db, a.companyId, new Map([['auditor', body(role).data._id]]), {
      name: 'Nasser Auditor', username: 'nauditor', email: 'nauditor@example.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: ['auditor'],
    });
    const auditorToken = (await login(ctx, 'nauditor', TEST_PASSWORD)).accessToken;
    const patientId = '6f1d3c9e-0d7a-4d0e-9d7e-3f2b1a0c9d8e';
    await recordAudit(ctx.database.db, null, {
      companyId: a.companyId, actorId: a.adminId, action: 'create', entity: 'vital_signs', entityId: patientId, changes: { after: { systolic: 190, diastolic: 120 } },
    });
    await recordAudit(ctx.database.db, null, {
      companyId: a.companyId, actorId: a.adminId, action: 'merge', entity: 'patient', entityId: patientId,
      changes: { mergedFrom: { publicId: 'PAT-000009' }, folded: { allergies: 1 }, foldedRows: { allergies: [{ substance: 'Penicillin', severity: 'life_threatening' }] } },
    });
    const seen = async (token: string) => {
      const res = await list(token, `?limit=5`);
      expect(res.statusCode).toBe(200);
      const rows = body(res).data as Array<{ entity: string; action: string; changes: Record<string, unknown> }>;
      return { vitals: rows.find((e) => e.entity === 'vital_signs')!, merge: rows.find((e) => e.action === 'merge')! };
    };
    const auditor = await seen(auditorToken);
    expect(auditor.vitals.changes).toEqual({ redacted: 'clinical' });
    expect(JSON.stringify(auditor.merge.changes)).not.toContain('Penicillin');
    expect(auditor.merge.changes).toMatchObject({ mergedFrom: { publicId: 'PAT-000009' }, folded: { allergies: 1 } });
    const admin = await seen(a.token);
    expect(admin.vitals.changes).toEqual({ after: { systolic: 190, diastolic: 120 } });
    expect(JSON.stringify(admin.merge.changes)).toContain('Penicillin');
    // The CSV export shows what the list shows.
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/audit/export.csv', headers: auth(auditorToken) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('vital_signs');
    expect(csv.body).not.toContain('systolic');
    expect(csv.body).not.toContain('Penicillin');
  });

  it('needs audit_read', async () => {
    expect((await list(nurseToken)).statusCode).toBe(403);
  });

  it('is append-only: no API route changes it, and the database refuses updates and deletes', async () => {
    const writes = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/audit') && r.method !== 'GET');
    expect(writes).toEqual([]);
    await expect(ctx.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('refuses malformed filters with 422', async () => {
    expect((await list(a.token, '?from=yesterday')).statusCode).toBe(422);
    expect((await list(a.token, '?actor=42')).statusCode).toBe(422);
  });
});
