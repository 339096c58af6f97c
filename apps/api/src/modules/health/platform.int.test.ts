import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

describe('platform', () => {
  it('health checks the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data.status).toBe('ok');
  });

  it('live and ready probes for a load balancer: ready only while the database answers and the server is not shutting down', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(body(live).data).toEqual({ status: 'live' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(body(ready).data).toEqual({ status: 'ready' });

    // The database refuses, then does not answer at all: not ready (after a short wait), while still live.
    const execute = vi.spyOn(ctx.database.db, 'execute');
    execute.mockRejectedValueOnce(new Error('connection refused'));
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/health/ready', headers: { 'accept-language': 'ar' } });
    expect(refused.statusCode).toBe(503);
    expect(body(refused).message).toEqual({ code: 'DATABASE_UNAVAILABLE', message: 'الخادم غير جاهز لاستقبال الطلبات؛ حاول مرة أخرى بعد قليل' });
    execute.mockImplementationOnce(() => new Promise(() => {}) as never);
    const hanging = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(hanging.statusCode).toBe(503);
    execute.mockRestore();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

    ctx.app.lifecycle.draining = true;
    try {
      const draining = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(draining.statusCode).toBe(503);
      expect(body(draining).message).toEqual({ code: 'DRAINING', message: 'The server is not ready to take requests; try again shortly' });
      expect(draining.headers.connection).toBe('close');
    } finally {
      ctx.app.lifecycle.draining = false;
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('unknown API routes are 404 in the envelope, translated, with a request id', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/does-not-exist', headers: { 'accept-language': 'ar' } });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ success: false, message: { code: 'ROUTE_NOT_FOUND', message: 'المسار DELETE /api/does-not-exist غير موجود' } });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('sends security headers and no-store on API answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // The same set on an error answer and on a route nobody serves.
    for (const other of [await ctx.app.inject({ method: 'GET', url: '/api/patients' }), await ctx.app.inject({ method: 'GET', url: '/api/nowhere' })]) {
      expect(other.statusCode).toBeGreaterThanOrEqual(400);
      for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
        expect(other.headers[name], name).toBe(res.headers[name]);
      }
    }
  });

  it('every API route declares who may call it', () => {
    const api = ctx.app.routeTable.filter((r) => r.url.startsWith('/api'));
    expect(api.length).toBeGreaterThan(5);
    const undeclared = api.filter((r) => !r.config?.public && !r.config?.permission).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = body(res);
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/employees'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['page', 'limit', 'search', 'sortBy']));
  });
});
