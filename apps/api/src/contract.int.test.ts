import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes, routes } from '@clinic/shared';
import { createTestContext, type TestContext } from './test/harness.js';

/**
 * The route contract and the API agree: every /api route the server answers is an entry of the contract (so the web
 * client can call it, typed), and every entry is served, with the access the entry declares.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const key = (method: string, url: string) => `${method} ${url}`;

/**
 * Served under /api but described elsewhere: FHIR R4 (`/api/fhir/R4`, whose contract is the standard and its own
 * CapabilityStatement, tested in modules/fhir) and the API's documentation (the OpenAPI document made from this
 * contract, and its viewer).
 */
const DESCRIBED_ELSEWHERE = ['/api/fhir/', '/api/docs', '/api/openapi.json'];
const inContractScope = (url: string) => url.startsWith('/api/') && !DESCRIBED_ELSEWHERE.some((p) => url.startsWith(p));

describe('the route contract', () => {
  it('lists every route the API serves, and the API serves every route it lists', () => {
    const served = new Map(ctx.app.routeTable.filter((r) => inContractScope(r.url) && r.method !== 'HEAD').map((r) => [key(r.method, r.url), r]));
    const listed = new Map(listRoutes(routes).map((r) => [key(r.spec.method, r.spec.path), r]));
    const notInContract = [...served.keys()].filter((k) => !listed.has(k)).sort();
    const notServed = [...listed.keys()].filter((k) => !served.has(k)).sort();
    expect({ notInContract, notServed }).toEqual({ notInContract: [], notServed: [] });
  });

});
