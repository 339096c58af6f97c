/**
 * Every statement the benchmark's scenarios run, over the clinic tier (5,000 patients, 50,000 appointments, and
 * their clinical records), is planned without a sequential scan of patients, appointments or the clinical record's
 * tables: each of them reaches its rows through an index that leads with the company. Statements are captured from real requests (CLINIC_SQL_LOG), then EXPLAINed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_TIERS, seedBulk } from '../seed/bulk.js';
import { auth, body, createTestContext, login, type TestContext } from '../test/harness.js';
import { versionOf } from '../test/versions.js';

// The clinical tables the tier fills by the thousand (its allergies, medications and documents are a handful, which
// the planner rightly reads whole).
const WATCHED = new Set(['patients', 'appointments', 'encounters', 'vital_signs', 'encounter_diagnoses', 'patient_problems']);
const ADMIN = { username: 'plans', email: 'plans@bench.clinic', password: 'Plans@1234' };

let ctx: TestContext;
let token: string;
let dir: string;
let logFile: string;
/** The tier's patient with 200 encounters (the chart bench's). */
let chartPatientId: string;

interface Statement { sql: string; params: unknown[] }
interface PlanNode { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] }

/**
 * Nodes that read all of their input before answering a row. A sequential scan reached from a LIMIT only through
 * streaming nodes stops at the limit (the planner's choice when the company owns most rows, as in the bench tier, where
 * a capped count reads its first rows in table order); one below any of these reads the whole table.
 */
const READS_ALL = new Set(['Sort', 'Incremental Sort', 'Aggregate', 'Hash', 'Materialize', 'WindowAgg', 'SetOp', 'Gather Merge']);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'clinic-plans-'));
  logFile = path.join(dir, 'sql.jsonl');
  // The capture is switched on when the database opens, and paused (empty) while the tier loads.
  process.env.CLINIC_SQL_LOG = logFile;
  ctx = await createTestContext();
  process.env.CLINIC_SQL_LOG = '';
  // Without the tier's 100,000 generated diagnosis codes: no statement here reads them, and the embedded database
  // takes one to two minutes to load them.
  chartPatientId = (await seedBulk(ctx.database, { ...BENCH_TIERS.clinic, diagnosisCodes: 0 }, ADMIN)).chartPatientId!;
  // Plans are judged with the statistics and visibility map a running server has after a bulk load (autovacuum's work).
  // A vacuum marks no page all-visible while an older transaction is open somewhere in the database, and without
  // that the planner prices an index-only walk as a heap walk: vacuum until every watched table is all-visible.
  for (let attempt = 0; attempt < 20 && (await notAllVisible()).length > 0; attempt += 1) {
    await ctx.database.query('vacuum analyze');
    if ((await notAllVisible()).length > 0) await new Promise((r) => setTimeout(r, 500));
  }
  expect(await notAllVisible()).toEqual([]);
  token = (await login(ctx, ADMIN.username, ADMIN.password)).accessToken;
}, 180_000);

afterAll(async () => {
  delete process.env.CLINIC_SQL_LOG;
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The watched tables with pages the visibility map does not yet know to be all-visible. */
async function notAllVisible(): Promise<string[]> {
  const rows = await ctx.database.query<{ relname: string }>(
    'select relname from pg_class where relname = any($1) and relkind = \'r\' and (relallvisible < relpages or reltuples < 0)', [[...WATCHED]]);
  return rows.map((r) => r.relname);
}

/** The statements one request ran. */
async function statementsOf(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>): Promise<Statement[]> {
  writeFileSync(logFile, '');
  process.env.CLINIC_SQL_LOG = logFile;
  try {
    const res = await ctx.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  } finally {
    process.env.CLINIC_SQL_LOG = '';
  }
  return readFileSync(logFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Statement);
}

/** Statements a plan can be shown for (not the transaction control PostgreSQL's driver sends as statements). */
const PLANNABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** Sequential scans of the watched tables in a statement's plan. */
async function seqScans(st: Statement): Promise<string[]> {
  if (!PLANNABLE.test(st.sql)) return [];
  const [row] = await ctx.database.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (format json) ${st.sql}`, st.params);
  const found: string[] = [];
  const walk = (node: PlanNode, stopsAtLimit: boolean) => {
    const type = node['Node Type'];
    if (type === 'Seq Scan' && !stopsAtLimit && node['Relation Name'] && WATCHED.has(node['Relation Name'])) found.push(node['Relation Name']);
    const below = type === 'Limit' ? true : READS_ALL.has(type) ? false : stopsAtLimit;
    node.Plans?.forEach((child) => walk(child, below));
  };
  const plan = row!['QUERY PLAN'];
  walk((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan, false);
  return found;
}

describe('query plans over the clinic tier', () => {
  it('notices a sequential scan when there is one (the check itself works)', async () => {
    expect(await seqScans({ sql: 'select count(*) from appointments where reason = $1', params: ['x'] })).toEqual(['appointments']);
    expect(await seqScans({ sql: 'select id from appointments where reason = $1 order by md5(id::text) limit 5', params: ['x'] })).toEqual(['appointments']);
  });

  it('has no sequential scan of patients, appointments or the clinical record in any benchmark scenario', async () => {
    const get = async (url: string) => body(await ctx.app.inject({ method: 'GET', url, headers: auth(token) })).data;
    const somePatient = (await get('/api/patients?limit=5&page=3'))[0];
    const details = await get(`/api/patients/${somePatient._id}`);
    const clinic = (await get('/api/clinics?limit=5'))[0];
    const service = (await get('/api/services?allData=true')).find((s: { doctors: unknown[] }) => s.doctors.length > 0);
    const weekStart = new Date(Date.now() - 3 * 86_400_000);
    const weekEnd = new Date(weekStart.getTime() + 7 * 86_400_000);
    const today = new Date().toISOString().slice(0, 10);
    // A free slot: the tier leaves days 30 to 90 empty; the first Sunday to Thursday from day 31, 10:00 in Riyadh.
    let day = new Date(Date.now() + 31 * 86_400_000);
    while (![0, 1, 2, 3, 4].includes(day.getUTCDay())) day = new Date(day.getTime() + 86_400_000);

    const scenarios: Array<[string, 'GET' | 'POST' | 'PATCH', string, Record<string, unknown>?]> = [
      ['patients: search by name', 'GET', `/api/patients?search=${encodeURIComponent(somePatient.name.split(' ')[0].slice(0, 4))}`],
      ['patients: date-of-birth filter', 'GET', `/api/patients?dateOfBirth=${details.dateOfBirth}`],
      ['patients: deep page', 'GET', '/api/patients?page=499'],
      ['patients: sorted by last visit', 'GET', '/api/patients?sortBy=lastVisit&order=desc'],
      ['patient details', 'GET', `/api/patients/${somePatient._id}`],
      ['employees: doctors', 'GET', '/api/employees?employeeType=Doctor'],
      ['clinics list', 'GET', '/api/clinics'],
      ['calendar: clinic week', 'GET', `/api/appointments?clinic=${clinic._id}&from=${encodeURIComponent(weekStart.toISOString())}&to=${encodeURIComponent(weekEnd.toISOString())}`],
      ['appointments: status and date', 'GET', `/api/appointments?status=completed&date=${today}`],
      ['appointments: list', 'GET', '/api/appointments'],
      ['dashboard: clinic, 30 days', 'GET', `/api/dashboard?clinic=${clinic._id}&from=${new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)}&to=${today}`],
      ['dashboard: company, 30 days', 'GET', `/api/dashboard?from=${new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)}&to=${today}`],
      ['appointments: list by date', 'GET', '/api/appointments?sortBy=datetime&order=desc&limit=30'],
      ['patient chart: first page', 'GET', `/api/patients/${chartPatientId}/chart?limit=30`],
      ['patient chart: encounters and vitals of a year', 'GET', `/api/patients/${chartPatientId}/chart?kinds=encounter,vitals&from=${encodeURIComponent(new Date(Date.now() - 365 * 86_400_000).toISOString())}&limit=30`],
      ['printed summary: clinical part', 'GET', `/api/patients/${chartPatientId}/record-summary`],
      ['booking an appointment', 'POST', '/api/appointments', {
        patient: somePatient._id, doctor: service.doctors[0]._id, clinic: service.clinic._id, service: service._id,
        datetime: `${day.toISOString().slice(0, 10)}T10:00:00+03:00`, reason: 'Plan check',
      }],
    ];
    const offenders: string[] = [];
    let booked: string | undefined;
    for (const [name, method, url, payload] of scenarios) {
      const statements = await statementsOf(method, url, payload);
      expect(statements.length, name).toBeGreaterThan(0);
      if (method === 'POST') {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/appointments?patient=${somePatient._id}&status=scheduled&limit=30`, headers: auth(token) });
        booked = body(res).data.find((a: { reason: string }) => a.reason === 'Plan check')?._id;
      }
      for (const st of statements) for (const table of await seqScans(st)) offenders.push(`${name}: ${table} in ${st.sql.slice(0, 160)}`);
    }
    expect(booked).toBeDefined();
    const version = await versionOf(ctx, 'appointments', booked!);
    for (const st of await statementsOf('PATCH', `/api/appointments/${booked}`, { status: 'cancelled', cancellationReason: 'Plan check', version })) {
      for (const table of await seqScans(st)) offenders.push(`cancelling: ${table} in ${st.sql.slice(0, 160)}`);
    }
    expect(offenders).toEqual([]);
  }, 120_000);
});
