import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, body, createOrg, createTestContext, errorOf, type TestContext, type TestOrg } from '../../test/harness.js';
import { billingClinic, CARD, CASH_BOX } from './fixtures.js';

/**
 * A cash box never goes below zero: a cash refund needs the cash in the box, checked in the statement that takes it
 * out, with concurrent refunds queued on the box (and the database refusing any other writer). Run on PGlite and on
 * PostgreSQL (DATABASE_URL).
 */

let ctx: TestContext;
let org: TestOrg;

const post = (url: string, payload: object, lang?: string) => ctx.app.inject({ method: 'POST', url, headers: auth(org.token, lang), payload });
const get = async (url: string) => body(await ctx.app.inject({ method: 'GET', url, headers: auth(org.token) })).data;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx);
}, 60_000);
afterAll(() => ctx?.close());

/** A clinic with its own empty cash box. */
async function clinicWithBox() {
  const parties = await billingClinic(ctx.database.db, org.companyId);
  const boxes = await get(`/api/cash-boxes?clinic=${parties.clinic.id}`);
  const box = boxes.find((b: { name: string; clinic: { _id: string } | null }) => b.name === CASH_BOX && b.clinic?._id === parties.clinic.id)._id as string;
  return { ...parties, box };
}

/** An issued invoice paid in full (by card, or in cash into `box`); returns it with its patient share. */
async function paidInvoice(p: Awaited<ReturnType<typeof clinicWithBox>>, how: 'card' | 'cash') {
  const draft = await post('/api/invoices', { patient: p.patient.id, clinic: p.clinic.id, lines: [{ kind: 'service', service: p.service.id }] });
  expect(draft.statusCode, draft.body).toBe(201);
  const issued = await post(`/api/invoices/${body(draft).data._id}/issue`, { version: body(draft).data.version });
  const inv = body(issued).data;
  const pay = await post(`/api/invoices/${inv._id}/payments`, how === 'card'
    ? { method: 'card', amount: inv.patientShare, paymentMethod: CARD }
    : { method: 'cash', amount: inv.patientShare, cashBox: p.box });
  expect(pay.statusCode, pay.body).toBe(201);
  return body(pay).data as { _id: string; patientShare: number };
}

/** A credit note of the whole patient share: the money can now go back. */
async function creditAll(inv: { _id: string; patientShare: number }) {
  const res = await post(`/api/invoices/${inv._id}/credit-notes`, { amount: inv.patientShare, reason: 'Visit cancelled by the clinic' });
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data.creditNotes[0]._id as string;
}

describe('cash refunds need the cash', () => {
  it('refuses a cash refund from an empty box with a translated 409 and changes nothing; by card it goes through', async () => {
    const p = await clinicWithBox();
    const inv = await paidInvoice(p, 'card');
    const note = await creditAll(inv);
    const before = await get(`/api/invoices/${inv._id}`);

    const refused = await post(`/api/invoices/${inv._id}/refunds`, { creditNote: note, method: 'cash', amount: inv.patientShare, cashBox: p.box });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused.body)).toEqual({ code: 'CASH_BOX_SHORT', message: expect.stringContaining('holds only 0.00 SAR') });
    const arabic = await post(`/api/invoices/${inv._id}/refunds`, { creditNote: note, method: 'cash', amount: inv.patientShare, cashBox: p.box }, 'ar');
    expect(arabic.statusCode).toBe(409);
    expect(errorOf(arabic.body)?.message).toContain('لا يحوي هذا الصندوق إلا');

    expect(await get(`/api/invoices/${inv._id}`)).toEqual(before);
    const box = await get(`/api/cash-boxes/${p.box}`);
    expect(box).toMatchObject({ balance: 0, transactions: [] });
    const audits = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where company_id = $1 and entity_id = $2 and action = 'refund'`, [org.companyId, inv._id],
    );
    expect(audits[0]!.n).toBe(0);

    const byCard = await post(`/api/invoices/${inv._id}/refunds`, { creditNote: note, method: 'card', amount: inv.patientShare, paymentMethod: CARD });
    expect(byCard.statusCode, byCard.body).toBe(201);
  });

  it('takes exactly one of two simultaneous cash refunds that together exceed the box', async () => {
    const p = await clinicWithBox();
    const a = await paidInvoice(p, 'card');
    const b = await paidInvoice(p, 'card');
    await paidInvoice(p, 'cash'); // the box now holds one patient share
    const held = (await get(`/api/cash-boxes/${p.box}`)).balance as number;
    expect(held).toBe(a.patientShare);
    const [noteA, noteB] = [await creditAll(a), await creditAll(b)];

    const results = await Promise.all([
      post(`/api/invoices/${a._id}/refunds`, { creditNote: noteA, method: 'cash', amount: a.patientShare, cashBox: p.box }),
      post(`/api/invoices/${b._id}/refunds`, { creditNote: noteB, method: 'cash', amount: b.patientShare, cashBox: p.box }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(errorOf(results.find((r) => r.statusCode === 409)!.body)?.code).toBe('CASH_BOX_SHORT');
    const box = await get(`/api/cash-boxes/${p.box}`);
    expect(box.balance).toBe(0);
    expect(box.transactions.filter((t: { kind: string }) => t.kind === 'refund')).toHaveLength(1);
    const refunded = [await get(`/api/invoices/${a._id}`), await get(`/api/invoices/${b._id}`)].map((i) => i.refundedTotal).sort();
    expect(refunded).toEqual([0, a.patientShare]);
  }, 60_000);

  it('the database refuses any writer taking a box below zero', async () => {
    const p = await clinicWithBox();
    await expect(ctx.database.query(
      `insert into cash_box_transactions (company_id, cash_box_id, kind, amount, description) values ($1, $2, 'refund', -1, 'by hand')`,
      [org.companyId, p.box],
    )).rejects.toMatchObject({ code: '23514' });
    expect((await get(`/api/cash-boxes/${p.box}`)).balance).toBe(0);
  });
});
