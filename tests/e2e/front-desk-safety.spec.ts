import type { Browser, Page } from '@playwright/test';
import { ALWAYS_OPEN, Api, daytimeZone, expect, signIn, test, type Practice } from './fixtures';

/*
 * No destructive surprises at the front desk. A receptionist role made on the Roles screen (appointments and billing
 * ticked, nothing else) never sees Delete: the desk cancels with a reason and the history stays; the API refuses the
 * delete too. "Take payment" shows the visit's draft first: the cashier gives a discount, and the invoice is issued
 * as edited only on confirmation, then paid; the board then says "Paid". Data of the test's own, made through the
 * API; screenshots of the panel and the payment dialog (en light, ar dark through the app's own menus, 375 px).
 */

const TZ = daytimeZone();
const DESK_PERMISSIONS = [
  'patient_read', 'patient_write', 'appointment_read', 'appointment_write', 'employee_read', 'clinic_read', 'service_read',
  'speciality_read', 'department_read', 'complex_read', 'company_read', 'billing_read', 'billing_write',
];

interface Desk { practice: Practice; admin: Api; username: string; password: string }

/** A practice with a cash box, and a receptionist whose role the administrator makes on the Roles screen. */
async function setUp(page: Page): Promise<Desk> {
  await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
  await signIn(page);
  const admin = await Api.signIn(page.request);
  const practice = await admin.practice({
    hours: ALWAYS_OPEN, patients: 3, label: 'Desk',
    clinic: { timeZone: TZ, cashBoxes: [{ name: 'Front desk', pic: 'Reception', isActive: true, currency: 'SAR' }] },
  });
  const roleName = `Reception ${practice.id}`;
  await page.goto('/roles');
  await page.getByTestId('add-role').click();
  const form = page.getByTestId('role-form');
  await form.getByTestId('role-name').fill(roleName);
  for (const code of DESK_PERMISSIONS) await form.getByTestId(`permission-${code}`).check();
  // Ticking the appointments does not hand out deleting them.
  await expect(form.getByTestId('permission-appointment_delete')).not.toBeChecked();
  await form.getByTestId('role-submit').click();
  await expect(form).toBeHidden({ timeout: 15_000 });
  const role = (await admin.get<Array<{ _id: string; name: string; permissions: string[] }>>(`/roles?search=${encodeURIComponent(roleName)}&allData=true`)).find((r) => r.name === roleName)!;
  expect([...role.permissions].sort()).toEqual([...DESK_PERMISSIONS].sort());
  const username = `reception.${practice.id.toLowerCase()}`;
  const password = 'Desk@Pass12';
  await admin.staff(`Reception ${practice.id}`, { type: 'Administrative', clinics: [practice.clinic._id], account: { username, password, roleIds: [role._id] } });
  return { practice, admin, username, password };
}

async function deskPage(browser: Browser, desk: Desk): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
  await signIn(page, { username: desk.username, password: desk.password });
  return page;
}

const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

test('a receptionist made on the Roles screen cancels with a reason and never sees Delete; the API refuses it too', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const desk = await setUp(page);
  const booked = await desk.admin.book(desk.practice, { datetime: soon(45), reason: 'Booked by mistake' });
  const patient = desk.practice.patients[0]!.name;

  const reception = await deskPage(browser, desk);
  const api = await Api.signIn(reception.request, { username: desk.username, password: desk.password });
  const refused = await reception.request.delete(`/api/appointments/${booked._id}`, { headers: { authorization: `Bearer ${api.token}` } });
  expect(refused.status()).toBe(403);

  await reception.goto('/appointments');
  await reception.getByRole('searchbox', { name: 'Search' }).fill(patient);
  const row = reception.getByTestId('appointments-table').locator('tr').filter({ hasText: patient });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(reception.getByTestId('appointment-row-delete')).toHaveCount(0);
  await row.click();
  const panel = reception.getByTestId('appointment-details');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('appointment-delete')).toHaveCount(0);
  await panel.getByTestId('appointment-cancel').click();
  await panel.getByTestId('appointment-cancel-reason').fill('The patient called to cancel');
  await panel.getByTestId('appointment-cancel-confirm').click();
  await expect(panel.getByTestId('appointment-cancellation-reason')).toContainText('The patient called to cancel');
  // The history stays: the appointment is still there, cancelled.
  expect((await desk.admin.get<{ status: string }>(`/appointments/${booked._id}`)).status).toBe('cancelled');

  // The administrator may still correct a fresh booking made by mistake, before anything went out for it (this run has
  // a text gateway, so a reminder would be sent at once for a visit this close; a visit with a sent reminder is kept).
  await desk.admin.put(`/clinics/${desk.practice.clinic._id}/reminder-settings`, { enabled: false, channels: [], leadHours: [] });
  const mistake = await desk.admin.book(desk.practice, { patient: 1, datetime: soon(75), reason: 'Wrong patient' });
  await page.goto(`/appointments?id=${mistake._id}`);
  await page.getByTestId('appointment-details').getByTestId('appointment-delete').click();
  await page.getByRole('dialog', { name: 'Delete appointment' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('appointment-details')).toBeHidden();
  const gone = await page.request.get(`/api/appointments/${mistake._id}`, { headers: { authorization: `Bearer ${desk.admin.token}` } });
  expect(gone.status()).toBe(404);
  await reception.context().close();
});

test('Take payment shows the draft, the cashier adds a discount, and only then is it issued and paid; the board says Paid', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const desk = await setUp(page);
  type Versioned = { _id: string; version: number };
  let visit: Versioned = await desk.admin.book(desk.practice, { datetime: soon(30), reason: 'Check-up' });
  for (const status of ['arrived', 'in_consultation', 'completed']) visit = await desk.admin.patch<Versioned>(`/appointments/${visit._id}`, { status, version: visit.version });
  const patient = desk.practice.patients[0]!.name;
  const shot = (p: Page, name: string) => p.screenshot({ path: testInfo.outputPath(`${name}.png`) });

  const reception = await deskPage(browser, desk);
  await reception.goto('/frontdesk');
  await expect(reception.getByTestId('frontdesk-board')).toBeVisible({ timeout: 30_000 });
  await reception.getByTestId('frontdesk-clinic').click();
  await reception.getByRole('option', { name: desk.practice.clinic.name }).click();
  const card = reception.getByTestId('board-section-completed').getByTestId('board-card').filter({ hasText: patient });
  await card.getByTestId('appointment-take-payment').click();

  const review = reception.getByTestId('invoice-review');
  await expect(review).toBeVisible({ timeout: 30_000 });
  await expect(review).toContainText('Nothing is issued yet');
  const invoiceOf = async () => {
    const list = await desk.admin.get<Array<{ _id: string; appointment: string | null; status: string }>>(`/invoices?patient=${desk.practice.patients[0]!._id}`);
    return list.find((i) => i.appointment === visit._id)!;
  };
  expect((await invoiceOf()).status).toBe('draft');
  await review.getByTestId('invoice-line-discount-0').fill('10');
  await review.getByTestId('invoice-review-issue').click();

  const payment = reception.getByTestId('payment-form');
  await expect(payment).toBeVisible({ timeout: 30_000 });
  const issued = await desk.admin.get<{ status: string; discountTotal: number; balanceDue: number; displayNumber: string }>(`/invoices/${(await invoiceOf())._id}`);
  expect(issued).toMatchObject({ status: 'issued', discountTotal: 1000 });
  await expect(payment.getByTestId('payment-due')).toContainText(issued.displayNumber);
  await expect(payment.getByTestId('payment-cash-box')).toHaveValue(`Front desk · ${desk.practice.clinic.name}`);
  await payment.getByTestId('payment-submit').click();
  await expect(card.getByTestId('appointment-paid')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('appointment-take-payment')).toHaveCount(0);

  // Screenshots at 375 px of a completed visit's panel, its draft and its payment dialog, in English and light.
  const completedVisit = async (patientIndex: number, minutes: number) => {
    const booked = await desk.admin.book(desk.practice, { patient: patientIndex, datetime: soon(minutes), reason: 'Follow-up' });
    const arrived = await desk.admin.patch<Versioned>(`/appointments/${booked._id}`, { status: 'arrived', version: booked.version });
    return desk.admin.patch<Versioned>(`/appointments/${arrived._id}`, { status: 'completed', version: arrived.version });
  };
  const screens = async (id: string, suffix: string) => {
    await reception.setViewportSize({ width: 375, height: 812 });
    await reception.goto(`/appointments?id=${id}`);
    await expect(reception.getByTestId('appointment-reminders')).toBeVisible({ timeout: 30_000 });
    await shot(reception, `panel-${suffix}`);
    await reception.getByTestId('appointment-details').getByTestId('appointment-take-payment').click();
    const draft = reception.getByTestId('invoice-review');
    await expect(draft.getByTestId('invoice-line-service-0')).toHaveValue(/Check-up/, { timeout: 30_000 });
    await shot(reception, `take-payment-${suffix}`);
    await draft.getByTestId('invoice-review-issue').scrollIntoViewIfNeeded();
    await shot(reception, `take-payment-${suffix}-end`);
    await draft.getByTestId('invoice-review-issue').click();
    await expect(reception.getByTestId('payment-form').getByTestId('payment-due')).toBeVisible({ timeout: 30_000 });
    await shot(reception, `payment-${suffix}`);
    await reception.keyboard.press('Escape');
    await reception.setViewportSize({ width: 1440, height: 900 });
  };
  await screens((await completedVisit(1, 60))._id, 'en-light');
  // Arabic and dark through the app's own menus.
  await reception.goto('/frontdesk');
  await reception.getByTestId('language-menu').click();
  await reception.getByRole('menuitem', { name: /العربية/ }).click();
  await expect(reception.locator('html')).toHaveAttribute('dir', 'rtl');
  await reception.getByTestId('theme-toggle').click();
  await expect(reception.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await screens((await completedVisit(2, 90))._id, 'ar-dark');
  await reception.context().close();
});
