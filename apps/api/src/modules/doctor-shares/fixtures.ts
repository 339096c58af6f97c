/**
 * Test data for the doctor's share: a billing clinic (its doctor, service at 200.00, insured patient, cash box), a
 * rule written directly (the API refuses backdating), and issued invoices for the clinic's doctor.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { doctorShareRules } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { billingClinic, CASH_BOX } from '../billing/fixtures.js';

export type ShareClinic = Awaited<ReturnType<typeof billingClinic>> & { box: string };

export async function shareClinic(ctx: TestContext, org: TestOrg): Promise<ShareClinic> {
  const parties = await billingClinic(ctx.database.db, org.companyId, { servicePrice: 200, coverage: 80 });
  const res = await ctx.app.inject({ method: 'GET', url: `/api/cash-boxes?clinic=${parties.clinic.id}`, headers: auth(org.token) });
  expect(res.statusCode, res.body).toBe(200);
  const box = body(res).data.find((b: { name: string; clinic: { _id: string } | null }) => b.name === CASH_BOX && b.clinic?._id === parties.clinic.id);
  return { ...parties, box: box._id };
}

export async function shareRule(db: Db, companyId: string, doctorId: string, rule: Partial<typeof doctorShareRules.$inferInsert>, effectiveFrom = '2026-01-01') {
  const [row] = await db.insert(doctorShareRules).values({ companyId, doctorId, kind: 'percent', effectiveFrom, ...rule }).returning();
  return row!;
}

export interface Issued { _id: string; total: number; patientShare: number; insurerShare: number; claim: { _id: string; version: number } | null }

/** An issued invoice of the clinic's doctor: by default one service line, billed to the patient alone. */
export async function issuedInvoice(ctx: TestContext, org: TestOrg, p: ShareClinic, opts: { visitDate?: string; lines?: object[]; insured?: boolean } = {}): Promise<Issued> {
  const draft = await ctx.app.inject({
    method: 'POST', url: '/api/invoices', headers: auth(org.token), payload: {
      patient: p.patient.id, clinic: p.clinic.id, doctor: p.doctor.id, visitDate: opts.visitDate ?? '2026-06-30',
      lines: opts.lines ?? [{ kind: 'service', service: p.service.id }], applyInsurance: opts.insured ?? false,
    },
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const issued = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${body(draft).data._id}/issue`, headers: auth(org.token), payload: { version: body(draft).data.version } });
  expect(issued.statusCode, issued.body).toBe(200);
  return body(issued).data;
}

/** Whether the tests run on PostgreSQL (DATABASE_URL), where concurrent requests really run side by side. */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * How the racing tests start, on PostgreSQL only: an organisation billing in SAR with 15 % VAT. Filled before the
 * file's tests, closed after them.
 */
export function racingOrg(): { ctx: TestContext; org: TestOrg } {
  const t = {} as { ctx: TestContext; org: TestOrg };
  beforeAll(async () => {
    if (!onPostgres) return;
    t.ctx = await createTestContext();
    t.org = await createOrg(t.ctx);
    const settings = await t.ctx.app.inject({ method: 'PUT', url: '/api/billing/settings', headers: auth(t.org.token), payload: { currency: 'SAR', vatRatePercent: 15, version: 1 } });
    expect(settings.statusCode, settings.body).toBe(200);
  }, 60_000);
  afterAll(() => t.ctx?.close());
  return t;
}

/** A new share clinic whose doctor earns 35 %, an invoice issued there and paid `amount` in cash; `post` as the admin. */
export async function paidShareInvoice(ctx: TestContext, org: TestOrg, amount: number) {
  const p = await shareClinic(ctx, org);
  await shareRule(ctx.database.db, org.companyId, p.doctor.id, { kind: 'percent', percentBasisPoints: 3500 });
  const inv = await issuedInvoice(ctx, org, p);
  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: auth(org.token), payload });
  expect((await post(`/api/invoices/${inv._id}/payments`, { method: 'cash', amount, cashBox: p.box })).statusCode).toBe(201);
  return { p, inv, post };
}
