import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../organisation/provision.js';
import { auth, body, createOrg, createTestContext, errorOf, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { paidRevenue } from './billing.repository.js';
import { billingClinic, CARD, CASH_BOX, INSURER, pastAppointment } from './fixtures.js';

let ctx: TestContext;
let org: TestOrg;
let parties: Awaited<ReturnType<typeof billingClinic>>;
let cashBoxId: string;

const post = (url: string, payload: object, token = org.token) => ctx.app.inject({ method: 'POST', url, headers: auth(token), payload });
const get = (url: string, token = org.token) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });

async function draft(lines: object[] = [{ kind: 'service', service: parties.service.id }], clinic = parties.clinic.id) {
  const res = await post('/api/invoices', { patient: parties.patient.id, clinic, visitDate: '2026-06-30', lines });
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data;
}
async function issue(id: string, version: number) {
  const res = await post(`/api/invoices/${id}/issue`, { version });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
}

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx);
  parties = await billingClinic(ctx.database.db, org.companyId, { fee: 50 });
  const settings = await ctx.app.inject({ method: 'PUT', url: '/api/billing/settings', headers: auth(org.token), payload: { currency: 'SAR', vatRatePercent: 15, version: 1 } });
  expect(settings.statusCode, settings.body).toBe(200);
  const boxes = await get('/api/cash-boxes');
  expect(boxes.statusCode, boxes.body).toBe(200);
  cashBoxId = body(boxes).data.find((b: { name: string }) => b.name === CASH_BOX)._id;
}, 60_000);
afterAll(() => ctx?.close());

describe('invoices', () => {
  it('prices a draft: VAT per line, the insurer\'s 80% of the covered service, the patient the rest', async () => {
    const inv = await draft([
      { kind: 'service', service: parties.service.id },
      { kind: 'item', description: 'Bandage', quantity: 2, unitPrice: 1000, discount: 500 },
    ]);
    expect(inv.status).toBe('draft');
    expect(inv.number).toBeNull();
    expect(inv.insurer).toMatchObject({ name: INSURER, coverageBasisPoints: 8000 });
    expect(inv.lines.map((l: { total: number; insurerShare: number; patientShare: number }) => [l.total, l.insurerShare, l.patientShare]))
      .toEqual([[17_250, 13_800, 3450], [1725, 0, 1725]]);
    expect(inv).toMatchObject({
      currency: 'SAR', minorDigits: 2, vatRateBasisPoints: 1500,
      subtotal: 17_000, discountTotal: 500, taxTotal: 2475, total: 18_975, insurerShare: 13_800, patientShare: 5175, balanceDue: 5175,
    });
  });

  it('refuses a discount above its line and a service of another clinic, storing nothing', async () => {
    const before = body(await get('/api/invoices?limit=30')).pagination.total_items;
    const res = await post('/api/invoices', { patient: parties.patient.id, clinic: parties.clinic.id, lines: [{ kind: 'item', description: 'X', unitPrice: 100, discount: 101 }] });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields['lines.0.discount']).toBe('The discount cannot be more than the line\'s amount');
    const other = await billingClinic(ctx.database.db, org.companyId);
    const wrong = await post('/api/invoices', { patient: parties.patient.id, clinic: parties.clinic.id, lines: [{ kind: 'service', service: other.service.id }] });
    expect(wrong.statusCode).toBe(422);
    expect(body(await get('/api/invoices?limit=30')).pagination.total_items).toBe(before);
  });

  it('issues with the clinic\'s next number and opens the insurer\'s claim; an issued invoice cannot change (409)', async () => {
    const clinic = await billingClinic(ctx.database.db, org.companyId);
    const inv = await draft([{ kind: 'service', service: clinic.service.id }], clinic.clinic.id);
    const issued = await issue(inv._id, inv.version);
    expect(issued.number).toBe(1);
    expect(issued.displayNumber).toBe(`${clinic.clinic.publicId}-000001`);
    expect(issued.claim).toMatchObject({ insurer: INSURER, amount: 13_800, status: 'open' });

    const put = await ctx.app.inject({
      method: 'PUT', url: `/api/invoices/${inv._id}`, headers: auth(org.token),
      payload: { lines: [{ kind: 'item', description: 'Changed', unitPrice: 1 }], version: issued.version },
    });
    expect(put.statusCode).toBe(409);
    expect(errorOf(put.body)?.code).toBe('INVOICE_NOT_DRAFT');
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/invoices/${inv._id}?version=${issued.version}`, headers: auth(org.token) });
    expect(del.statusCode).toBe(409);
    const again = await post(`/api/invoices/${inv._id}/issue`, { version: issued.version });
    expect(again.statusCode).toBe(409);
    // The database refuses it too, whatever writes to it.
    await expect(ctx.database.query(`update invoices set total = 1 where id = $1`, [inv._id])).rejects.toThrow();
    await expect(ctx.database.query(`delete from invoices where id = $1`, [inv._id])).rejects.toThrow();
    expect(body(await get(`/api/invoices/${inv._id}`)).data).toMatchObject({ total: 17_250, number: 1, status: 'issued' });
  });

  it('deletes a draft, and a stale version changes nothing', async () => {
    const inv = await draft();
    const stale = await ctx.app.inject({ method: 'DELETE', url: `/api/invoices/${inv._id}?version=${inv.version + 1}`, headers: auth(org.token) });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale.body)?.code).toBe('STALE_RECORD');
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/invoices/${inv._id}?version=${inv.version}`, headers: auth(org.token) });
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/invoices/${inv._id}`)).statusCode).toBe(404);
  });

  it('makes a draft from an appointment: its service at its price and the doctor\'s consultation fee; only once', async () => {
    const appointment = await pastAppointment(ctx.database.db, org.companyId, {
      patient: parties.patient.id, doctor: parties.doctor.id, clinic: parties.clinic.id, service: parties.service.id,
    });
    const res = await post(`/api/invoices/from-appointment/${appointment.id}`, {});
    expect(res.statusCode, res.body).toBe(201);
    const inv = body(res).data;
    expect(inv).toMatchObject({ appointment: appointment.id, visitDate: '2026-03-01', doctor: { _id: parties.doctor.id } });
    expect(inv.lines.map((l: { kind: string; unitPrice: number; covered: boolean }) => [l.kind, l.unitPrice, l.covered])).toEqual([['service', 15_000, true], ['item', 5000, false]]);
    const twice = await post(`/api/invoices/from-appointment/${appointment.id}`, {});
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice.body)?.code).toBe('ALREADY_INVOICED');
  });
});

describe('payments, credit notes and refunds', () => {
  it('takes payments up to the balance, and a credit note with its refund restores the cash box balance', async () => {
    const start = body(await get(`/api/cash-boxes/${cashBoxId}`)).data.balance;
    const inv = await issue((await draft())._id, 1);
    expect(inv.patientShare).toBe(3450);

    const over = await post(`/api/invoices/${inv._id}/payments`, { method: 'cash', amount: 3451, cashBox: cashBoxId });
    expect(over.statusCode).toBe(422);
    const part = await post(`/api/invoices/${inv._id}/payments`, { method: 'cash', amount: 2000, cashBox: cashBoxId });
    expect(part.statusCode, part.body).toBe(201);
    expect(body(part).data).toMatchObject({ status: 'partially_paid', paidTotal: 2000, balanceDue: 1450 });
    const card = await post(`/api/invoices/${inv._id}/payments`, { method: 'card', amount: 1450, paymentMethod: CARD });
    expect(card.statusCode, card.body).toBe(201);
    expect(body(card).data.status).toBe('paid');
    expect(body(card).data.payments[1]).toMatchObject({ method: 'card', amount: 1450, processingFee: 22, paymentMethod: CARD }); // 1.5% of 14.50 = 0.2175
    expect(body(await get(`/api/cash-boxes/${cashBoxId}`)).data.balance).toBe(start + 2000);

    const none = await post(`/api/invoices/${inv._id}/payments`, { method: 'cash', amount: 1, cashBox: cashBoxId });
    expect(none.statusCode).toBe(409);

    const credit = await post(`/api/invoices/${inv._id}/credit-notes`, { amount: 2000, reason: 'Charged twice for the dressing' });
    expect(credit.statusCode, credit.body).toBe(201);
    const note = body(credit).data.creditNotes[0];
    expect(note).toMatchObject({ amount: 2000, taxAmount: 261, number: 1 }); // 2000 x 2250 / 17250 = 260.87
    expect(body(credit).data.balanceDue).toBe(-2000);
    const tooMuch = await post(`/api/invoices/${inv._id}/refunds`, { creditNote: note._id, method: 'cash', amount: 2001, cashBox: cashBoxId });
    expect(tooMuch.statusCode).toBe(422);
    const refund = await post(`/api/invoices/${inv._id}/refunds`, { creditNote: note._id, method: 'cash', amount: 2000, cashBox: cashBoxId });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(body(refund).data).toMatchObject({ paidTotal: 1450, refundedTotal: 2000, balanceDue: 0, status: 'paid' });
    expect(body(refund).data.payments[2]).toMatchObject({ kind: 'refund', amount: -2000, creditNote: note._id });

    const box = body(await get(`/api/cash-boxes/${cashBoxId}`)).data;
    expect(box.balance).toBe(start);
    expect(box.transactions.slice(0, 2).map((t: { kind: string; amount: number }) => [t.kind, t.amount])).toEqual([['refund', -2000], ['payment', 2000]]);
    expect(box.transactions[0].balanceAfter).toBe(start);
  });

  it('refuses payments on a draft and a credit note above the patient share', async () => {
    const inv = await draft();
    expect((await post(`/api/invoices/${inv._id}/payments`, { method: 'cash', amount: 100, cashBox: cashBoxId })).statusCode).toBe(409);
    expect((await post(`/api/invoices/${inv._id}/credit-notes`, { amount: 100, reason: 'x' })).statusCode).toBe(409);
    const issued = await issue(inv._id, inv.version);
    expect((await post(`/api/invoices/${issued._id}/credit-notes`, { amount: 3451, reason: 'Too much' })).statusCode).toBe(422);
  });

  it('counts paid revenue net of refunds for the dashboard', async () => {
    const from = new Date(Date.now() - 3_600_000);
    const to = new Date(Date.now() + 3_600_000);
    const rows = await ctx.database.query<{ sum: string }>(`select coalesce(sum(amount), 0)::text as sum from payments where company_id = $1`, [org.companyId]);
    expect(await paidRevenue(ctx.database.db, org.companyId, null, from, to)).toBe(Number(rows[0]!.sum));
    expect(await paidRevenue(ctx.database.db, org.companyId, [parties.clinic.id], from, to)).toBe(Number(rows[0]!.sum));
    expect(await paidRevenue(ctx.database.db, org.companyId, [], from, to)).toBe(0);
    expect(await paidRevenue(ctx.database.db, org.companyId, null, to, new Date(to.getTime() + 1000))).toBe(0);
  });
});

describe('cash boxes and claims', () => {
  it('closes the day with a difference, recorded with who closed it; the balance becomes what was counted; once a day', async () => {
    const inv = await issue((await draft())._id, 1);
    expect((await post(`/api/invoices/${inv._id}/payments`, { method: 'cash', amount: 3450, cashBox: cashBoxId })).statusCode).toBe(201);
    const expected = body(await get(`/api/cash-boxes/${cashBoxId}`)).data.balance;
    expect(expected).toBeGreaterThanOrEqual(3450);
    const res = await post(`/api/cash-boxes/${cashBoxId}/close`, { counted: expected - 175, note: 'Short by 1.75' });
    expect(res.statusCode, res.body).toBe(201);
    expect(body(res).data).toMatchObject({ expected, counted: expected - 175, difference: -175, closedBy: { _id: org.adminId } });
    const box = body(await get(`/api/cash-boxes/${cashBoxId}`)).data;
    expect(box.balance).toBe(expected - 175);
    expect(box.transactions[0]).toMatchObject({ kind: 'close_difference', amount: -175 });
    expect(box.closes[0]).toMatchObject({ difference: -175 });
    // The day shows as closed, and its Z report adds up: opening + cash in + cash out = expected.
    expect(box.closedToday).toMatchObject({ _id: box.closes[0]._id, counted: expected - 175, closedBy: { _id: org.adminId } });
    const report = body(await get(`/api/cash-boxes/${cashBoxId}/closes/${box.closes[0]._id}`)).data;
    expect(report.cashIn).toBeGreaterThanOrEqual(3450);
    expect(report.opening + report.cashIn + report.cashOut).toBe(expected);
    expect(report.close).toMatchObject({ expected, counted: expected - 175, difference: -175 });
    expect(report.box).toMatchObject({ _id: cashBoxId, name: CASH_BOX });
    expect((await get(`/api/cash-boxes/${cashBoxId}/closes/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const again = await post(`/api/cash-boxes/${cashBoxId}/close`, { counted: 0 });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body)?.code).toBe('CASH_BOX_ALREADY_CLOSED');
    // The clinic's own cash box row shows the real balance and history (major units).
    const clinic = body(await get(`/api/clinics/${parties.clinic.id}`)).data;
    expect(clinic.cashBoxes[0]).toMatchObject({ name: CASH_BOX, totalBalance: (expected - 175) / 100 });
    expect(clinic.cashBoxes[0].transactionHistory[0]).toMatchObject({ amount: -1.75 });
  });

  it('moves a claim along open -> submitted -> paid only', async () => {
    const claims = body(await get('/api/claims?status=open&limit=30')).data;
    expect(claims.length).toBeGreaterThan(0);
    const claim = claims[0];
    const skip = await ctx.app.inject({ method: 'PATCH', url: `/api/claims/${claim._id}`, headers: auth(org.token), payload: { status: 'paid', version: claim.version } });
    expect(skip.statusCode).toBe(409);
    const submitted = await ctx.app.inject({ method: 'PATCH', url: `/api/claims/${claim._id}`, headers: auth(org.token), payload: { status: 'submitted', version: claim.version } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const paid = await ctx.app.inject({ method: 'PATCH', url: `/api/claims/${claim._id}`, headers: auth(org.token), payload: { status: 'paid', version: body(submitted).data.version } });
    expect(body(paid).data.status).toBe('paid');
  });

  it('lists and exports invoices with filters', async () => {
    const issued = body(await get(`/api/invoices?status=issued&clinic=${parties.clinic.id}&limit=30`));
    expect(issued.data.every((i: { status: string }) => i.status === 'issued')).toBe(true);
    const byInsurer = body(await get(`/api/invoices?insurer=${INSURER.toLowerCase()}&limit=30`));
    expect(byInsurer.pagination.total_items).toBeGreaterThan(0);
    const bad = await get('/api/invoices?from=2026-06-30&to=2026-06-01');
    expect(bad.statusCode).toBe(422);
    const csv = await get('/api/invoices/export.csv?status=paid');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Invoice number');
  });
});

describe('permissions and tenancy', () => {
  it('needs billing_refund for credit notes and refunds and cashbox_close for the close (403, nothing written)', async () => {
    const role = await post('/api/roles', { name: 'Cashier', permissions: ['billing_read', 'billing_write'] });
    expect(role.statusCode, role.body).toBe(201);
    await createAccount(ctx.database.db, org.companyId, new Map([['Cashier', body(role).data._id]]), {
      name: 'Cashier', username: 'cashier', email: 'cashier@example.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: ['Cashier'],
    });
    const cashier = (await login(ctx, 'cashier', TEST_PASSWORD)).accessToken;
    const inv = await issue((await draft())._id, 1);
    expect((await post(`/api/invoices/${inv._id}/payments`, { method: 'cash', amount: 100, cashBox: cashBoxId }, cashier)).statusCode).toBe(201);
    expect((await post(`/api/invoices/${inv._id}/credit-notes`, { amount: 100, reason: 'x' }, cashier)).statusCode).toBe(403);
    expect((await post(`/api/invoices/${inv._id}/refunds`, { creditNote: inv._id, method: 'cash', amount: 1, cashBox: cashBoxId }, cashier)).statusCode).toBe(403);
    expect((await post(`/api/cash-boxes/${cashBoxId}/close`, { counted: 0 }, cashier)).statusCode).toBe(403);
    expect(body(await get(`/api/invoices/${inv._id}`)).data.creditNotes).toEqual([]);
  });

  it('answers another company\'s invoice, cash box and claim as not found', async () => {
    const other = await createOrg(ctx);
    const inv = await issue((await draft())._id, 1);
    for (const url of [`/api/invoices/${inv._id}`, `/api/cash-boxes/${cashBoxId}`]) expect((await get(url, other.token)).statusCode).toBe(404);
    expect((await post(`/api/invoices/${inv._id}/payments`, { method: 'cash', amount: 1, cashBox: cashBoxId }, other.token)).statusCode).toBe(404);
    expect((await post(`/api/cash-boxes/${cashBoxId}/close`, { counted: 0 }, other.token)).statusCode).toBe(404);
    const patch = await ctx.app.inject({ method: 'PATCH', url: `/api/claims/${inv.claim._id}`, headers: auth(other.token), payload: { status: 'submitted', version: 1 } });
    expect(patch.statusCode).toBe(404);
    expect(body(await get('/api/invoices?limit=30', other.token)).data).toEqual([]);
    expect(body(await get('/api/claims?limit=30', other.token)).data).toEqual([]);
  });
});
