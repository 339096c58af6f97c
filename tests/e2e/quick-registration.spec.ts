/**
 * Quick registration at the front desk: a receptionist (a role of their own, made through the API) registers a
 * walk-in with name, mobile, date of birth and sex from the patients list, finds the "complete the record" banner on
 * the new record, sees them under the Incomplete filter, and books them like any patient. Screenshots of the dialog
 * and the banner (en light, ar dark at 375 px) go to the test's output folder.
 */
import type { Locator, Page } from '@playwright/test';
import { acceptInvitation, Api, escapeRegExp, expect, makeRole, presetPreferences, sendInvitation, signIn, test } from './fixtures';

async function chooseOption(page: Page, field: Locator, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Fills the quick registration dialog's four fields and sends it. */
async function register(page: Page, dialog: Locator, name: string, mobile: string) {
  await dialog.getByRole('textbox', { name: /Full name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /Mobile/ }).fill(mobile);
  const dob = dialog.getByRole('textbox', { name: /Date of birth/ });
  await dob.fill('1992-03-14');
  await dob.press('Tab');
  await chooseOption(page, dialog.getByRole('combobox', { name: /Sex/ }), 'Female');
  await dialog.getByTestId('quick-patient-submit').click();
}

/** A mobile number no other run uses (the same mobile and birth date is refused as a duplicate). */
const freshMobile = () => `+9665${String(Date.now()).slice(-8)}`;

test('a receptionist registers a walk-in quickly, finds the completion banner and books them', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await Api.signIn(request);
  const practice = await admin.practice({ patients: 1, label: 'Walk-in Clinic' });
  // The receptionist is made as staff make one: a role in the Roles screen, an invitation from the Users screen.
  const adminContext = await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage);
  const role = `Reception ${practice.id}`;
  await makeRole(adminPage, role, ['patient_read', 'patient_write', 'appointment_read', 'appointment_write', 'clinic_read', 'service_read', 'employee_read']);
  const invited = await sendInvitation(adminPage, { name: `Huda ${practice.id}`, roleName: role, clinics: [practice.clinic.name] });
  await adminContext.close();
  const desk = { username: `desk.${practice.id.toLowerCase()}`, password: 'Desk@Pass2026' };
  const taken = await acceptInvitation(page.context().browser()!, invited.link, { ...desk, lang: 'en', theme: 'light' });
  await taken.context.close();
  const name = `Salma ${practice.id}`;
  const mobile = freshMobile();
  const shot = (p: Page, file: string) => p.screenshot({ path: testInfo.outputPath(`${file}.png`) });

  await signIn(page, { username: desk.username, password: desk.password, lang: 'en', theme: 'light' });
  await page.goto('/patients');
  await expect(page.getByTestId('patients-table')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('quick-add-patient').click();
  const dialog = page.getByTestId('quick-patient-form');
  await expect(dialog).toBeVisible();
  // Nothing filled: each of the four fields says what it needs.
  await dialog.getByTestId('quick-patient-submit').click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Mobile number is required')).toBeVisible();
  // (The filled dialog is photographed on the duplicate below, with its error and link.)
  await register(page, dialog, name, mobile);

  // The new record opens with its banner and the way to the full form.
  await page.waitForURL(/\/patients\/details\//);
  const patientId = page.url().split('/').pop()!;
  const banner = page.getByTestId('patient-incomplete-banner');
  await expect(banner).toContainText('Registered quickly: complete the record');
  await expect(banner.getByTestId('patient-complete-record')).toHaveAttribute('href', `/patients/edit/${patientId}`);
  await shot(page, 'quick-banner-en-light');

  // The same walk-in again is refused, with a link to the record just made.
  await page.goto('/patients');
  await page.getByTestId('quick-add-patient').click();
  await register(page, dialog, `${name} again`, mobile);
  await expect(dialog.getByTestId('quick-patient-existing')).toHaveAttribute('href', `/patients/details/${patientId}`);
  await expect(dialog.getByTestId('quick-patient-submit')).not.toHaveAttribute('data-loading');
  await shot(page, 'quick-dialog-duplicate-en-light');
  await page.keyboard.press('Escape');

  // The front desk sees them under Incomplete.
  await expect(page.getByTestId('incomplete-count')).not.toHaveText('0');
  await page.getByTestId('incomplete-filter').click();
  await expect(page.getByTestId('patients-table').getByText(name)).toBeVisible();

  // Booked like any patient: the booking form's patient search finds them.
  await page.goto('/appointments/add');
  await expect(page.getByTestId('appointment-form')).toBeVisible({ timeout: 30_000 });
  await chooseOption(page, page.getByTestId('appointment-form-clinic'), practice.clinic.name);
  await chooseOption(page, page.getByTestId('appointment-form-service'), new RegExp(escapeRegExp(practice.service.name)));
  await page.getByTestId('next-free-hint').getByRole('button').click();
  await expect(page.getByTestId('appointment-form-doctor')).not.toHaveValue('');
  const patientField = page.getByTestId('appointment-form-patient');
  await patientField.click();
  await patientField.fill(name);
  await page.getByRole('option', { name: new RegExp(escapeRegExp(name)) }).first().click();
  await page.getByTestId('appointment-form-reason').fill('Walk-in check-up');
  await page.getByTestId('appointment-form-submit').click();
  await page.waitForURL(/\/appointments$/, { timeout: 30_000 });
  const record = await admin.get<{ incomplete: boolean; treatment: { upcoming: Array<{ reason: string }> } }>(`/patients/${patientId}`);
  expect(record.incomplete).toBe(true);
  expect(record.treatment.upcoming.map((a) => a.reason)).toEqual(['Walk-in check-up']);

  // Arabic, dark, on a phone: the dialog and the banner.
  const context = await page.context().browser()!.newContext({ viewport: { width: 375, height: 812 }, baseURL: testInfo.project.use.baseURL });
  const phone = await context.newPage();
  await presetPreferences(phone, { lang: 'ar', theme: 'dark' });
  await signIn(phone, { username: desk.username, password: desk.password, lang: 'ar', theme: 'dark' });
  await phone.goto(`/patients/details/${patientId}`);
  await expect(phone.getByTestId('patient-incomplete-banner')).toContainText('سُجّل سريعًا: أكمل السجل');
  await shot(phone, 'quick-banner-ar-dark-375');
  await phone.goto('/patients');
  await expect(phone.getByTestId('patients-table')).toBeVisible({ timeout: 30_000 });
  await phone.getByTestId('quick-add-patient').click();
  await expect(phone.getByTestId('quick-patient-form')).toBeVisible();
  await phone.getByTestId('quick-patient-submit').click();
  await expect(phone.getByText('رقم الجوال مطلوب')).toBeVisible();
  await shot(phone, 'quick-dialog-ar-dark-375');
  await context.close();
});
