import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness.js';

let ctx: TestContext;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'clinic-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Staff app</title>');
  writeFileSync(path.join(webDist, 'book.html'), '<!doctype html><title>Booking page</title>');
  ctx = await createTestContext({ webDist });
}, 120_000);

afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('the web entries the server serves', () => {
  it('answers the public booking address with the booking page’s own small entry, not the staff app', async () => {
    for (const url of ['/book/al-noor', '/book/al-noor?clinic=abc&service=def', '/book']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Booking page');
      // Not in a frame unless asked for as an embed.
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    expect((await get('/patients')).body).toContain('Staff app');
    expect((await get('/booking-settings')).body).toContain('Staff app');
  });

  it('lets a clinic’s own website show the page in a frame only with ?embed=1', async () => {
    const res = await get('/book/al-noor?embed=1&doctor=x');
    expect(res.body).toContain('Booking page');
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect((await get('/patients?embed=1')).headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
