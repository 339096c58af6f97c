import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { billingClinic } from './fixtures.js';

/**
 * Gapless numbering: invoices of a clinic are numbered 1, 2, 3... with no gap and no duplicate, however many desks
 * issue at once, and an issue that fails gives its number back. Run on PGlite and on PostgreSQL (DATABASE_URL).
 */

let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx);
}, 60_000);
afterAll(() => ctx?.close());

async function drafts(clinicId: string, patientId: string, serviceId: string, n: number): Promise<Array<{ _id: string; version: number }>> {
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/invoices', headers: auth(org.token),
      payload: { patient: patientId, clinic: clinicId, lines: [{ kind: 'service', service: serviceId }, { kind: 'item', description: `Item ${i}`, unitPrice: 100 + i }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    out.push(body(res).data);
  }
  return out;
}

describe('gapless invoice numbers', () => {
  it('numbers 50 invoices issued at once exactly 1..50, and failed issues leave no gap', async () => {
    const { clinic, patient, service } = await billingClinic(ctx.database.db, org.companyId);
    const all = await drafts(clinic.id, patient.id, service.id, 50);
    const stale = await drafts(clinic.id, patient.id, service.id, 5);
    const results = await Promise.all([
      ...all.map((d) => ctx.app.inject({ method: 'POST', url: `/api/invoices/${d._id}/issue`, headers: auth(org.token), payload: { version: d.version } })),
      // Issues based on an older version fail inside the same race: their numbers must not be lost.
      ...stale.map((d) => ctx.app.inject({ method: 'POST', url: `/api/invoices/${d._id}/issue`, headers: auth(org.token), payload: { version: d.version + 1 } })),
    ]);
    expect(results.slice(0, 50).map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(results.slice(50).map((r) => r.statusCode)).toEqual(Array(5).fill(409));
    const numbers = results.slice(0, 50).map((r) => body(r).data.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    const rows = await ctx.database.query<{ number: number }>(
      `select number from invoices where company_id = $1 and clinic_id = $2 and number is not null order by number`, [org.companyId, clinic.id],
    );
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // The next issue takes 51.
    const next = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${stale[0]!._id}/issue`, headers: auth(org.token), payload: { version: stale[0]!.version } });
    expect(body(next).data.number).toBe(51);
  }, 120_000);

  it('takes one of 10 simultaneous payments of the whole balance, and the cash box gains it once', async () => {
    const { clinic, patient, service } = await billingClinic(ctx.database.db, org.companyId);
    const [d] = await drafts(clinic.id, patient.id, service.id, 1);
    const issued = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${d!._id}/issue`, headers: auth(org.token), payload: { version: d!.version } });
    const due = body(issued).data.balanceDue as number;
    const boxes = body(await ctx.app.inject({ method: 'GET', url: `/api/cash-boxes?clinic=${clinic.id}`, headers: auth(org.token) })).data;
    const box = boxes.find((b: { clinic: { _id: string } | null }) => b.clinic?._id === clinic.id)._id as string;
    const results = await Promise.all(Array.from({ length: 10 }, () => ctx.app.inject({
      method: 'POST', url: `/api/invoices/${d!._id}/payments`, headers: auth(org.token), payload: { method: 'cash', amount: due, cashBox: box },
    })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).length).toBe(9);
    const after = body(await ctx.app.inject({ method: 'GET', url: `/api/invoices/${d!._id}`, headers: auth(org.token) })).data;
    expect(after).toMatchObject({ status: 'paid', paidTotal: due, balanceDue: 0 });
    expect(after.payments).toHaveLength(1);
    expect(body(await ctx.app.inject({ method: 'GET', url: `/api/cash-boxes/${box}`, headers: auth(org.token) })).data.balance).toBe(due);
  }, 60_000);

  it('numbers each clinic on its own', async () => {
    const a = await billingClinic(ctx.database.db, org.companyId);
    const b = await billingClinic(ctx.database.db, org.companyId);
    const [da] = await drafts(a.clinic.id, a.patient.id, a.service.id, 1);
    const [db] = await drafts(b.clinic.id, b.patient.id, b.service.id, 1);
    for (const d of [da!, db!]) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${d._id}/issue`, headers: auth(org.token), payload: { version: d.version } });
      expect(body(res).data.number).toBe(1);
    }
  });
});
