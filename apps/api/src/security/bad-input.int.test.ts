import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, contextWithOrg, errorOf, type TestContext, type TestOrg } from '../test/harness.js';
import { dataSnapshot, fillParams, protectedRoutes } from '../test/route-helpers.js';

/**
 * Random and adversarial input for every write route and every list route, as an administrator (so permission
 * checks pass and validation and services are what is tested): never a 500, always the error envelope with a
 * translated message, and the database unchanged whenever the request was refused.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

const nasty = fc.constantFrom(
  "'; drop table patients; --", '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '\u202eevil\u202c', '\u200f\u200e',
  '%00', '../../etc/passwd', 'NaN', 'Infinity', '-1', '1e309', '9999999999999999999999', '2026-02-30', '2026-13-01T25:61:00Z',
  'null', 'undefined', 'true', '{}', '[]', '__proto__', 'constructor', ' '.repeat(10), 'x'.repeat(10_000), 'مرحبا بالعالم', '😀'.repeat(50),
);
const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'name', 'id', 'companyId', 'company_id', 'isActive', 'datetime', 'password'), fc.string({ maxLength: 12 }));
const leaf = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String), fc.date({ noInvalidDate: false }).map((d) => (isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ maxDepth: 4 }, leaf, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(key, tie('node'), { maxKeys: 5 })),
})).node;
const deep = fc.integer({ min: 50, max: 400 }).map((n) => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = { a: [v] };
  return v;
});
const bodies = fc.oneof(fc.dictionary(key, value, { maxKeys: 8 }), value, deep);
const queryParams = fc.dictionary(
  fc.constantFrom('page', 'limit', 'sortBy', 'order', 'search', 'isActive', 'allData', 'filter_fields', 'dateOfBirth', 'status', 'from', 'to', 'date', 'clinic', 'doctor', 'entity', 'actor', 'period', 'employeeType', '__proto__'),
  fc.oneof(nasty, fc.string({ maxLength: 30 }), fc.integer().map(String)),
  { maxKeys: 6 },
);

function multipart(fields: Record<string, string>): { payload: string; contentType: string } {
  const boundary = '----clinicfuzz' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, '')}"\r\n\r\n${v}\r\n`);
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nnot really a png\r\n`;
  return { payload: parts.join('') + file + `--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}
const multipartFields = fc.dictionary(
  fc.oneof(fc.constantFrom('name', '__proto__[admin]', 'emergencyContacts[0][name]', 'a[0][0][0][0][0]', 'constructor[prototype][x]', 'languages[]', 'a[99999999]'), fc.string({ maxLength: 10 })),
  fc.oneof(nasty, fc.string({ maxLength: 20 })),
  { maxKeys: 6 },
);

let ctx: TestContext;
let org: TestOrg;
beforeAll(async () => {
  ({ ctx, org } = await contextWithOrg());
});
afterAll(() => ctx.close());

function expectEnvelope(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const error = errorOf(res.body);
    expect(error, label).not.toBeNull();
    expect(error!.message.length, label).toBeGreaterThan(0);
  }
}

describe('bad input never hurts', () => {
  it('write routes answer random JSON and multipart bodies with 4xx envelopes and change nothing when refused', async () => {
    const writes = protectedRoutes(ctx).filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(0);
    for (const r of writes) {
      const before = await dataSnapshot(ctx);
      let accepted = false;
      const label = `${r.method} ${r.url}`;
      const paramValue = fc.oneof(fc.uuid(), nasty.map(encodeURIComponent), fc.constant(org.companyId));
      await fc.assert(
        fc.asyncProperty(bodies, paramValue, multipartFields, fc.boolean(), fc.boolean(), fc.constantFrom('en', 'ar'), async (payload, param, form, asMultipart, brokenBoundary, lang) => {
          const url = fillParams(r.url, () => param);
          const form2 = multipart(form);
          const res = asMultipart
            ? await ctx.app.inject({ method: r.method as 'POST', url, headers: { ...auth(org.token, lang), 'content-type': brokenBoundary ? 'multipart/form-data; boundary=other' : form2.contentType }, payload: form2.payload })
            : await ctx.app.inject({ method: r.method as 'POST', url, headers: { ...auth(org.token, lang), 'content-type': 'application/json' }, payload: JSON.stringify(payload) ?? 'null' });
          if (res.statusCode < 300) accepted = true;
          expectEnvelope(res, label);
        }),
        { numRuns: RUNS },
      );
      if (!accepted) expect(await dataSnapshot(ctx), `${label} changed data while refusing`).toEqual(before);
    }
  }, 600_000);

  it('list and read routes answer random query strings with 2xx or 4xx envelopes', async () => {
    // An event stream never ends by design: modules/notifications/notifications.int.test.ts covers it.
    const reads = protectedRoutes(ctx).filter((r) => r.method === 'GET' && !r.config?.stream);
    for (const r of reads) {
      await fc.assert(
        fc.asyncProperty(queryParams, fc.oneof(fc.uuid(), nasty.map(encodeURIComponent)), async (params, param) => {
          const url = fillParams(r.url, () => param) + '?' + new URLSearchParams(params as Record<string, string>).toString();
          const res = await ctx.app.inject({ method: 'GET', url, headers: auth(org.token) });
          expectEnvelope(res, `GET ${r.url}`);
        }),
        { numRuns: RUNS },
      );
    }
  }, 600_000);

  it('public routes hold too', async () => {
    for (const url of [
      '/api/auth/login', '/api/auth/refresh-token', '/api/auth/logout', '/api/public/visit/confirm', '/api/public/visit/cancel', '/api/public/visit/reschedule',
      '/api/public/book/some-clinic/code', '/api/public/book/some-clinic/appointments',
    ]) {
      await fc.assert(
        fc.asyncProperty(bodies, async (payload) => {
          const res = await ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) ?? 'null' });
          expectEnvelope(res, url);
        }),
        { numRuns: RUNS },
      );
    }
    await fc.assert(
      fc.asyncProperty(queryParams, fc.oneof(nasty, fc.string({ maxLength: 300 })), async (params, token) => {
        const q = new URLSearchParams({ ...(params as Record<string, string>), token }).toString();
        for (const path of ['/api/public/visit', '/api/public/visit/times', '/api/public/visit/days', '/api/public/visit/ics', '/api/public/book/some-clinic/days', '/api/public/book/some-clinic/times']) {
          expectEnvelope(await ctx.app.inject({ method: 'GET', url: `${path}?${q}` }), `GET ${path}`);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
