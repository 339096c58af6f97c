import type { Page } from '@playwright/test';
import { daytimeZone, expect, signIn, test } from './fixtures';

/*
 * Billing at the front desk: a visit is completed, "Take payment" invoices it with the patient's insurance (the
 * insurer pays 80% of the covered service) and takes the patient's share in cash into the clinic's cash box; the
 * receipt prints in English and in Arabic, and the cash box shows the money and closes the day without a difference.
 * The test makes its own clinic (open around the clock, with an insurer and a cash box), doctor, service and insured
 * patient through the API. With SHOTS_DIR set it saves screenshots of the screens (en light, ar dark, 375 px).
 */

/** The clinic's zone: one where it is daytime now, so bookings for later today stay on today's board. */
const TZ = daytimeZone();
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const suffix = () => [...String(Date.now() % 1_000_000_000)].map((d) => 'abcdefghij'[Number(d)]).join('').replace(/^./, (c) => c.toUpperCase());
const shots = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

async function api<T = { _id: string }>(page: Page, method: 'get' | 'post' | 'put' | 'patch', path: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '');
  const res = await page.request[method](`/api${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

async function setUp(page: Page) {
  const id = suffix();
  const insurer = `Tawuniya ${id}`;
  const serviceName = `Consultation ${id}`;
  const settings = await api<{ vatRatePercent: number; currency: string; version: number }>(page, 'get', '/billing/settings');
  if (settings.vatRatePercent !== 15 || settings.currency !== 'SAR') await api(page, 'put', '/billing/settings', { currency: 'SAR', vatRatePercent: 15, version: settings.version });
  // The signed-in administrator is the clinic's person in charge.
  const pic = (await api<{ _id: string }>(page, 'get', '/profile'))._id;
  const clinicName = `Billing ${id}`;
  const clinic = await api(page, 'post', '/clinics', {
    name: clinicName, PIC: pic, AverageDurationOfVisit: 15, timeZone: TZ, overview: 'Billing desk', yearOfEstablishment: '2016-01-01',
    address: 'King Fahd Road, Riyadh', vision: 'Clear bills', goals: 'Clear bills', locationGoogl: { x: 24.7, y: 46.6 },
    WorkingHours: DAYS.map((day) => ({ day, timeSlots: [{ startTime: '00:00', endTime: '23:59' }] })),
    cashBoxes: [{ name: 'Front desk', pic: 'Reception', isActive: true, currency: 'SAR' }],
    insuranceCompany: [{ companyName: insurer, companyPhone: '0112345678', companyEmail: 'claims@tawuniya.test', coveragePercentage: 80, coveredServices: [serviceName], isActive: true }],
  });
  const doctor = await api(page, 'post', '/employees', {
    name: `Dr. Hana ${id}`, employeeType: 'Doctor', email: `hana${id.toLowerCase()}@alnoor.test`, identity: `D-${id}`, clinics: [clinic._id],
    contactInfos: [{ type: 'phone', value: '0500000000' }], dateOfBirth: '1985-01-01', gender: 'female', address: 'Riyadh', hireDate: '2020-01-01',
    medicalLicenseNumber: `L-${id}`, certifications: ['Board certified'], workingHours: DAYS.map((day) => ({ day, startTime: '00:00', endTime: '23:59' })),
  });
  const service = await api(page, 'post', '/services', { name: serviceName, description: 'A visit', price: 200, durationMinutes: 15, clinic: clinic._id, doctors: [doctor._id] });
  const patientName = `Noura ${id}`;
  const patient = await api(page, 'post', '/patients', {
    name: patientName, identity: `P-${id}`, phone: '0501234567', dateOfBirth: '1990-01-01', gender: 'female', nationality: 'Saudi', marital_status: 'Single',
    blood_type: 'O+', address: 'Riyadh', Smoking: 'no', professiona_experi: 'Teacher', insurances: [{ insuranceType: insurer, expiryDate: '2099-12-31' }],
  });
  let visit = await api<{ _id: string; version: number }>(page, 'post', '/appointments', {
    patient: patient._id, doctor: doctor._id, clinic: clinic._id, service: service._id, datetime: new Date(Date.now() + 30 * 60_000).toISOString(), reason: 'Check-up',
  });
  for (const status of ['arrived', 'in_consultation', 'completed']) {
    visit = await api<{ _id: string; version: number }>(page, 'patch', `/appointments/${visit._id}`, { status, version: visit.version });
  }
  return { clinicName, insurer, patientName };
}

test('a visit completed, invoiced with insurance, paid in cash, its receipt printed in English and Arabic', async ({ page }) => {
  test.setTimeout(240_000);
  await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
  await signIn(page);
  const desk = await setUp(page);

  // The board: open the completed visit and take payment.
  await page.goto('/frontdesk');
  await expect(page.getByTestId('frontdesk-board')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('frontdesk-clinic').click();
  await page.getByRole('option', { name: desk.clinicName }).click();
  const card = page.getByTestId('board-section-completed').getByTestId('board-card').filter({ hasText: desk.patientName });
  await expect(card.getByTestId('appointment-take-payment')).toBeVisible({ timeout: 30_000 });
  await card.getByTestId('board-card-open').click();
  await page.getByTestId('appointment-details').getByTestId('appointment-take-payment').click();
  // The draft comes first; nothing is issued until the cashier confirms it.
  await page.getByTestId('invoice-review').getByTestId('invoice-review-issue').click();

  // 200.00 + 15% VAT = 230.00; the insurer covers 80% (184.00), the patient owes 46.00.
  const form = page.getByTestId('payment-form');
  await expect(form.getByTestId('payment-due')).toContainText('Balance due: SAR 46.00', { timeout: 30_000 });
  // The clinic's own cash box is chosen already (the company's is still offered).
  await expect(form.getByTestId('payment-cash-box')).toHaveValue(`Front desk · ${desk.clinicName}`);
  await form.getByTestId('payment-submit').click();

  const details = page.getByTestId('invoice-details');
  await expect(details.getByTestId('invoice-status')).toHaveText('Paid', { timeout: 30_000 });
  await expect(details.getByTestId('total-total')).toHaveText('SAR 230.00');
  await expect(details.getByTestId('total-insurer')).toHaveText('SAR 184.00');
  await expect(details.getByTestId('total-patient')).toHaveText('SAR 46.00');
  await expect(details.getByTestId('total-balance')).toHaveText('SAR 0.00');
  await expect(details.getByTestId('invoice-insurance')).toContainText(desk.insurer);
  await expect(details.getByTestId('invoice-payments')).toContainText('Cash · Front desk');
  const invoiceUrl = page.url();
  await shot(page, 'invoice-details-en-light');

  // The receipt, in English.
  await details.getByTestId('invoice-print-receipt').click();
  const receipt = page.getByTestId('print-receipt');
  // The demo organisation is a Saudi company with e-invoicing on: the receipt is a simplified tax invoice with its QR code.
  await expect(receipt.getByTestId('receipt-title')).toHaveText('Simplified Tax Invoice · فاتورة ضريبية مبسطة');
  await expect(receipt.getByTestId('e-invoice-qr')).toBeVisible();
  await expect(receipt.getByTestId('receipt-totals')).toContainText('SAR 46.00');
  await expect(receipt).toHaveAttribute('dir', 'ltr');
  const receiptUrl = page.url();
  await shot(page, 'receipt-en-light');

  // The cash box holds the 46.00; 45.00 is counted: the dialog names the shortfall and wants a reason and a confirmation.
  await page.goto('/billing/cash-boxes');
  const box = page.getByTestId('cash-box-card').filter({ hasText: desk.clinicName });
  await box.click();
  await expect(page.getByTestId('cash-box-details-balance')).toHaveText('SAR 46.00');
  await expect(page.getByTestId('cash-box-transactions')).toContainText('SAR 46.00');
  await page.getByTestId('cash-box-close').click();
  await page.getByTestId('close-counted').fill('45');
  await expect(page.getByTestId('close-difference')).toHaveText('Counted SAR 45.00, expected SAR 46.00: a shortfall of SAR 1.00 will be recorded.');
  await page.getByTestId('close-submit').click();
  await expect(page.getByText('Confirm the difference to close the day')).toBeVisible();
  await page.getByTestId('close-note').fill('One riyal given as change twice');
  await page.getByTestId('close-confirm').check();
  await shot(page, 'cash-box-close-dialog-en-light');
  await page.getByTestId('close-submit').click();
  await expect(page.getByTestId('cash-box-closes')).toContainText('SAR 46.00');
  // Closed: the button stays disabled and says when and by whom.
  await expect(page.getByTestId('cash-box-close')).toBeDisabled();
  await expect(page.getByTestId('cash-box-closed-at')).toContainText(/Closed at \d{2}:\d{2} by /);
  await shot(page, 'cash-box-en-light');
  await page.getByTestId('cash-box-z-report').click();
  const zReport = page.getByTestId('print-z-report');
  await expect(zReport.getByTestId('z-report-title')).toHaveText('Day-close report');
  await expect(zReport.getByTestId('z-report-rows')).toContainText('SAR 45.00');
  await expect(zReport.getByTestId('z-report-rows')).toContainText('-SAR 1.00');
  await expect(zReport.getByTestId('z-report-closing')).toContainText('One riyal given as change twice');
  const zReportUrl = page.url();
  await shot(page, 'z-report-en-light');
  await page.getByTestId('z-report-receipt').click();
  await expect(page.getByTestId('print-z-receipt').getByTestId('z-report-rows')).toContainText('SAR 46.00');
  const zReceiptUrl = page.url();
  await shot(page, 'z-receipt-en-light');

  // The insurer's share waits as an open claim; it is submitted from the claims list.
  await page.goto('/billing/claims');
  const claim = page.getByTestId('claims-table').locator('tr').filter({ hasText: desk.insurer });
  await expect(claim.getByTestId('claim-status')).toHaveText('Open');
  await expect(claim).toContainText('SAR 184.00');
  await claim.getByTestId('claim-move').click();
  await page.getByTestId('claim-move-submitted').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(claim.getByTestId('claim-status')).toHaveText('Submitted');
  await expect(page).toHaveURL(/\/billing\/claims/);
  await shot(page, 'claims-en-light');

  if (shots) {
    await page.goto('/dashboard');
    await expect(page.getByTestId('tile-revenue')).toContainText('SAR');
    await page.waitForLoadState('networkidle');
    await shot(page, 'dashboard-en-light');
    await page.goto('/billing/invoices');
    await expect(page.getByTestId('invoices-table')).toContainText(desk.patientName);
    await shot(page, 'invoices-en-light');
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [url, name] of [
      [invoiceUrl, 'invoice-details'], [receiptUrl, 'receipt'], ['/billing/cash-boxes', 'cash-box'], ['/billing/invoices', 'invoices'],
      [zReportUrl, 'z-report'], [zReceiptUrl, 'z-receipt'], ['/dashboard', 'dashboard'],
    ] as const) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await shot(page, `${name}-375`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  // The receipt once more, in Arabic (and dark): right to left, Arabic labels and digits.
  await page.evaluate(() => {
    localStorage.setItem('lang', 'ar');
    localStorage.setItem('i18nextLng', 'ar');
    localStorage.setItem('theme', 'dark');
  });
  await page.goto(receiptUrl);
  const arabic = page.getByTestId('print-receipt');
  await expect(arabic.getByTestId('receipt-title')).toHaveText('فاتورة ضريبية مبسطة');
  await expect(arabic.getByTestId('e-invoice-qr')).toBeVisible();
  await expect(arabic).toHaveAttribute('dir', 'rtl');
  await expect(arabic.getByTestId('receipt-totals')).toContainText('46.00');
  await expect(arabic.getByTestId('receipt-totals')).toContainText('ر.س');
  await shot(page, 'receipt-ar-dark');
  if (shots) {
    await page.goto(invoiceUrl);
    await expect(page.getByTestId('invoice-status')).toHaveText('مدفوعة');
    await shot(page, 'invoice-details-ar-dark');
    await page.goto('/billing/cash-boxes');
    await page.getByTestId('cash-box-card').filter({ hasText: desk.clinicName }).click();
    await expect(page.getByTestId('cash-box-closes')).toBeVisible();
    await shot(page, 'cash-box-ar-dark');
    await page.goto(zReportUrl);
    await expect(page.getByTestId('z-report-title')).toHaveText('تقرير إقفال اليوم');
    await shot(page, 'z-report-ar-dark');
    await page.goto(zReceiptUrl);
    await expect(page.getByTestId('print-z-receipt')).toHaveAttribute('dir', 'rtl');
    await shot(page, 'z-receipt-ar-dark');
    await page.goto('/dashboard');
    await expect(page.getByTestId('tile-revenue')).toContainText('ر.س');
    await page.waitForLoadState('networkidle');
    await shot(page, 'dashboard-ar-dark');
  }
});
