import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles } from '../db/schema/index.js';
import { WRITE_TYPES } from '../modules/fhir/fhir.write-routes.js';
import { createAccount } from '../modules/organisation/provision.js';
import { auth, createOrg, errorOf, createTestContext, login, TEST_PASSWORD, type TestContext } from '../test/harness.js';
import { dataSnapshot, fillParams, protectedRoutes } from '../test/route-helpers.js';

/**
 * Every protected route declares a permission in its definition, and a signed-in user who lacks it gets 403 before
 * anything happens. The routes are read from the server's route table, so a route added later is covered at once.
 */

/** Self-service routes any signed-in user may call. Adding one is a deliberate decision: list it here. */
const SELF_SERVICE = new Set([
  'GET /api/profile',
  'GET /api/profile/details',
  'PUT /api/profile/password',
  'PUT /api/profile/preferences',
  'PUT /api/profile/clinic',
  // The caller's own notifications and live events.
  'GET /api/notifications',
  'GET /api/notifications/unread-count',
  'POST /api/notifications/:id/read',
  'POST /api/notifications/read-all',
  'GET /api/live',
  // The caller's own authenticator app and recovery codes, and confirming who the caller is (step-up).
  'GET /api/security/two-factor',
  'POST /api/security/two-factor/totp',
  'POST /api/security/two-factor/totp/confirm',
  'POST /api/security/two-factor/totp/disable',
  'POST /api/security/two-factor/recovery-codes',
  'POST /api/security/step-up',
  // The caller's own passkeys (no route names another person) and confirming who the caller is with one.
  'GET /api/passkeys',
  'POST /api/passkeys/register/options',
  'POST /api/passkeys/register',
  'PATCH /api/passkeys/:id',
  'DELETE /api/passkeys/:id',
  'POST /api/passkeys/step-up/options',
  'POST /api/passkeys/step-up',
  // The caller's own sign-in sessions and history, and the organisation's idle timeout (the web app's warning).
  'GET /api/sessions',
  'DELETE /api/sessions/:sessionId',
  'POST /api/sessions/end-others',
  'GET /api/sessions/history',
  'GET /api/sessions/rules',
]);

let ctx: TestContext;
let nobodyToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const org = await createOrg(ctx);
  await createAccount(ctx.database.db, org.companyId, org.roleIds, {
    name: 'No Roles', username: 'noroles', email: 'noroles@example.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: [],
  });
  nobodyToken = (await login(ctx, 'noroles', TEST_PASSWORD)).accessToken;
});
afterAll(() => ctx.close());

describe('permissions', () => {
  it('every protected route declares a permission, and only listed self-service routes accept any signed-in user', () => {
    const routes = protectedRoutes(ctx);
    expect(routes.length).toBeGreaterThan(5);
    for (const r of routes) expect(r.config?.permission, `${r.method} ${r.url}`).toBeTruthy();
    const open = routes.filter((r) => r.config?.permission === 'authenticated').map((r) => `${r.method} ${r.url}`);
    for (const key of open) expect(SELF_SERVICE.has(key), `${key} accepts any signed-in user`).toBe(true);
  });

  it('a user without the permission gets 403 on every route, and nothing changes', async () => {
    const before = await dataSnapshot(ctx);
    const routes = protectedRoutes(ctx).filter((r) => r.config?.permission !== 'authenticated');
    for (const r of routes) {
      const url = fillParams(r.url, () => '00000000-0000-4000-8000-000000000000');
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url,
        headers: auth(nobodyToken, 'ar'),
        ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(errorOf(res.body), `${r.method} ${r.url}`).toEqual({ code: 'FORBIDDEN', message: 'ليست لديك صلاحية للقيام بذلك' });
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('FHIR writes need the API\'s write permission besides fhir_read: 403 OperationOutcome, nothing made', async () => {
    const org = await createOrg(ctx);
    const [role] = await ctx.database.db.insert(roles).values({ companyId: org.companyId, name: 'FHIR feed' }).returning();
    await ctx.database.db.insert(rolePermissions).values(['fhir_read', 'patient_read', 'appointment_read'].map((permission) => ({ companyId: org.companyId, roleId: role!.id, permission })));
    await createAccount(ctx.database.db, org.companyId, new Map([['FHIR feed', role!.id]]), {
      name: 'Feed', username: 'fhirfeed', email: 'fhirfeed@example.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: ['FHIR feed'],
    });
    const token = (await login(ctx, 'fhirfeed', TEST_PASSWORD)).accessToken;
    const before = await dataSnapshot(ctx);
    for (const { type } of WRITE_TYPES) {
      for (const [method, url] of [['POST', `/api/fhir/R4/${type}`], ['PUT', `/api/fhir/R4/${type}/00000000-0000-4000-8000-000000000000`]] as const) {
        const res = await ctx.app.inject({ method, url, headers: auth(token, 'ar'), payload: { resourceType: type, id: '00000000-0000-4000-8000-000000000000' } });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().resourceType).toBe('OperationOutcome');
        expect(errorOf(res.body), `${method} ${url}`).toEqual({ code: 'FORBIDDEN', message: 'ليست لديك صلاحية للقيام بذلك' });
      }
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('without a token every protected route is 401', async () => {
    for (const r of protectedRoutes(ctx)) {
      const res = await ctx.app.inject({ method: r.method as 'GET', url: fillParams(r.url, () => '00000000-0000-4000-8000-000000000000') });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });
});
