import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, fileChunks, files, patients } from '../../db/schema/index.js';
import type { App, Deps } from '../../lib/app-types.js';
import { CallerCache } from '../../lib/caller-cache.js';
import { fileUrl, type LinkSession } from '../../lib/file-links.js';
import { contentDisposition, FILE_REFERENCES, safeDisplayName, storeUpload } from '../../lib/files.js';
import { readForm } from '../../lib/multipart.js';
import { TokenService } from '../../lib/tokens.js';
import { registerErrorHandling } from '../../plugins/errors.js';
import { registerFileHandling } from '../../plugins/files.js';
import { auth, body, createOrg, createTestContext, linkSessionOf, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { versionOf } from '../../test/versions.js';
import { companyBody } from '../../test/organisation-fixtures.js';
import { createAccount } from '../organisation/provision.js';
import { FileSweeper } from './files.sweep.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DAY_MS = 86_400_000;

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
afterEach(() => vi.useRealTimers());

type Entry = [string, string | { data: Buffer; name: string; type?: string }];

/** A multipart body as a browser sends it. */
async function multipart(entries: Entry[]) {
  const form = new FormData();
  for (const [k, v] of entries) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v.data)], { type: v.type ?? 'application/octet-stream' }), v.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function send(method: 'POST' | 'PUT', url: string, token: string, entries: Entry[]) {
  // An update is sent as a screen loaded now would send it: with the record's current version.
  const record = method === 'PUT' ? /^\/api\/(patients|employees)\/([^/]+)$/.exec(url) : null;
  if (record) entries = [['version', String(await versionOf(ctx, record[1] as 'patients' | 'employees', record[2]!))], ...entries];
  const m = await multipart(entries);
  return ctx.app.inject({ method, url, payload: m.payload, headers: { ...auth(token), 'content-type': m.contentType } });
}

const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });
const download = (url: string) => ctx.app.inject({ method: 'GET', url });

let identitySeq = 0;
function patientFields(overrides: Record<string, string> = {}): Entry[] {
  identitySeq += 1;
  const fields: Record<string, string> = {
    name: 'Amal Hassan', identity: `FILES-${identitySeq}-${Math.random().toString(36).slice(2, 8)}`, phone: '0501234567', dateOfBirth: '1990-01-05',
    gender: 'female', nationality: 'Saudi', marital_status: 'Married', blood_type: 'A+', address: 'King Fahd Road, Riyadh', Smoking: 'false',
    professiona_experi: 'Teacher', ...overrides,
  };
  return Object.entries(fields);
}

const photo = (name = 'photo.png'): Entry => ['image', { data: PNG, name, type: 'image/png' }];

const sessionOf = (token: string): LinkSession => linkSessionOf(token);

const linkFor = (org: TestOrg, fileId: string) => fileUrl(deps, org.companyId, fileId, { session: sessionOf(org.token) });

/** The company's stored files: rows, the files that have content in the database, and anything left on disk. */
async function storedFiles(companyId: string) {
  const rows = (await ctx.database.db.select({ id: files.id }).from(files).where(eq(files.companyId, companyId))).map((r) => r.id).sort();
  const bytes = [...new Set((await ctx.database.db.select({ id: fileChunks.fileId }).from(fileChunks).where(eq(fileChunks.companyId, companyId))).map((r) => r.id))].sort();
  const dir = path.join(ctx.config.dataDir, 'uploads', companyId);
  const disk = existsSync(dir) ? readdirSync(dir).sort() : [];
  return { rows, bytes, disk };
}

const fileIdOf = (url: string) => url.split('?')[0]!.split('/').pop()!;
const bytesExist = async (companyId: string, fileId: string) =>
  (await ctx.database.db.select({ seq: fileChunks.seq }).from(fileChunks).where(and(eq(fileChunks.companyId, companyId), eq(fileChunks.fileId, fileId)))).length > 0;

describe('uploads and downloads', () => {
  it('stores an image by content and serves it back as an attachment with nosniff', async () => {
    const f = await storeUpload(deps, a.companyId, a.adminId, Readable.from([PNG]), { kind: 'image', field: 'image', filename: '../../etc/passwd.png' });
    expect(f).toMatchObject({ mimeType: 'image/png', sizeBytes: PNG.length, originalName: 'passwd.png' });
    const res = await download(linkFor(a, f.id));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="passwd.png"/);
  });

  it('keeps a file larger than one chunk in the database in 256 KiB chunks and serves it back byte for byte', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(600 * 1024 - PDF.length, 7)]);
    // Arriving in uneven pieces, as a network delivers it.
    const pieces = [big.subarray(0, 1000), big.subarray(1000, 300_000), big.subarray(300_000)];
    const f = await storeUpload(deps, a.companyId, a.adminId, Readable.from(pieces), { kind: 'document', field: 'file', filename: 'scan.pdf' });
    expect(f).toMatchObject({ mimeType: 'application/pdf', sizeBytes: big.length });
    const chunks = await ctx.database.db.select({ seq: fileChunks.seq, data: fileChunks.data }).from(fileChunks)
      .where(and(eq(fileChunks.companyId, a.companyId), eq(fileChunks.fileId, f.id)));
    expect(chunks.map((c) => [c.seq, c.data.length]).sort((x, y) => x[0]! - y[0]!)).toEqual([[0, 262_144], [1, 262_144], [2, big.length - 524_288]]);
    expect(existsSync(path.join(ctx.config.dataDir, 'uploads', a.companyId, f.id))).toBe(false);
    const res = await download(linkFor(a, f.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(big.length));
    expect(res.rawPayload.equals(big)).toBe(true);
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
    const url = linkFor(a, f.id);
    const tampered = url.replace(a.companyId, b.companyId);
    expect((await download(tampered)).statusCode).toBe(404);
    const bare = await download(`/api/files/${f.id}`);
    expect(bare.statusCode).toBe(401);
    expect(body(bare).success).toBe(false);
    const otherCompanyLink = fileUrl(deps, b.companyId, f.id, { session: sessionOf(b.token) });
    expect((await download(otherCompanyLink)).statusCode).toBe(404);
    // Another sign-in's name put into a link: not a link the server signed.
    const otherSession = url.replace(`u=${a.adminId}`, `u=${b.adminId}`);
    expect((await download(otherSession)).statusCode).toBe(404);
  });

  it('strips right-to-left overrides and other invisible characters from names, and writes filename* by RFC 5987', async () => {
    expect(safeDisplayName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeDisplayName('a\u2066b\u2069c\u200Fd\u200Be\uFEFFf\u0085g\u2028h.pdf')).toBe('abcdefgh.pdf');
    expect(safeDisplayName('تقرير\u202Bطبي.pdf')).toBe('تقريرطبي.pdf');
    expect(safeDisplayName('\u202E\u202E')).toBe('file');
    expect(contentDisposition("Dr O'Brien (copy)*.pdf")).toBe(`attachment; filename="Dr O'Brien (copy)*.pdf"; filename*=UTF-8''Dr%20O%27Brien%20%28copy%29%2A.pdf`);
    expect(contentDisposition('تقرير.pdf')).toBe(`attachment; filename="_____.pdf"; filename*=UTF-8''${encodeURIComponent('تقرير')}.pdf`);

    const f = await storeUpload(deps, a.companyId, a.adminId, Readable.from([PDF]), { kind: 'report', field: 'file', filename: 'report\u202Efdp.exe' });
    expect(f.originalName).toBe('reportfdp.exe');
    // A name stored before the rule was tightened is cleaned where it is served.
    await ctx.database.db.update(files).set({ originalName: 'old\u202Efdp.exe' }).where(and(eq(files.companyId, a.companyId), eq(files.id, f.id)));
    const res = await download(linkFor(a, f.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="oldfdp.exe"; filename*=UTF-8''oldfdp.exe`);
  });
});

describe('a refused request keeps nothing it stored', () => {
  it('five image parts on a patient form: 422, and no row or byte left', async () => {
    const before = await storedFiles(a.companyId);
    const res = await send('POST', '/api/patients', a.token, [['name', 'X'], photo('1.png'), photo('2.png'), photo('3.png'), photo('4.png'), photo('5.png')]);
    expect(res.statusCode).toBe(422);
    expect(await storedFiles(a.companyId)).toEqual(before);
  });

  it('two files for one field on an otherwise valid form: 422 naming the field, nothing created or stored', async () => {
    const before = await storedFiles(a.companyId);
    const fields = patientFields({ name: 'Twice Pictured' });
    const res = await send('POST', '/api/patients', a.token, [...fields, photo('first.png'), photo('second.png')]);
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ image: 'Send one file for this field' });
    expect(await storedFiles(a.companyId)).toEqual(before);
    expect(await ctx.database.db.select().from(patients).where(and(eq(patients.companyId, a.companyId), eq(patients.name, 'Twice Pictured')))).toEqual([]);
  });

  it('a rule refusal after the upload (an identity number already registered, a report without a title) keeps nothing', async () => {
    const fields = patientFields();
    expect((await send('POST', '/api/patients', a.token, fields)).statusCode).toBe(201);
    const before = await storedFiles(a.companyId);
    const dup = await send('POST', '/api/patients', a.token, [...fields, photo()]);
    expect(dup.statusCode).toBe(409);
    expect(await storedFiles(a.companyId)).toEqual(before);

    const patientId = body(await get(a.token, '/api/patients?limit=5&sortBy=createdAt&order=desc')).data[0]._id;
    const noTitle = await send('POST', `/api/patients/${patientId}/documents`, a.token, [['file', { data: PDF, name: 'lab.pdf', type: 'application/pdf' }]]);
    expect(noTitle.statusCode).toBe(422);
    expect(await storedFiles(a.companyId)).toEqual(before);
  });

  it('an error thrown after the form was read (a failure, not a refusal) keeps nothing either', async () => {
    // A route of its own, wired like the real ones, that fails after storing the upload.
    const app = Fastify() as unknown as App;
    await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024 }, throwFileSizeLimit: true });
    registerErrorHandling(app);
    app.decorateRequest('caller', null);
    app.decorateRequest('accessClaims', null);
    app.addHook('onRequest', async (req) => {
      req.caller = { id: a.adminId, companyId: a.companyId, permissions: ['admin'], plan: 'company', employeeType: 'Admin', timeZone: 'Asia/Riyadh' };
    });
    registerFileHandling(app, deps);
    let storedInRoute = 0;
    app.post('/boom', async (req) => {
      const form = await readForm(req, deps, req.caller!, { files: { image: 'image', cv: 'document' } });
      storedInRoute = Object.keys(form.files).length;
      throw new Error('the database went away');
    });
    const before = await storedFiles(a.companyId);
    const m = await multipart([photo(), ['cv', { data: PDF, name: 'cv.pdf', type: 'application/pdf' }]]);
    const res = await app.inject({ method: 'POST', url: '/boom', payload: m.payload, headers: { 'content-type': m.contentType } });
    expect(res.statusCode).toBe(500);
    expect(storedInRoute).toBe(2);
    expect(await storedFiles(a.companyId)).toEqual(before);
    await app.close();
  });

  it('a client that gives up half-way through an upload leaves nothing behind', async () => {
    const base = await listening();
    const before = await storedFiles(a.companyId);
    const m = await multipart([...patientFields(), photo(), ['ignored', { data: Buffer.alloc(2 * 1024 * 1024), name: 'big.bin' }]]);
    const { port } = new URL(base);
    await new Promise<void>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port: Number(port), method: 'POST', path: '/api/patients', headers: { ...auth(a.token), 'content-type': m.contentType, 'content-length': m.payload.length } });
      req.on('error', () => resolve());
      // The whole picture and part of the next file, then the client goes away.
      req.write(m.payload.subarray(0, m.payload.length - 1024 * 1024), () => setTimeout(() => { req.destroy(); resolve(); }, 200));
    });
    for (let i = 0; i < 100 && JSON.stringify(await storedFiles(a.companyId)) !== JSON.stringify(before); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await storedFiles(a.companyId)).toEqual(before);
  });
});

describe('what a record lets go of is removed with it', () => {
  it('a replaced picture and a deleted patient\'s picture: links answer 404 and the bytes are gone', async () => {
    const created = body(await send('POST', '/api/patients', a.token, [...patientFields({ name: 'Short Stay' }), photo('first.png')])).data;
    const firstLink = created.image as string;
    expect((await download(firstLink)).statusCode).toBe(200);

    const updated = await send('PUT', `/api/patients/${created._id}`, a.token, [...patientFields({ name: 'Short Stay', identity: created.identity }), photo('second.png')]);
    expect(updated.statusCode).toBe(200);
    const secondLink = body(updated).data.image as string;
    expect((await download(firstLink)).statusCode).toBe(404);
    expect(await bytesExist(a.companyId, fileIdOf(firstLink))).toBe(false);

    expect(body(await ctx.app.inject({ method: 'DELETE', url: `/api/patients/${created._id}`, headers: auth(a.token) })).data.outcome).toBe('deleted');
    expect((await download(secondLink)).statusCode).toBe(404);
    expect(await bytesExist(a.companyId, fileIdOf(secondLink))).toBe(false);
    expect((await storedFiles(a.companyId)).rows).not.toContain(fileIdOf(secondLink));
  });

  it('an employee\'s replaced picture, and the picture and documents of a deleted employee', async () => {
    const staff: Entry[] = [
      ['name', 'Huda Al-Amri'], ['employeeType', 'Nurse'], ['gender', 'female'], ['dateOfBirth', '1990-01-05'],
      ['identity', `EMP-FILES-${Math.random().toString(36).slice(2, 8)}`],
      ['contactInfos', JSON.stringify([{ type: 'phone', value: '0501234567', subType: 'mobile' }])],
      ['address', 'King Fahd Road, Riyadh'], ['hireDate', '2020-03-01'],
      ['workingHours', JSON.stringify([{ day: 'Sunday', startTime: '09:00', endTime: '17:00' }])],
    ];
    const res = await send('POST', '/api/employees', a.token, [...staff, photo('huda.png'), ['documents[cv][file]', { data: PDF, name: 'cv.pdf', type: 'application/pdf' }]]);
    expect(res.statusCode, res.body).toBe(201);
    const created = body(res).data;
    const details = body(await get(a.token, `/api/employees/${created._id}`)).data;
    const firstPicture = details.image.url as string;
    const cv = details.documents.cv.file.url as string;

    const replaced = await send('PUT', `/api/employees/${created._id}`, a.token, [photo('huda-2.png')]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await download(firstPicture)).statusCode).toBe(404);
    expect(await bytesExist(a.companyId, fileIdOf(firstPicture))).toBe(false);
    const secondPicture = body(replaced).data.image.url as string;

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/employees/${created._id}`, headers: auth(a.token) })).statusCode).toBe(200);
    for (const url of [secondPicture, cv]) {
      expect((await download(url)).statusCode).toBe(404);
      expect(await bytesExist(a.companyId, fileIdOf(url))).toBe(false);
    }
  });

  it('a replaced company logo', async () => {
    const upload = (name: string) => send('POST', `/api/companies/${a.companyId}/logo`, a.token, [['logo', { data: PNG, name, type: 'image/png' }]]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/companies', headers: auth(a.token), payload: companyBody() })).statusCode).toBe(201);
    const first = await upload('logo-1.png');
    expect(first.statusCode).toBe(200);
    const firstLogo = body(first).data.logo.url as string;
    expect((await upload('logo-2.png')).statusCode).toBe(200);
    expect((await download(firstLogo)).statusCode).toBe(404);
    expect(await bytesExist(a.companyId, fileIdOf(firstLogo))).toBe(false);
  });
});

describe('file links', () => {
  it('are tied to the sign-in: after logout its links are refused, other sign-ins\' links still work', async () => {
    const session = await login(ctx, a.adminUsername, TEST_PASSWORD);
    const created = body(await send('POST', '/api/patients', session.accessToken, [...patientFields(), photo()])).data;
    const link = created.image as string;
    expect(link).toContain(`u=${a.adminId}`);
    expect((await download(link)).statusCode).toBe(200);
    const otherSessionLink = body(await get(a.token, `/api/patients/${created._id}`)).data.image as string;

    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth(session.accessToken), payload: { refreshToken: session.refreshToken } })).statusCode).toBe(200);
    const refused = await download(link);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message.code).toBe('LINK_SESSION_ENDED');
    expect((await download(otherSessionLink)).statusCode).toBe(200);
  });

  it('are refused once the account is deactivated', async () => {
    await createAccount(ctx.database.db, a.companyId, a.roleIds, {
      name: 'Fatima Zahra', username: 'files_nurse', email: 'files_nurse@north.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
    });
    const nurse = await login(ctx, 'files_nurse', TEST_PASSWORD);
    const created = body(await send('POST', '/api/patients', a.token, [...patientFields(), photo()])).data;
    const link = body(await get(nurse.accessToken, `/api/patients/${created._id}`)).data.image as string;
    expect((await download(link)).statusCode).toBe(200);
    const nurseId = (nurse.user as { _id: string })._id;
    const deactivation = { isActive: false, version: await versionOf(ctx, 'employees', nurseId) };
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/employees/${nurseId}`, headers: auth(a.token), payload: deactivation })).statusCode).toBe(200);
    expect((await download(link)).statusCode).toBe(403);
  });

  it('are refused once older than their life (minutes), and cannot be stretched', async () => {
    const f = await storeUpload(deps, a.companyId, a.adminId, Readable.from([PNG]), { kind: 'image', field: 'image', filename: 'x.png' });
    const link = linkFor(a, f.id);
    const exp = Number(new URL(link, 'http://x').searchParams.get('e'));
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(6 * 60_000);
    expect((await download(link)).statusCode).toBe(200);
    expect((await download(link.replace(`e=${exp}`, `e=${exp + 3600}`))).statusCode).toBe(404);
    vi.useFakeTimers({ toFake: ['Date'], now: exp * 1000 + 1000 });
    const late = await download(link);
    expect(late.statusCode).toBe(403);
    expect(body(late).message.code).toBe('LINK_EXPIRED');
  });

  it('records every health report download on the patient\'s record; a picture\'s download is not a record read', async () => {
    const created = body(await send('POST', '/api/patients', a.token, [...patientFields(), photo()])).data;
    const upload = await send('POST', `/api/patients/${created._id}/documents`, a.token, [['title', 'Blood test'], ['file', { data: PDF, name: 'blood.pdf', type: 'application/pdf' }]]);
    expect(upload.statusCode).toBe(201);
    const report = body(upload).data;
    const downloads = () => ctx.database.db.select().from(auditLog)
      .where(and(eq(auditLog.entity, 'patient'), eq(auditLog.entityId, created._id), eq(auditLog.action, 'document_download')));

    expect((await download(created.image)).statusCode).toBe(200);
    expect(await downloads()).toEqual([]);
    const res = await download(report.file.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The record to audit under is part of what is signed: a link cannot be stripped of it to download unrecorded.
    const stripped = new URL(report.file.url, 'http://x');
    stripped.searchParams.delete('p');
    stripped.searchParams.delete('d');
    expect((await download(`${stripped.pathname}${stripped.search}`)).statusCode).toBe(404);
    expect((await downloads()).map((r) => ({ actorId: r.actorId, companyId: r.companyId, changes: r.changes }))).toEqual([
      { actorId: a.adminId, companyId: a.companyId, changes: { documentId: report._id, fileId: report.file._id } },
    ]);
  });
});

describe('files no record points at are swept', () => {
  it('the referencing columns listed are every column of the database that holds a file id', async () => {
    const columns = await ctx.database.query<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name from information_schema.columns c
        where c.table_schema = 'public' and (c.column_name = 'file_id' or c.column_name like '%\\_file\\_id')
       union
       select cl.relname, a.attname from pg_constraint k
         join pg_class cl on cl.oid = k.conrelid
         join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
        where k.contype = 'f' and k.confrelid = 'public.files'::regclass and a.attname <> 'company_id'`,
    );
    // file_chunks holds a file's content, not a reference to it: its rows go with the file.
    const inDatabase = [...new Set(columns.filter((c) => c.table_name !== 'file_chunks').map((c) => `${c.table_name}.${c.column_name}`))].sort();
    expect(FILE_REFERENCES.map((r) => `${r.table}.${r.fileId.name}`).sort()).toEqual(inDatabase);
  });

  it('removes old unreferenced files and bytes without a row, a bounded slice per run, and keeps the rest', async () => {
    const db = ctx.database.db;
    const old = new Date(Date.now() - 2 * DAY_MS);
    const uploads = path.join(ctx.config.dataDir, 'uploads');
    const age = async (fileId: string) => {
      await db.update(files).set({ createdAt: old }).where(and(eq(files.companyId, b.companyId), eq(files.id, fileId)));
    };
    const orphan = await storeUpload(deps, b.companyId, b.adminId, Readable.from([PNG]), { kind: 'image', field: 'image', filename: 'orphan.png' });
    await age(orphan.id);
    const freshOrphan = await storeUpload(deps, b.companyId, b.adminId, Readable.from([PNG]), { kind: 'image', field: 'image', filename: 'in-flight.png' });
    const kept = body(await send('POST', '/api/patients', b.token, [...patientFields(), photo()])).data;
    await age(fileIdOf(kept.image));
    // Left on disk from before files moved into the database: bytes no row describes.
    mkdirSync(path.join(uploads, b.companyId), { recursive: true });
    const stray = randomUUID();
    writeFileSync(path.join(uploads, b.companyId, stray), PNG);
    utimesSync(path.join(uploads, b.companyId, stray), old, old);
    const freshStray = randomUUID();
    writeFileSync(path.join(uploads, b.companyId, freshStray), PNG);
    const unfinished = randomUUID();
    mkdirSync(path.join(uploads, 'tmp'), { recursive: true });
    writeFileSync(path.join(uploads, 'tmp', unfinished), PNG);
    utimesSync(path.join(uploads, 'tmp', unfinished), old, old);

    const sweeper = new FileSweeper({ config: { ...ctx.config, fileSweepBatch: 2 }, db });
    const first = await sweeper.run();
    expect(first.rowsExamined).toBeLessThanOrEqual(2);
    expect(first.diskExamined).toBeLessThanOrEqual(2);
    const [count] = await ctx.database.query<{ n: number }>('select count(*)::int as n from files');
    const n = count?.n ?? 0;
    // Enough runs to go round every row and every disk entry once.
    const entries = readdirSync(uploads).reduce((sum, d) => sum + readdirSync(path.join(uploads, d)).length, 0);
    for (let i = 0; i < Math.ceil(Math.max(n, entries) / 2) + 2; i++) await sweeper.run();

    const left = await storedFiles(b.companyId);
    expect(left.rows).not.toContain(orphan.id);
    expect(left.bytes).not.toContain(orphan.id);
    expect(left.disk).not.toContain(stray);
    expect(existsSync(path.join(uploads, 'tmp', unfinished))).toBe(false);
    expect(left.rows).toEqual(expect.arrayContaining([freshOrphan.id, fileIdOf(kept.image)]));
    expect(left.bytes).toEqual(expect.arrayContaining([freshOrphan.id, fileIdOf(kept.image)]));
    expect(left.disk).toEqual([freshStray]);
    expect((await download(body(await get(b.token, `/api/patients/${kept._id}`)).data.image)).statusCode).toBe(200);
  });
});

let server: string | null = null;
async function listening(): Promise<string> {
  server ??= await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return server;
}

describe('an oversize upload on a kept-alive connection', () => {
  it('is answered 413 after the rest of the body is read, so the next request on the same connection works', async () => {
    const base = await listening();
    const sockets = new Set<unknown>();
    const onConnection = (socket: unknown) => sockets.add(socket);
    ctx.app.server.on('connection', onConnection);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const request = (method: string, url: string, headers: Record<string, string | number>, payload?: Buffer) =>
      new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
        const req = http.request(`${base}${url}`, { method, agent, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => { text += c; });
          res.on('end', () => resolve({ status: res.statusCode!, body: text, socket: req.socket }));
        });
        req.on('error', reject);
        // A hang guard: a connection left with the refused body's rest unread never answers.
        req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${method} ${url}`)));
        req.end(payload);
      });
    try {
      const before = await storedFiles(a.companyId);
      const m = await multipart([...patientFields(), ['image', { data: Buffer.concat([PNG, Buffer.alloc(8 * 1024 * 1024)]), name: 'huge.png', type: 'image/png' }]]);
      const refused = await request('POST', '/api/patients', { ...auth(a.token), 'content-type': m.contentType, 'content-length': m.payload.length }, m.payload);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body).message.fields).toEqual({ image: 'File size is too large (max 5 MB)' });
      const next = await request('GET', '/api/patients?limit=5', auth(a.token));
      expect(next.status).toBe(200);
      expect(next.socket).toBe(refused.socket);
      expect(sockets.size).toBe(1);
      expect(await storedFiles(a.companyId)).toEqual(before);
    } finally {
      ctx.app.server.off('connection', onConnection);
      agent.destroy();
    }
  });
});
