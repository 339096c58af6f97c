import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ALWAYS_OPEN, Api, expect, runId, signIn, staffAccount, test } from './fixtures';

/*
 * The doctor's share: an accountant gives a doctor 35% of the net amount, takes a patient's payment on the doctor's
 * invoice, closes the cash box's day, and reads the doctor's statement (100.00 net, so 35.00), records the payout and
 * downloads the CSV; the doctor sees only their own share, also in Arabic (dark) on a phone. The test makes its own
 * clinic, cash box, doctor, accountant, service and patient through the API. With SHOTS_DIR set it saves screenshots.
 */

const shots = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (shots) {
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  }
}

async function setUp(api: Api) {
  const settings = await api.get<{ vatRatePercent: number; currency: string; version: number }>('/billing/settings');
  if (settings.vatRatePercent !== 15 || settings.currency !== 'SAR') await api.put('/billing/settings', { currency: 'SAR', vatRatePercent: 15, version: settings.version });
  const id = runId();
  const practice = await api.practice({
    patients: 1, hours: ALWAYS_OPEN, label: 'Share',
    clinic: { cashBoxes: [{ name: 'Front desk', pic: 'Reception', isActive: true, currency: 'SAR' }] },
  });
  const { clinic } = practice;
  const doctor = await staffAccount(api, clinic._id, `Dr. Share ${id}`, 'Doctor', 'Doctor');
  const other = practice.doctors[0]!;
  const accountant = await staffAccount(api, clinic._id, `Accountant ${id}`, 'Accountant', 'Administrative');
  // A 100.00 service: with 15% VAT the patient pays 115.00, of which 100.00 is the net base.
  const service = await api.service(clinic, [{ _id: doctor._id, name: doctor.name }], `Consultation ${id}`);
  const patient = practice.patients[0]!;
  const made = await api.post<{ _id: string; version: number }>('/invoices', { patient: patient._id, clinic: clinic._id, doctor: doctor._id, lines: [{ kind: 'service', service: service._id }] });
  const invoice = await api.post<{ _id: string; displayNumber: string }>(`/invoices/${made._id}/issue`, { version: made.version });
  return { clinic, doctor, other, accountant, patient, invoice };
}

test("an accountant sets a doctor's share, the day close locks it, the statement and payout follow; the doctor sees only their own", async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
  const admin = await Api.signIn(request);
  const s = await setUp(admin);

  // The accountant gives the doctor 35% of every service, from today.
  await signIn(page, { username: s.accountant.username, password: s.accountant.password });
  await page.goto(`/billing/doctor-shares?doctor=${s.doctor._id}`);
  await expect(page.getByRole('link', { name: "Doctors' share" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('share-rules')).toContainText('No rules for this doctor');
  await page.getByTestId('add-share-rule').click();
  const form = page.getByTestId('share-rule-form');
  await form.getByTestId('share-rule-percent').fill('35');
  await form.getByTestId('share-rule-submit').click();
  const rule = page.getByTestId('share-rule-row');
  await expect(rule).toHaveCount(1);
  await expect(rule).toContainText('All services');
  await expect(rule.getByTestId('share-rule-terms')).toHaveText('35%');
  await expect(rule).toContainText('In effect');

  // The patient pays the 115.00 in cash; the day is closed with the cash counted.
  await page.goto(`/billing/invoices/details/${s.invoice._id}`);
  await page.getByTestId('invoice-pay').click();
  const payment = page.getByTestId('payment-form');
  await expect(payment.getByTestId('payment-due')).toContainText('SAR 115.00');
  await expect(payment.getByTestId('payment-cash-box')).toHaveValue(`Front desk · ${s.clinic.name}`);
  await payment.getByTestId('payment-submit').click();
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid', { timeout: 30_000 });
  // Before the close the share is open: it shows as a note, not in the period.
  await page.goto(`/billing/doctor-shares?doctor=${s.doctor._id}`);
  await expect(page.getByTestId('share-open')).toContainText('1 entry (SAR 35.00) is not yet locked');
  await expect(page.getByTestId('share-total-share-value')).toHaveText('SAR 0.00');
  await page.goto('/billing/cash-boxes');
  await page.getByTestId('cash-box-card').filter({ hasText: s.clinic.name }).click();
  await page.getByTestId('cash-box-close').click();
  await page.getByTestId('close-counted').fill('115');
  await page.getByTestId('close-submit').click();
  await expect(page.getByTestId('cash-box-closes')).toContainText('SAR 115.00');

  // The statement: one visit, 115.00 taken, 100.00 net, 35% of it is 35.00.
  await page.goto(`/billing/doctor-shares?doctor=${s.doctor._id}`);
  await expect(page.getByTestId('share-total-share-value')).toHaveText('SAR 35.00', { timeout: 30_000 });
  await expect(page.getByTestId('share-total-visits-value')).toHaveText('1');
  await expect(page.getByTestId('share-total-taken-value')).toHaveText('SAR 115.00');
  await expect(page.getByTestId('share-total-base-value')).toHaveText('SAR 100.00');
  await expect(page.getByTestId('share-total-balance-value')).toHaveText('SAR 35.00');
  await expect(page.getByTestId('share-open')).toHaveCount(0);
  const entry = page.getByTestId('share-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(s.patient.name);
  await expect(entry).toContainText(s.invoice.displayNumber);
  await expect(entry).toContainText('Payment');
  await expect(entry.getByTestId('share-entry-rule')).toHaveText('35%');
  await shot(page, 'doctor-shares-en-light');

  // The payout: prefilled with the balance, paid by transfer.
  await page.getByTestId('record-share-payout').click();
  const payout = page.getByTestId('share-payout-form');
  await expect(payout.getByTestId('share-payout-amount')).toHaveValue('35');
  await payout.getByText('Bank transfer').click();
  await payout.getByTestId('share-payout-reference').fill(`TRX-${s.invoice.displayNumber}`);
  await payout.getByTestId('share-payout-submit').click();
  await expect(page.getByTestId('share-total-paid-value')).toHaveText('SAR 35.00');
  await expect(page.getByTestId('share-total-balance-value')).toHaveText('SAR 0.00');
  await expect(page.getByTestId('share-payout')).toContainText('Bank transfer');
  await expect(page.getByTestId('record-share-payout')).toBeDisabled();

  // The CSV: the entry and the totals, in the currency's digits.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-csv').click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain(s.patient.name);
  expect(csv).toContain(s.invoice.displayNumber);
  expect(csv).toContain('35.00');
  expect(csv).toContain('115.00');

  // The printout, in English.
  await page.getByTestId('share-print').click();
  const sheet = page.getByTestId('print-doctor-share');
  await expect(sheet.getByTestId('print-share-title')).toHaveText("Doctor's share statement");
  await expect(sheet.getByTestId('print-share-entries')).toContainText(s.patient.name);
  await expect(sheet.getByTestId('print-share-totals')).toContainText('SAR 35.00');
  await expect(sheet.getByTestId('print-share-payouts')).toContainText('Bank transfer');
  await expect(sheet).toHaveAttribute('dir', 'ltr');
  const printUrl = page.url();
  await shot(page, 'doctor-share-print-en-light');

  // The doctor: only their own share, without rules or payouts, and not the billing page.
  const context = await browser.newContext();
  const doc = await context.newPage();
  await doc.route('**/api/live', (route) => route.fulfill({ status: 204 }));
  await signIn(doc, { username: s.doctor.username, password: s.doctor.password });
  await doc.goto('/my-share');
  await expect(doc.getByTestId('share-total-share-value')).toHaveText('SAR 35.00', { timeout: 30_000 });
  await expect(doc.getByTestId('share-statement-period')).toContainText(s.doctor.name);
  await expect(doc.getByTestId('share-rules')).toHaveCount(0);
  await expect(doc.getByTestId('record-share-payout')).toHaveCount(0);
  await expect(doc.getByRole('link', { name: 'My share' })).toBeVisible();
  await expect(doc.getByRole('link', { name: "Doctors' share" })).toHaveCount(0);
  const token = await doc.evaluate(() => localStorage.getItem('token') ?? '');
  const headers = { authorization: `Bearer ${token}` };
  const theirs = await doc.request.get(`/api/doctor-shares/statement?doctor=${s.other._id}&from=2026-01-01&to=2026-01-31`, { headers });
  expect(theirs.status()).toBe(403);
  const doctors = (await (await doc.request.get('/api/doctor-shares/doctors', { headers })).json()) as { data: Array<{ _id: string }> };
  expect(doctors.data.map((d) => d._id)).toEqual([s.doctor._id]);
  await context.close();

  // Arabic, dark, on a phone: the doctor's own share and the accountant's page render right to left, within the width.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const ar = await phone.newPage();
  await ar.route('**/api/live', (route) => route.fulfill({ status: 204 }));
  await signIn(ar, { username: s.doctor.username, password: s.doctor.password, lang: 'ar', theme: 'dark' });
  await ar.goto('/my-share');
  await expect(ar.getByTestId('share-total-share-value')).toContainText('35.00', { timeout: 30_000 });
  await expect(ar.getByRole('heading', { name: 'حصتي' })).toBeVisible();
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  // On a phone each entry is a card, its share beside the patient.
  await expect(ar.getByTestId('share-entry-card')).toHaveCount(1);
  await expect(ar.getByTestId('share-entry-card')).toContainText('35.00');
  expect(await ar.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(ar, 'my-share-ar-dark-375');
  await phone.close();

  if (shots) {
    const acc = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const p = await acc.newPage();
    await p.route('**/api/live', (route) => route.fulfill({ status: 204 }));
    await signIn(p, { username: s.accountant.username, password: s.accountant.password, lang: 'ar', theme: 'dark' });
    await p.goto(`/billing/doctor-shares?doctor=${s.doctor._id}`);
    await expect(p.getByTestId('share-total-share-value')).toContainText('35.00', { timeout: 30_000 });
    await shot(p, 'doctor-shares-ar-dark-375');
    await p.goto(printUrl);
    await expect(p.getByTestId('print-share-title')).toHaveText('كشف حصة الطبيب');
    await shot(p, 'doctor-share-print-ar-dark-375');
    await p.setViewportSize({ width: 1280, height: 900 });
    await p.goto(`/billing/doctor-shares?doctor=${s.doctor._id}`);
    await expect(p.getByTestId('share-total-share-value')).toContainText('35.00', { timeout: 30_000 });
    await shot(p, 'doctor-shares-ar-dark');
    // The rule form with the tiers editor.
    await p.getByTestId('add-share-rule').click();
    await p.getByTestId('share-rule-form').getByText('شرائح').click();
    await expect(p.getByTestId('share-rule-tiers')).toBeVisible();
    await p.screenshot({ path: `${shots}/rule-form-tiers-ar-dark.png` });
    await p.keyboard.press('Escape');
    await p.goto(printUrl);
    await expect(p.getByTestId('print-share-title')).toHaveText('كشف حصة الطبيب');
    await shot(p, 'doctor-share-print-ar-dark');
    await acc.close();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/billing/doctor-shares?doctor=${s.doctor._id}`);
    await expect(page.getByTestId('share-total-share-value')).toHaveText('SAR 35.00', { timeout: 30_000 });
    await shot(page, 'doctor-shares-en-light-375');
  }
});
