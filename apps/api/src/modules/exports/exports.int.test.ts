import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportTuning } from '../../lib/csv-export.js';
import { auth, body, contextWithOrg, login, seedOrgData, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { createAccount } from '../organisation/provision.js';

let ctx: TestContext;
let org: TestOrg;
let clinicId: string;

beforeAll(async () => {
  ({ ctx, org } = await contextWithOrg());
  await seedOrgData(ctx, org.companyId);
  clinicId = (await ctx.database.query<{ id: string }>('select id from clinics where company_id = $1 order by name limit 1', [org.companyId]))[0]!.id;
  // Small batches, so every export below is read in many steps.
  exportTuning.batchRows = 7;
}, 120_000);
afterAll(async () => {
  exportTuning.batchRows = 1000;
  await ctx?.close();
});

/** The CSV's records (header first), read the way a spreadsheet would: byte-order mark dropped, quotes undone. */
function records(csv: string): string[][] {
  return parse(csv, { bom: true, relax_column_count: false }) as string[][];
}

async function exportOf(path: string, query: string, token = org.token, lang?: string) {
  return ctx.app.inject({ method: 'GET', url: `${path}/export.csv${query ? `?${query}` : ''}`, headers: auth(token, lang) });
}

/** The list's `pagination.total_items` with these filters; where counting stopped at its cap, the rows of every page. */
async function listTotal(path: string, query: string): Promise<number> {
  const url = (page: number, limit: number) => `${path}?${query}${query ? '&' : ''}limit=${limit}&page=${page}`;
  const res = await ctx.app.inject({ method: 'GET', url: url(1, 5), headers: auth(org.token) });
  expect(res.statusCode, res.body).toBe(200);
  const p = body(res).pagination;
  if (p.total_exact) return p.total_items as number;
  let n = 0;
  for (let page = 1; ; page++) {
    const r = body(await ctx.app.inject({ method: 'GET', url: url(page, 30), headers: auth(org.token) }));
    n += r.data.length;
    if (!r.pagination.has_next_page) return n;
  }
}

describe('CSV exports', () => {
  it('export exactly the rows each list selects with the same filters, all pages', async () => {
    const cases: Array<[string, string]> = [
      ['/api/patients', ''],
      ['/api/patients', 'isActive=true&sortBy=name&order=asc'],
      ['/api/patients', 'search=a'],
      ['/api/appointments', ''],
      ['/api/appointments', `clinic=${clinicId}&status=completed,cancelled`],
      ['/api/employees', ''],
      ['/api/employees', 'filter_fields=' + encodeURIComponent(JSON.stringify({ employeeType: 'Doctor' }))],
      ['/api/services', ''],
      ['/api/specializations', ''],
      ['/api/clinics', ''],
      ['/api/departments', ''],
      ['/api/cliniccollections', ''],
      ['/api/audit', 'entity=patient'],
    ];
    // Reading patients leaves audit entries to export.
    for (const p of await ctx.database.query<{ id: string }>('select id from patients where company_id = $1 limit 9', [org.companyId])) {
      await ctx.app.inject({ method: 'GET', url: `/api/patients/${p.id}`, headers: auth(org.token) });
    }
    for (const [path, query] of cases) {
      const total = await listTotal(path, query);
      const res = await exportOf(path, query);
      expect(res.statusCode, `${path}?${query}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z]+-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.rawPayload.subarray(0, 3).toString('hex'), 'UTF-8 byte-order mark').toBe('efbbbf');
      const rows = records(res.body);
      expect(rows.length - 1, `${path}?${query}`).toBe(total);
      expect(total, `${path}?${query} has rows to export`).toBeGreaterThan(0);
    }
  }, 120_000);

  it('keeps the list\'s order across batches, each row once, resumed by keys or by offset', async () => {
    // Newest first (patients created in one statement share a creation instant: the public id breaks the tie),
    // by name, by number either way, and orders that page by offset (nullable keys, mixed directions).
    for (const query of ['sortBy=name&order=asc&isActive=true', '', 'sortBy=createdAt&order=asc', 'sortBy=publicId&order=desc',
      'sortBy=name&order=desc&search=a', 'sortBy=lastVisit&order=asc', 'sortBy=isActive&order=asc']) {
      const listed: string[] = [];
      for (let page = 1; ; page++) {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/patients?${query}&limit=30&page=${page}`, headers: auth(org.token) });
        const data = body(res).data as Array<{ publicId: string }>;
        listed.push(...data.map((p) => p.publicId));
        if (!body(res).pagination.has_next_page) break;
      }
      const rows = records((await exportOf('/api/patients', query)).body).slice(1);
      expect(listed.length, query).toBeGreaterThan(7);
      expect(rows.map((r) => r[0]), query).toEqual(listed);
    }
  });

  it('writes headers in the caller\'s language, and Arabic names survive a round trip through a CSV parser', async () => {
    const [p] = await ctx.database.query<{ id: string; public_id: string }>('select id, public_id from patients where company_id = $1 order by public_id limit 1', [org.companyId]);
    const arabic = 'فاطمة الزهراء بنت عبدالله، "الرياض"';
    await ctx.database.query('update patients set name = $1 where id = $2', [arabic, p!.id]);
    const res = await exportOf('/api/patients', `search=${encodeURIComponent(p!.public_id)}`, org.token, 'ar');
    expect(res.statusCode).toBe(200);
    const rows = records(res.body);
    expect(rows[0]!.slice(0, 3)).toEqual(['المعرّف', 'الاسم', 'رقم الهوية']);
    expect(rows.slice(1).find((r) => r[0] === p!.public_id)?.[1]).toBe(arabic);
    const en = records((await exportOf('/api/patients', `search=${encodeURIComponent(p!.public_id)}`, org.token, 'en')).body);
    expect(en[0]!.slice(0, 3)).toEqual(['ID', 'Name', 'Identity number']);
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const ps = await ctx.database.query<{ id: string; public_id: string }>('select id, public_id from patients where company_id = $1 order by public_id limit 6', [org.companyId]);
    const names = ['=HYPERLINK("http://evil.test","x")', '+SUM(A1:A2)', '-2+3', '@cmd', '\t=1+1', 'Plain = name'];
    for (const [i, name] of names.entries()) await ctx.database.query('update patients set name = $1 where id = $2', [name, ps[i]!.id]);
    const byId = new Map<string, string>();
    for (const p of ps) {
      const rows = records((await exportOf('/api/patients', `search=${encodeURIComponent(p.public_id)}`)).body);
      byId.set(p.public_id, rows.slice(1).find((r) => r[0] === p.public_id)![1]!);
    }
    expect(ps.map((p) => byId.get(p.public_id))).toEqual([
      '\'=HYPERLINK("http://evil.test","x")', '\'+SUM(A1:A2)', '\'-2+3', '\'@cmd', '\'\t=1+1', 'Plain = name',
    ]);
  });

  it('needs data_export on top of the list\'s read permission, and audits each export with its filters and row count', async () => {
    const reader = await ctx.app.inject({ method: 'POST', url: '/api/roles', headers: auth(org.token), payload: { name: 'Patient reader', permissions: ['patient_read'] } });
    const exporter = await ctx.app.inject({ method: 'POST', url: '/api/roles', headers: auth(org.token), payload: { name: 'Patient exporter', permissions: ['patient_read', 'data_export'] } });
    const onlyExport = await ctx.app.inject({ method: 'POST', url: '/api/roles', headers: auth(org.token), payload: { name: 'Exporter only', permissions: ['data_export'] } });
    const roles = new Map([['r', body(reader).data._id], ['e', body(exporter).data._id], ['x', body(onlyExport).data._id]]);
    for (const [name, role] of [['reader', 'r'], ['exporter', 'e'], ['onlyexport', 'x']] as const) {
      await createAccount(ctx.database.db, org.companyId, roles, { name, username: name, email: `${name}@example.test`, password: TEST_PASSWORD, employeeType: 'Employee', roleNames: [role] });
    }
    const token = async (u: string) => (await login(ctx, u, TEST_PASSWORD)).accessToken;
    const readerToken = await token('reader');

    const auditCount = async () => Number((await ctx.database.query<{ n: string }>(`select count(*) n from audit_log where company_id = $1 and action = 'export'`, [org.companyId]))[0]!.n);
    const before = await auditCount();
    const refused = await exportOf('/api/patients', '', readerToken, 'ar');
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ success: false, message: { code: 'FORBIDDEN', message: 'ليست لديك صلاحية لتصدير البيانات' } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/patients', headers: auth(readerToken) })).statusCode).toBe(200);
    expect((await exportOf('/api/patients', '', await token('onlyexport'))).statusCode).toBe(403);
    expect((await exportOf('/api/clinics', '', await token('exporter'))).statusCode).toBe(403);
    expect(await auditCount()).toBe(before);

    const lastEntry = async () => (await ctx.database.query<{ entity: string; changes: { filters: Record<string, unknown>; rows?: number }; actor_id: string }>(
      `select entity, changes, actor_id from audit_log where company_id = $1 and action = 'export' order by id desc limit 1`, [org.companyId],
    ))[0]!;
    // Written before the first row goes out: an export of many batches says it had at least the first batch's rows.
    const res = await exportOf('/api/patients', 'isActive=true&sortBy=name&page=3&limit=5', await token('exporter'));
    expect(res.statusCode).toBe(200);
    expect(records(res.body).length - 1).toBeGreaterThan(exportTuning.batchRows);
    const entry = await lastEntry();
    expect(entry).toMatchObject({ entity: 'patients', changes: { filters: { isActive: true, sortBy: 'name', order: 'desc' }, rowsAtLeast: exportTuning.batchRows } });
    expect(entry.changes.filters).not.toHaveProperty('page');
    // One batch: its exact count.
    const [named] = await ctx.database.query<{ name: string }>('select name from patients where company_id = $1 order by created_at limit 1', [org.companyId]);
    const few = await exportOf('/api/patients', `search=${encodeURIComponent(named!.name)}`, await token('exporter'));
    const n = records(few.body).length - 1;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(exportTuning.batchRows);
    expect((await lastEntry()).changes).toMatchObject({ filters: { search: named!.name }, rows: n });
  });

  it('refuses a search with control characters before anything is sent, and sends nothing unaudited', async () => {
    const before = Number((await ctx.database.query<{ n: string }>(`select count(*) n from audit_log where company_id = $1 and action = 'export'`, [org.companyId]))[0]!.n);
    for (const path of ['/api/audit', '/api/patients', '/api/appointments']) {
      const res = await exportOf(path, 'search=%00', org.token, 'ar');
      expect(res.statusCode, path).toBe(422);
      expect(body(res).success).toBe(false);
      expect(res.body).not.toContain('\ufeff');
    }
    const after = Number((await ctx.database.query<{ n: string }>(`select count(*) n from audit_log where company_id = $1 and action = 'export'`, [org.companyId]))[0]!.n);
    expect(after).toBe(before);
  });

  it('refuses bad filters with the list\'s own translated 422, before any file starts', async () => {
    const res = await exportOf('/api/appointments', 'status=maybe', org.token, 'ar');
    expect(res.statusCode).toBe(422);
    expect(body(res).success).toBe(false);
    const res2 = await exportOf('/api/patients', 'sortBy=password');
    expect(res2.statusCode).toBe(422);
  });
});
