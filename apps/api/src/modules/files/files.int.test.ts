import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../lib/app-types.js';
import { fileUrl, storeUpload } from '../../lib/files.js';
import { CallerCache } from '../../lib/caller-cache.js';
import { TokenService } from '../../lib/tokens.js';
import { body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let deps: Deps;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx);
  b = await createOrg(ctx);
  deps = { config: ctx.config, database: ctx.database, db: ctx.database.db, tokens: new TokenService(ctx.config.jwtSecret, 900), callers: new CallerCache(0) };
});
afterAll(() => ctx.close());

describe('uploads and downloads', () => {
  it('stores an image by content and serves it back as an attachment with nosniff', async () => {
    const f = await storeUpload(deps, a.companyId, a.adminId, Readable.from([PNG]), { kind: 'image', field: 'image', filename: '../../etc/passwd.png' });
    expect(f).toMatchObject({ mimeType: 'image/png', sizeBytes: PNG.length, originalName: 'passwd.png' });
    const res = await ctx.app.inject({ method: 'GET', url: fileUrl(deps, a.companyId, f.id) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="passwd.png"/);
  });

  it('refuses a file whose content is not an allowed type, whatever its name', async () => {
    await expect(storeUpload(deps, a.companyId, a.adminId, Readable.from([PNG]), { kind: 'report', field: 'report', filename: 'scan.pdf' })).resolves.toBeDefined();
    await expect(storeUpload(deps, a.companyId, a.adminId, Readable.from([PDF]), { kind: 'image', field: 'image', filename: 'photo.png' }))
      .rejects.toMatchObject({ status: 422, fields: { image: 'errors.fileType' } });
    await expect(storeUpload(deps, a.companyId, a.adminId, Readable.from([Buffer.from('<script>alert(1)</script>')]), { kind: 'document', field: 'cv', filename: 'cv.pdf' }))
      .rejects.toMatchObject({ status: 422 });
  });

  it('stops reading as soon as the size cap is passed', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 64 * 1024;
        this.push(produced === 64 * 1024 ? Buffer.concat([PNG, Buffer.alloc(64 * 1024 - PNG.length)]) : Buffer.alloc(64 * 1024));
      },
    });
    await expect(storeUpload(deps, a.companyId, a.adminId, endless, { kind: 'image', field: 'image', filename: 'big.png' }))
      .rejects.toMatchObject({ status: 413, params: { max: 5 } });
    expect(produced).toBeLessThan(6 * 1024 * 1024);
  });

  it('serves a file only with a valid link for its own company', async () => {
    const f = await storeUpload(deps, a.companyId, a.adminId, Readable.from([PNG]), { kind: 'image', field: 'image', filename: 'x.png' });
    const url = fileUrl(deps, a.companyId, f.id);
    const tampered = url.replace(a.companyId, b.companyId);
    expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const bare = await ctx.app.inject({ method: 'GET', url: `/api/files/${f.id}` });
    expect(bare.statusCode).toBe(401);
    expect(body(bare).success).toBe(false);
    const otherCompanyLink = fileUrl(deps, b.companyId, f.id);
    expect((await ctx.app.inject({ method: 'GET', url: otherCompanyLink })).statusCode).toBe(404);
  });
});
