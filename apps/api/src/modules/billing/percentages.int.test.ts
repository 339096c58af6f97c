import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { clinicBody, companyBody } from '../../test/organisation-fixtures.js';

/**
 * Percentages are 0..100: a card processing fee of 150% (or 1e9%), a coverage of 100.01% or a VAT rate above 100 is
 * a 422 with the field's error and changes nothing, and the database refuses such a value from any other writer.
 * Run on PGlite and on PostgreSQL (DATABASE_URL).
 */

let ctx: TestContext;
let org: TestOrg;
const PERCENT = 'Enter a percentage from 0 to 100, with at most two decimals';

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx, { plan: 'company' });
}, 60_000);
afterAll(() => ctx?.close());

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(org.token, lang), ...(payload ? { payload } : {}) });
const fieldsOf = (res: { body: string }) => (JSON.parse(res.body) as { message: { fields?: Record<string, string> } }).message.fields ?? {};

describe('percentages', () => {
  it('refuses a card processing fee of 150% on the company profile with a field error (en and ar), and stores nothing', async () => {
    const res = await send('POST', '/api/companies', companyBody({ onlinePaymentMethods: [{ companyName: 'Mada', processingFees: 150 }] }));
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldsOf(res)).toEqual({ 'onlinePaymentMethods.0.processingFees': PERCENT });
    const ar = await send('POST', '/api/companies', companyBody({ onlinePaymentMethods: [{ companyName: 'Mada', processingFees: 1e9 }] }), 'ar');
    expect(ar.statusCode).toBe(422);
    expect(fieldsOf(ar)['onlinePaymentMethods.0.processingFees']).toBe('أدخل نسبة مئوية من 0 إلى 100، بمنزلتين عشريتين على الأكثر');
    expect(body(await send('GET', '/api/companies')).data).toEqual([]);
  });

  it('refuses a clinic\'s coverage above 100% and a fee below 0 with field errors', async () => {
    const res = await send('POST', '/api/clinics', clinicBody(org.adminId, {
      insuranceCompany: [{ companyName: 'Tawuniya', companyPhone: '8001249990', companyEmail: 'claims@tawuniya.example', coveragePercentage: 100.01 }],
      onlinePaymentMethods: [{ companyName: 'Mada', processingFees: -1 }],
    }));
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldsOf(res)).toEqual({ 'insuranceCompany.0.coveragePercentage': PERCENT, 'onlinePaymentMethods.0.processingFees': PERCENT });
  });

  it('refuses a VAT rate above 100% and accepts 0 and 100', async () => {
    const over = await send('PUT', '/api/billing/settings', { currency: 'SAR', vatRatePercent: 100.01, version: 1 });
    expect(over.statusCode).toBe(422);
    expect(fieldsOf(over)).toEqual({ vatRatePercent: PERCENT });
    const full = await send('PUT', '/api/billing/settings', { currency: 'SAR', vatRatePercent: 100, version: 1 });
    expect(full.statusCode, full.body).toBe(200);
    const none = await send('PUT', '/api/billing/settings', { currency: 'SAR', vatRatePercent: 0, version: body(full).data.version });
    expect(none.statusCode, none.body).toBe(200);
  });

  it('the database refuses a percentage outside 0..100 from any other writer', async () => {
    const created = await send('POST', '/api/companies', companyBody());
    expect(created.statusCode, created.body).toBe(201);
    await expect(ctx.database.query(
      `update company_profiles set online_payment_methods = '[{"companyName":"Mada","processingFees":150}]' where company_id = $1`, [org.companyId],
    )).rejects.toMatchObject({ code: '23514' });
    await expect(ctx.database.query(
      `insert into billing_settings (company_id, vat_rate_basis_points) values ($1, 10001) on conflict (company_id) do update set vat_rate_basis_points = 10001`, [org.companyId],
    )).rejects.toMatchObject({ code: '23514' });
    expect(body(await send('GET', '/api/companies')).data[0].onlinePaymentMethods[0].processingFees).toBe(1.5);
  });
});
