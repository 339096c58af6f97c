import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyProfiles, doctorShareEntries } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, errorOf, signInStaff, type TestContext, type TestOrg } from '../../test/harness.js';
import { issuedInvoice, shareClinic, shareRule, type ShareClinic } from './fixtures.js';

/*
 * The doctor's share through the API, with statements computed by hand. The company bills in SAR with 15% VAT; each
 * clinic's service costs 200.00 (net 200.00, VAT 30.00, total 230.00). Run on PGlite and on PostgreSQL (DATABASE_URL).
 */

let ctx: TestContext;
let org: TestOrg;
let now = new Date('2026-07-01T09:00:00Z');
const nextDay = () => { now = new Date(now.getTime() + 86_400_000); };

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = org.token, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload ? { payload } : {}) });
const ok = async (method: 'POST' | 'PATCH', url: string, payload: object, status = 201) => {
  const res = await send(method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return body(res).data;
};
const pay = (p: ShareClinic, id: string, amount: number) => ok('POST', `/api/invoices/${id}/payments`, { method: 'cash', amount, cashBox: p.box });
const close = async (p: ShareClinic, counted: number) => (await ok('POST', `/api/cash-boxes/${p.box}/close`, { counted })).date as string;
const statementRes = (doctor: string, from: string, to = from, token = org.token) => send('GET', `/api/doctor-shares/statement?doctor=${doctor}&from=${from}&to=${to}`, undefined, token);
async function statement(doctor: string, from: string, to = from) {
  const res = await statementRes(doctor, from, to);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
}
const figures = (s: { entries: Array<{ cause: string; taken: number; base: number; share: number }> }) => s.entries.map((e) => [e.cause, e.taken, e.base, e.share]);

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
  org = await createOrg(ctx);
  const settings = await send('PUT' as 'POST', '/api/billing/settings', { currency: 'SAR', vatRatePercent: 15, version: 1 });
  expect(settings.statusCode, settings.body).toBe(200);
}, 60_000);
afterAll(() => ctx?.close());

describe('statements computed by hand', () => {
  it('percent: 35% of a 200.00 net line paid in two instalments is exactly 70.00, locked by the day close; payouts up to the balance', async () => {
    const p = await shareClinic(ctx, org);
    await shareRule(ctx.database.db, org.companyId, p.doctor.id, { kind: 'percent', percentBasisPoints: 3500 });
    const inv = await issuedInvoice(ctx, org, p);
    await pay(p, inv._id, 10_000);
    await pay(p, inv._id, 13_000);
    // Open until the close: 2 entries, 70.00.
    const before = await statement(p.doctor.id, '2026-07-01');
    expect(before.entries).toEqual([]);
    expect(before.open).toEqual({ entries: 2, share: 7000 });

    const day = await close(p, 23_000);
    const s = await statement(p.doctor.id, day);
    // 1st: 100.00 of 230.00 -> base 200.00 x 100/230 = 86.9565 -> 86.96; share 86.9565 x 35% = 30.4348 -> 30.43
    // 2nd: all 230.00 -> base 200.00, share 70.00: the entry is the rest, 130.00 / 113.04 / 39.57
    expect(figures(s)).toEqual([['payment', 10_000, 8696, 3043], ['payment', 13_000, 11_304, 3957]]);
    expect(s.totals).toEqual({ visits: 1, taken: 23_000, base: 20_000, share: 7000 });
    expect(s.entries[0]).toMatchObject({ periodDay: day, visitDate: '2026-06-30', rule: '35% of the net amount', patient: { name: 'Layla Haddad' } });
    expect(s.open).toEqual({ entries: 0, share: 0 });

    // Payouts: 80.00 is more than the 70.00 earned; 50.00 goes through and leaves 20.00.
    const payout = (amount: number) => send('POST', '/api/doctor-shares/payouts', { doctor: p.doctor.id, from: day, to: day, amount, method: 'cash' });
    const over = await payout(8000);
    expect(over.statusCode).toBe(422);
    expect(errorOf(over.body)).toEqual({ code: 'DOCTOR_SHARE_OVERPAID', message: expect.stringContaining('70.00 SAR') });
    expect((await payout(5000)).statusCode).toBe(201);
    const after = await statement(p.doctor.id, day);
    expect([after.paid, after.balance, after.payouts.length]).toEqual([5000, 2000, 1]);
    const again = await payout(2001);
    expect(errorOf(again.body)).toEqual({ code: 'DOCTOR_SHARE_OVERPAID', message: expect.stringContaining('20.00 SAR') });
    expect((await statement(p.doctor.id, day)).balance).toBe(2000);
    // A payout's period is bounded like a statement's: not two centuries of entries read under the doctor's lock.
    const endless = await send('POST', '/api/doctor-shares/payouts', { doctor: p.doctor.id, from: '1900-01-01', to: '2100-12-31', amount: 100, method: 'cash' });
    expect(endless.statusCode).toBe(422);
    expect(JSON.parse(endless.body).message.code).toBe('VALIDATION_FAILED');
    expect((await statement(p.doctor.id, day)).balance).toBe(2000);

    // The CSV, in Arabic: a byte-order mark, translated headers, one row per entry and the totals row.
    const csv = await send('GET', `/api/doctor-shares/statement.csv?doctor=${p.doctor.id}&from=${day}&to=${day}`, undefined, org.token, 'ar');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toContain('يوم الإقفال');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('30.43');
    expect(lines[3]).toMatch(/^الإجمالي \(زيارة واحدة\),.*230\.00,200\.00,70\.00$/);
  });

  it('fixed: 50.00 per unit of the service wins over the doctor\'s general percentage; item lines earn nothing', async () => {
    const p = await shareClinic(ctx, org);
    await shareRule(ctx.database.db, org.companyId, p.doctor.id, { kind: 'percent', percentBasisPoints: 3500 });
    await shareRule(ctx.database.db, org.companyId, p.doctor.id, { kind: 'fixed', fixedAmount: 5000, serviceId: p.service.id, percentBasisPoints: null });
    // 2 x 200.00 service (total 460.00) and a 10.00 bandage (total 11.50): 471.50.
    const inv = await issuedInvoice(ctx, org, p, { lines: [{ kind: 'service', service: p.service.id, quantity: 2 }, { kind: 'item', description: 'Bandage', unitPrice: 1000 }] });
    expect(inv.total).toBe(47_150);
    await pay(p, inv._id, 20_000);
    await pay(p, inv._id, 27_150);
    const day = await close(p, 47_150);
    const s = await statement(p.doctor.id, day);
    // 200.00 of 471.50: the service line's part 460.00 x 200/471.50 = 195.1220 -> 195.12; base 400/460 of it = 169.67;
    // share 2 x 50.00 x 195.1220/460 = 42.4178 -> 42.42. Then the rest up to 460.00 / 400.00 / 100.00.
    expect(figures(s)).toEqual([['payment', 19_512, 16_967, 4242], ['payment', 26_488, 23_033, 5758]]);
    expect(s.totals.share).toBe(10_000);
    expect(s.entries[0].rule).toBe('50.00 SAR per unit');
  });

  it('tiers: the month\'s 3rd visit earns the second tier, whatever order the money comes in; a new month starts again', async () => {
    const p = await shareClinic(ctx, org);
    await shareRule(ctx.database.db, org.companyId, p.doctor.id, {
      kind: 'tiers', percentBasisPoints: null, tiers: [{ fromVisit: 1, percentBasisPoints: 2000 }, { fromVisit: 3, percentBasisPoints: 3000 }],
    });
    const june = [];
    for (const visitDate of ['2026-06-10', '2026-06-11', '2026-06-12']) june.push(await issuedInvoice(ctx, org, p, { visitDate }));
    const july = await issuedInvoice(ctx, org, p, { visitDate: '2026-07-01' });
    for (const inv of [june[2]!, june[0]!, july, june[1]!]) await pay(p, inv._id, 23_000);
    const day = await close(p, 4 * 23_000);
    const s = await statement(p.doctor.id, day);
    // June: visits 1 and 2 at 20% of 200.00 = 40.00 each, visit 3 at 30% = 60.00; July's first visit 40.00: 180.00.
    const byVisit = Object.fromEntries(s.entries.map((e: { visitDate: string; share: number; rule: string }) => [e.visitDate, [e.share, e.rule]]));
    expect(byVisit).toEqual({
      '2026-06-10': [4000, '20% (visit 1 of the month, tier from visit 1)'], '2026-06-11': [4000, '20% (visit 2 of the month, tier from visit 1)'],
      '2026-06-12': [6000, '30% (visit 3 of the month, tier from visit 3)'], '2026-07-01': [4000, '20% (visit 1 of the month, tier from visit 1)'],
    });
    expect(s.totals).toMatchObject({ visits: 4, share: 18_000 });
  });

  it('the insurer\'s share earns only once its claim is paid; a rejected claim earns nothing', async () => {
    const p = await shareClinic(ctx, org);
    await shareRule(ctx.database.db, org.companyId, p.doctor.id, { kind: 'percent', percentBasisPoints: 3500 });
    const paid = await issuedInvoice(ctx, org, p, { insured: true });
    const rejected = await issuedInvoice(ctx, org, p, { insured: true });
    // The insurer covers 80%: 184.00 of 230.00; the patient pays 46.00 -> base 200.00 x 46/230 = 40.00, share 14.00.
    expect([paid.insurerShare, paid.patientShare]).toEqual([18_400, 4600]);
    await pay(p, paid._id, 4600);
    await pay(p, rejected._id, 4600);
    const submitted = await ok('PATCH', `/api/claims/${paid.claim!._id}`, { status: 'submitted', version: paid.claim!.version }, 200);
    expect((await statement(p.doctor.id, '2026-07-01')).open).toEqual({ entries: 2, share: 2800 });
    await ok('PATCH', `/api/claims/${paid.claim!._id}`, { status: 'paid', version: submitted.version }, 200);
    await ok('PATCH', `/api/claims/${rejected.claim!._id}`, { status: 'rejected', version: rejected.claim!.version }, 200);
    const day = await close(p, 9200);
    const s = await statement(p.doctor.id, day);
    // The paid claim: 184.00 more taken, base 160.00, share 56.00 (70.00 in all for that visit); the rejected one stays at 14.00.
    expect(figures(s)).toEqual([['payment', 4600, 4000, 1400], ['payment', 4600, 4000, 1400], ['claim_paid', 18_400, 16_000, 5600]]);
    expect(s.totals).toMatchObject({ visits: 2, share: 8400 });
  });
});

describe('locking with the day close', () => {
  it('a credit note and refund after a locked day is a negative entry of the next close; the locked day never changes', async () => {
    const p = await shareClinic(ctx, org);
    await shareRule(ctx.database.db, org.companyId, p.doctor.id, { kind: 'percent', percentBasisPoints: 3500 });
    const inv = await issuedInvoice(ctx, org, p);
    await pay(p, inv._id, 23_000);
    const day1 = await close(p, 23_000);
    const first = await statement(p.doctor.id, day1);
    expect(figures(first)).toEqual([['payment', 23_000, 20_000, 7000]]);

    nextDay();
    try {
      // 46.00 credited: the money recognised is min(230.00 paid, 230.00 - 46.00) = 184.00 -> base 160.00, share 56.00.
      const after = await ok('POST', `/api/invoices/${inv._id}/credit-notes`, { amount: 4600, reason: 'Part of the visit was not done' });
      // Refunding the 46.00 changes nothing more: 184.00 paid, 184.00 owed.
      await ok('POST', `/api/invoices/${inv._id}/refunds`, { creditNote: after.creditNotes[0]._id, method: 'cash', amount: 4600, cashBox: p.box });
      const day2 = await close(p, 18_400);
      expect(day2 > day1).toBe(true);
      expect(await statement(p.doctor.id, day1)).toEqual(first);
      const second = await statement(p.doctor.id, day2);
      expect(figures(second)).toEqual([['credit_note', -4600, -4000, -1400]]);
      expect((await statement(p.doctor.id, day1, day2)).totals).toEqual({ visits: 1, taken: 18_400, base: 16_000, share: 5600 });
      const stamped = await ctx.database.db.select({ day: doctorShareEntries.periodDay }).from(doctorShareEntries)
        .where(and(eq(doctorShareEntries.companyId, org.companyId), eq(doctorShareEntries.invoiceId, inv._id)));
      expect(stamped.map((e) => e.day).sort()).toEqual([day1, day2]);
    } finally {
      now = new Date('2026-07-01T09:00:00Z');
    }
  });
});

describe('the company\'s own cash box', () => {
  it('its day close locks the open entries of every clinic', async () => {
    const north = await shareClinic(ctx, org);
    const south = await shareClinic(ctx, org);
    for (const p of [north, south]) {
      await shareRule(ctx.database.db, org.companyId, p.doctor.id, { kind: 'percent', percentBasisPoints: 3500 });
      await pay(p, (await issuedInvoice(ctx, org, p))._id, 23_000);
    }
    await ctx.database.db.insert(companyProfiles).values({ companyId: org.companyId, cashBoxes: [{ name: 'Head office', isActive: true, currency: 'SAR', transactionHistory: [] }] })
      .onConflictDoUpdate({ target: companyProfiles.companyId, set: { cashBoxes: [{ name: 'Head office', isActive: true, currency: 'SAR', transactionHistory: [] }] } });
    const boxes = body(await send('GET', '/api/cash-boxes')).data as Array<{ _id: string; name: string; clinic: unknown }>;
    const head = boxes.find((b) => b.name === 'Head office' && b.clinic === null)!;
    const closed = await ok('POST', `/api/cash-boxes/${head._id}/close`, { counted: 0 });
    for (const p of [north, south]) {
      const s = await statement(p.doctor.id, closed.date);
      expect(figures(s)).toEqual([['payment', 23_000, 20_000, 7000]]);
      expect(s.open).toEqual({ entries: 0, share: 0 });
    }
  });
});

describe('rules', () => {
  it('refuses a backdated rule, a second rule for the same day and a rule for someone who is not a doctor', async () => {
    const p = await shareClinic(ctx, org);
    const rule = (effectiveFrom: string, extra: object = {}) => send('POST', '/api/doctor-shares/rules', { doctor: p.doctor.id, kind: 'percent', percent: 40, effectiveFrom, ...extra });
    const back = await rule('2026-06-30');
    expect(back.statusCode).toBe(422);
    expect(errorOf(back.body)?.code).toBe('DOCTOR_SHARE_RULE_BACKDATED');
    expect(body(back).message.fields.effectiveFrom).toBeTruthy();
    const created = await rule('2026-07-05');
    expect(created.statusCode, created.body).toBe(201);
    expect(body(created).data).toMatchObject({ percentBasisPoints: 4000, inEffect: false, withdrawable: true, service: null });
    expect(errorOf((await rule('2026-07-05')).body)?.code).toBe('DOCTOR_SHARE_RULE_EXISTS');
    const notDoctor = await send('POST', '/api/doctor-shares/rules', { doctor: org.adminId, kind: 'percent', percent: 40, effectiveFrom: '2026-07-05' });
    expect(errorOf(notDoctor.body)?.code).toBe('DOCTOR_SHARE_NOT_A_DOCTOR');
    expect((await send('GET', `/api/doctor-shares/rules?doctor=${p.doctor.id}`)).json().data).toHaveLength(1);
  });

  it('withdraws a rule not yet in effect; one in effect stays (409)', async () => {
    const p = await shareClinic(ctx, org);
    const later = await ok('POST', '/api/doctor-shares/rules', { doctor: p.doctor.id, kind: 'fixed', fixedAmount: 2500, service: p.service.id, effectiveFrom: '2026-08-01' });
    const today = await ok('POST', '/api/doctor-shares/rules', { doctor: p.doctor.id, kind: 'percent', percent: 30, effectiveFrom: '2026-07-01' });
    expect(today).toMatchObject({ inEffect: true, withdrawable: false });
    const refused = await send('DELETE', `/api/doctor-shares/rules/${today._id}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.body)?.code).toBe('DOCTOR_SHARE_RULE_IN_EFFECT');
    expect((await send('DELETE', `/api/doctor-shares/rules/${later._id}`)).statusCode).toBe(200);
    const left = (await send('GET', `/api/doctor-shares/rules?doctor=${p.doctor.id}`)).json().data;
    expect(left.map((r: { _id: string }) => r._id)).toEqual([today._id]);
  });
});

describe('who sees which statement', () => {
  it('a doctor sees their own statement and no one else\'s; doctor_share_read_all sees every doctor', async () => {
    const p = await shareClinic(ctx, org);
    const token = await signInStaff(ctx, org, { name: 'Dr. Own Share', username: 'own_share', email: 'own_share@north.test', employeeType: 'Doctor', roleNames: ['Doctor'] });
    const mine = await send('GET', '/api/doctor-shares/doctors', undefined, token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(body(mine).data.map((d: { name: string }) => d.name)).toEqual(['Dr. Own Share']);
    const self = body(mine).data[0]._id as string;
    expect((await statementRes(self, '2026-07-01', '2026-07-01', token)).statusCode).toBe(200);
    const other = await statementRes(p.doctor.id, '2026-07-01', '2026-07-01', token);
    expect(other.statusCode).toBe(403);
    expect(errorOf(other.body)?.code).toBe('DOCTOR_SHARE_OTHERS_FORBIDDEN');
    const csv = await send('GET', `/api/doctor-shares/statement.csv?doctor=${p.doctor.id}&from=2026-07-01&to=2026-07-01`, undefined, token);
    expect(csv.statusCode).toBe(403);
    expect((await send('POST', '/api/doctor-shares/rules', { doctor: self, kind: 'percent', percent: 90, effectiveFrom: '2026-07-02' }, token)).statusCode).toBe(403);
    // The Accountant holds doctor_share_read_all: every doctor, and any doctor's statement.
    const accountant = await signInStaff(ctx, org, { name: 'Huda Accounts', username: 'share_accounts', email: 'share_accounts@north.test', employeeType: 'Administrative', roleNames: ['Accountant'] });
    const all = body(await send('GET', '/api/doctor-shares/doctors', undefined, accountant)).data.map((d: { _id: string }) => d._id);
    expect(all).toEqual(expect.arrayContaining([self, p.doctor.id]));
    expect((await statementRes(p.doctor.id, '2026-07-01', '2026-07-01', accountant)).statusCode).toBe(200);
  });
});
