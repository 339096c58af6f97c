import type { Page } from '@playwright/test';
import { Api, expect, openDays, presetPreferences, signIn, test, zonedIso } from './fixtures';

/*
 * Organisation: choosing a plan, the registration wizard from sign-up to Finish (English and Arabic),
 * the plan's levels in the menu, and a clinic with working hours created, edited and deleted.
 * Fields are found by their test ids, so the same steps run in both languages.
 */

interface Person {
  organisation: string;
  name: string;
  username: string;
  email: string;
}

function newPerson(lang: 'en' | 'ar'): Person {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return lang === 'ar'
    ? { organisation: 'مجمع الشفاء الطبي', name: 'هدى الصالح', username: `huda_${id}`, email: `huda_${id}@shifa.example` }
    : { organisation: 'Shifa Medical Complex', name: 'Huda Saleh', username: `huda_${id}`, email: `huda_${id}@shifa.example` };
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [testId, value] of Object.entries(values)) await page.getByTestId(testId).fill(value);
}

/** Picks an option of a Mantine select found by its input's test id. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A date input accepts typed ISO dates. */
async function typeDate(page: Page, testId: string, date: string) {
  const input = page.getByTestId(testId);
  await input.fill(date);
  await input.press('Tab');
}

/** Types a 24-hour time into the hour and minute boxes of a time field. */
async function setTime(page: Page, testId: string, time: string) {
  const [hh, mm] = time.split(':') as [string, string];
  const boxes = page.getByTestId(testId).getByRole('spinbutton');
  await boxes.first().click();
  await boxes.first().pressSequentially(hh);
  await boxes.nth(1).pressSequentially(mm);
}

async function typeLocation(page: Page, lat: string, lng: string) {
  await page.getByTestId('map-latitude').fill(lat);
  await page.getByTestId('map-longitude').fill(lng);
}

async function runComplexWizard(page: Page, lang: 'en' | 'ar', shot: (name: string) => Promise<void>) {
  const person = newPerson(lang);
  await presetPreferences(page, { lang, theme: lang === 'ar' ? 'dark' : 'light' });
  await page.goto('/login');
  await page.getByRole('link', { name: lang === 'ar' ? 'ابدأ الآن' : 'Get Started' }).click();
  await expect(page).toHaveURL(/\/SelectPlan$/);
  await expect(page.getByTestId('plan-warning')).toBeVisible();
  await shot('select-plan');
  await page.getByTestId('plan-choose-complex').click();

  // Step 1: a new organisation and its administrator.
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('wizard-plan')).toHaveText(lang === 'ar' ? 'مجمع' : 'Complex');
  await expect(page.getByTestId('wizard-stepper').locator('.mantine-Stepper-step')).toHaveCount(4);
  await expect(page.getByTestId('wizard-prev')).toBeDisabled();
  await expect(page.getByTestId('wizard-next')).toBeDisabled();
  await shot('wizard-sign-up');
  await fill(page, {
    'signup-company': person.organisation,
    'signup-name': person.name,
    'signup-username': person.username,
    'signup-email': person.email,
    'signup-password': 'Strong@123',
    'signup-confirm': 'Strong@124',
  });
  await page.getByTestId('signup-submit').click();
  await expect(page.getByText(lang === 'ar' ? 'تأكيد كلمة المرور غير مطابق. يرجى المحاولة مرة أخرى' : 'Password confirmation does not match. Please try again')).toBeVisible();
  await page.getByTestId('signup-confirm').fill('Strong@123');
  await page.getByTestId('signup-submit').click();

  // Step 3 (the Complex plan has no company step): the medical complex.
  await expect(page.getByTestId('wizard-step-3')).toBeVisible();
  await expect(page.getByTestId('wizard-prev')).toBeDisabled();
  await expect(page.getByTestId('wizard-next')).toBeEnabled();
  await page.getByTestId('complex-submit').click();
  await expect(page.getByText(lang === 'ar' ? 'اسم المجمع الطبي مطلوب' : 'Medical complex name is required')).toBeVisible();
  await fill(page, {
    'complex-name': lang === 'ar' ? 'مجمع الشفاء - العليا' : 'Shifa Olaya Complex',
    'complex-phone': '+966 11 222 3333',
    'complex-email': 'olaya@shifa.example',
    'complex-country': lang === 'ar' ? 'السعودية' : 'Saudi Arabia',
    'complex-address': lang === 'ar' ? 'شارع العليا، الرياض' : 'Olaya Street, Riyadh',
    'complex-overview': lang === 'ar' ? 'عيادات تخصصية' : 'Specialist outpatient clinics',
    'complex-policies': lang === 'ar' ? 'المواعيد أولًا' : 'Appointments first',
    'complex-vision': lang === 'ar' ? 'رعاية دون انتظار' : 'Care without waiting',
    'complex-goals': lang === 'ar' ? 'مواعيد خلال أسبوع' : 'Appointments within a week',
  });
  await choose(page, 'complex-pic', person.name);
  await typeDate(page, 'complex-established', '2016-01-10');
  await typeLocation(page, '24.7136', '46.6753');
  await shot('wizard-complex');
  await page.getByTestId('complex-submit').click();

  // Step 4: a department in that complex.
  await expect(page.getByTestId('wizard-step-4')).toBeVisible();
  await expect(page.getByTestId('wizard-prev')).toBeEnabled();
  await fill(page, {
    'department-name': lang === 'ar' ? 'الباطنية' : 'Internal Medicine',
    'department-address': lang === 'ar' ? 'الدور الأول' : 'First floor',
    'department-introduction': lang === 'ar' ? 'طب البالغين' : 'Adult medicine',
    'department-vision': lang === 'ar' ? 'الوقاية أولًا' : 'Prevention first',
    'department-details': lang === 'ar' ? 'عيادات عامة وقلب' : 'General and heart clinics',
  });
  await choose(page, 'department-pic', person.name);
  await typeDate(page, 'department-established', '2016-02-01');
  await page.getByTestId('department-submit').click();

  // Step 5: the first clinic, open Sunday to Thursday (the form's default hours).
  await expect(page.getByTestId('wizard-step-5')).toBeVisible();
  const clinicName = lang === 'ar' ? 'عيادة الطب العام' : 'General Medicine Clinic';
  await fill(page, {
    'clinic-name': clinicName,
    'clinic-address': lang === 'ar' ? 'الدور الأول، غرفة 12' : 'First floor, room 12',
    'clinic-overview': lang === 'ar' ? 'فحوصات ومتابعة' : 'Check-ups and follow-up',
    'clinic-vision': lang === 'ar' ? 'الرعاية في وقتها' : 'Care on time',
    'clinic-goals': lang === 'ar' ? 'انتظار قصير' : 'Short waits',
  });
  await choose(page, 'clinic-pic', person.name);
  await typeDate(page, 'clinic-established', '2016-03-01');
  await typeLocation(page, '24.7141', '46.6760');
  await shot('wizard-clinic');
  await page.getByTestId('clinic-submit').click();
  await expect(page.getByTestId('wizard-created')).toContainText(clinicName);
  await shot('wizard-done');

  await page.getByTestId('wizard-finish').click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [localStorage.getItem('loginToRegister'), localStorage.getItem('selectedPlan')])).toEqual([null, null]);
  return { person, clinicName };
}

async function expectComplexPlanMenu(page: Page, lang: 'en' | 'ar') {
  const nav = page.getByTestId('sidebar');
  const label = (en: string, ar: string) => (lang === 'ar' ? ar : en);
  // Right after Finish, without a reload, the menu already follows the plan.
  await nav.getByRole('button', { name: label('Medical Facilities', 'المنشآت الطبية') }).click();
  await expect(nav.locator('a[href="/medicalComplexes"]')).toBeVisible();
  await expect(nav.locator('a[href="/company"]')).toHaveCount(0);
  await nav.locator('a[href="/clinics"]').click();
  await expect(page).toHaveURL(/\/clinics$/);
  await expect(nav.getByRole('link', { name: label('Medical complexes', 'المجمعات الطبية'), exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: label('Departments', 'الأقسام'), exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: label('Clinics', 'العيادات'), exact: true })).toBeVisible();
  // The Complex plan has no company level.
  await expect(nav.locator('a[href="/company"]')).toHaveCount(0);
}

test('Complex plan: sign up, run the wizard to Finish, and see only the plan\'s levels', async ({ page }, testInfo) => {
  const shot = async (name: string) => {
    await page.screenshot({ path: testInfo.outputPath(`en-${name}.png`), fullPage: true });
  };
  const { clinicName } = await runComplexWizard(page, 'en', shot);
  await expectComplexPlanMenu(page, 'en');
  await expect(page.getByTestId('clinics-table')).toContainText(clinicName);
  await page.goto('/medicalComplexes');
  await expect(page.getByTestId('complexes-table')).toContainText('Shifa Olaya Complex');
  await page.goto('/company');
  await expect(page.getByText('Your plan does not include company information').or(page.getByText('No Company Details Found'))).toBeVisible();
});

test('the wizard in Arabic, right to left', async ({ page }, testInfo) => {
  const shot = async (name: string) => {
    await page.screenshot({ path: testInfo.outputPath(`ar-${name}.png`), fullPage: true });
  };
  await runComplexWizardWithDirection(page, shot);
});

async function runComplexWizardWithDirection(page: Page, shot: (name: string) => Promise<void>) {
  await presetPreferences(page, { lang: 'ar', theme: 'dark' });
  await page.goto('/SelectPlan');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const { clinicName } = await runComplexWizard(page, 'ar', shot);
  await expectComplexPlanMenu(page, 'ar');
  await expect(page.getByTestId('clinics-table')).toContainText(clinicName);
  await shot('clinics-after-finish');
}

test('Single Clinic plan: after Finish the menu leaves out company, complexes and departments at once', async ({ page }) => {
  const person = newPerson('en');
  await page.goto('/SelectPlan');
  await page.getByTestId('plan-choose-clinic').click();
  await expect(page).toHaveURL(/\/register$/);
  await fill(page, {
    'signup-company': person.organisation,
    'signup-name': person.name,
    'signup-username': person.username,
    'signup-email': person.email,
    'signup-password': 'Strong@123',
    'signup-confirm': 'Strong@123',
  });
  await page.getByTestId('signup-submit').click();

  // A single clinic goes straight from the administrator to the clinic.
  await expect(page.getByTestId('wizard-step-5')).toBeVisible();
  await fill(page, {
    'clinic-name': 'Family Clinic',
    'clinic-address': 'Ground floor',
    'clinic-overview': 'Family medicine',
    'clinic-vision': 'Care close to home',
    'clinic-goals': 'Same-week visits',
  });
  await choose(page, 'clinic-pic', person.name);
  await typeDate(page, 'clinic-established', '2019-09-01');
  await typeLocation(page, '24.7136', '46.6753');
  await page.getByTestId('clinic-submit').click();
  await expect(page.getByTestId('wizard-created')).toContainText('Family Clinic');
  await page.getByTestId('wizard-finish').click();
  await expect(page).toHaveURL(/\/$/);

  const nav = page.getByTestId('sidebar');
  await nav.getByRole('button', { name: 'Medical Facilities' }).click();
  await expect(nav.locator('a[href="/clinics"]')).toBeVisible();
  await expect(nav.locator('a[href="/services"]')).toBeVisible();
  for (const level of ['/company', '/medicalComplexes', '/departements']) await expect(nav.locator(`a[href="${level}"]`)).toHaveCount(0);
});

test('a clinic with working hours is created, edited and deleted; a clinic in use cannot be deleted', async ({ page, request }, testInfo) => {
  // A clinic of the test's own in use: a doctor, a service and an appointment on its next open day.
  const api = await Api.signIn(request);
  const inUse = await api.practice({ patients: 1, label: 'Busy Clinic' });
  await api.book(inUse, { datetime: zonedIso(openDays(inUse.clinic)[0]!.date, '09:00', inUse.clinic.timeZone) });
  await signIn(page);
  const name = `Sleep Clinic ${Date.now().toString(36)}`;
  await page.goto('/clinics');
  await page.getByTestId('clinics-add').click();
  await expect(page).toHaveURL(/\/clinics\/add$/);
  await fill(page, {
    'clinic-name': name,
    'clinic-address': 'Al Noor Olaya Medical Complex, Riyadh',
    'clinic-overview': 'Sleep studies and follow-up',
    'clinic-vision': 'Rested patients',
    'clinic-goals': 'Results within a week',
  });
  await choose(page, 'clinic-pic', api.user.name);
  await typeDate(page, 'clinic-established', '2020-05-01');
  // Sunday: two periods; Thursday closed; Saturday morning.
  await setTime(page, 'working-day-Sunday-0-end', '13:00');
  await page.getByTestId('working-day-Sunday-add-slot').click();
  await setTime(page, 'working-day-Sunday-1-start', '16:00');
  await setTime(page, 'working-day-Sunday-1-end', '21:00');
  await page.getByTestId('working-day-Thursday-open').click();
  await page.getByTestId('working-day-Saturday-open').click();
  await setTime(page, 'working-day-Saturday-0-start', '10:00');
  await setTime(page, 'working-day-Saturday-0-end', '14:00');
  // An overlapping period is refused before anything is sent.
  await page.getByTestId('working-day-Monday-add-slot').click();
  await setTime(page, 'working-day-Monday-1-start', '17:00');
  await page.getByTestId('clinic-submit').click();
  await expect(page.getByText('This time slot overlaps another one on the same day')).toBeVisible();
  await page.getByTestId('working-day-Monday').getByRole('button', { name: 'Remove time slot' }).nth(1).click();
  await typeLocation(page, '24.6962', '46.6859');
  await page.getByTestId('clinic-submit').click();

  await expect(page).toHaveURL(/\/clinics$/);
  await page.getByRole('searchbox').fill(name);
  await page.getByTestId('clinics-table').getByText(name).click();
  await expect(page.getByTestId('clinic-title')).toHaveText(name);
  const hours = page.getByTestId('clinic-hours');
  await expect(hours).toContainText('09:00–13:00');
  await expect(hours).toContainText('16:00–21:00');
  await expect(hours).toContainText('10:00–14:00');
  await expect(page.getByTestId('clinic-visit-length')).toHaveText('30 min visits');
  await page.screenshot({ path: testInfo.outputPath('clinic-details.png'), fullPage: true });

  await page.getByTestId('clinic-edit').click();
  await page.getByTestId('clinic-average-visit').fill('20');
  await page.getByTestId('clinic-name').fill(`${name} (east wing)`);
  await page.getByTestId('clinic-submit').click();
  await expect(page.getByTestId('clinic-title')).toHaveText(`${name} (east wing)`);
  await expect(page.getByTestId('clinic-visit-length')).toHaveText('20 min visits');

  await page.getByTestId('clinic-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/clinics$/);
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByTestId('clinics-table')).toContainText('No Clinics Found');

  // A clinic with appointments, services and staff: deleting it is refused, naming them.
  await page.getByRole('searchbox').fill(inUse.clinic.name);
  await page.getByTestId('clinics-table').getByText(inUse.clinic.name).first().click();
  await page.getByTestId('clinic-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/cannot be deleted because it is still used by/)).toBeVisible();
  await expect(page.getByTestId('clinic-title')).toHaveText(inUse.clinic.name);
});

test('Company plan: the wizard\'s company step asks for the name only; Company info completes the rest', async ({ page }, testInfo) => {
  const person = newPerson('en');
  await page.goto('/SelectPlan');
  await page.getByTestId('plan-choose-company').click();
  await expect(page).toHaveURL(/\/register$/);
  await fill(page, {
    'signup-company': person.organisation,
    'signup-name': person.name,
    'signup-username': person.username,
    'signup-email': person.email,
    'signup-password': 'Strong@123',
    'signup-confirm': 'Strong@123',
  });
  await page.getByTestId('signup-submit').click();

  const step = page.getByTestId('wizard-step-2');
  await expect(step).toBeVisible();
  // One field: no commercial record, map or contact tables before the organisation has a clinic.
  await expect(step.locator('input:not([type=hidden]), textarea')).toHaveCount(1);
  await page.getByTestId('company-submit').click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await page.getByTestId('company-name').fill('Shifa Health Group');
  await page.screenshot({ path: testInfo.outputPath('wizard-company.png'), fullPage: true });
  await page.getByTestId('company-submit').click();
  await expect(page.getByTestId('wizard-step-3')).toBeVisible();

  // Company info holds the name and opens the full form for the rest.
  await page.goto('/company/edit');
  await expect(page.getByTestId('company-name')).toHaveValue('Shifa Health Group');
  await expect(page.getByTestId('company-address')).toHaveValue('');
  await expect(page.getByTestId('section-nav')).toBeVisible();
});

for (const [lang, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  test(`long forms: a section index that scrolls to each section and marks it, rows that wrap (${lang}, ${theme})`, async ({ page }, testInfo) => {
    await signIn(page, { lang, theme });
    for (const [path, name] of [['/company/edit', 'company-edit'], ['/clinics/add', 'clinic-add']] as const) {
      await page.goto(path);
      const nav = page.getByTestId('section-nav');
      await expect(nav).toBeVisible();
      const sections = page.locator('[data-form-section]');
      // Beside the form on the reading side: left in English, right in Arabic.
      const navBox = (await nav.boundingBox())!;
      const formBox = (await sections.first().boundingBox())!;
      if (lang === 'ar') expect(navBox.x).toBeGreaterThan(formBox.x);
      else expect(navBox.x).toBeLessThan(formBox.x);
      // Nothing scrolls sideways at 1440 px, the rows of contacts, insurance or hours included.
      if (path === '/clinics/add') await page.getByTestId('clinic-insurance-add').click();
      else await page.getByTestId('company-insurance-add').click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await sections.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).length)).toBe(0);

      const links = nav.getByRole('link');
      const count = await links.count();
      expect(count).toBe(await sections.count());
      await links.nth(2).click();
      await expect(sections.nth(2)).toBeInViewport();
      await expect(links.nth(2)).toHaveAttribute('aria-current', 'location');
      await expect(nav).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath(`${lang}-${name}-index.png`) });
      await links.last().click();
      await expect(sections.last()).toBeInViewport();
      await expect(links.last()).toHaveAttribute('aria-current', 'location');
    }

    // On a phone the index is a select at the top that stays in view.
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [path, name] of [['/company/edit', 'company-edit'], ['/clinics/add', 'clinic-add']] as const) {
      await page.goto(path);
      await expect(page.getByTestId('section-nav')).toBeHidden();
      const select = page.getByTestId('section-nav-select');
      await expect(select).toBeVisible();
      await select.click();
      await page.getByRole('option').nth(3).click();
      // The chosen section lands just below the select that stays at the top, its title not hidden under it.
      const chosen = page.locator('[data-form-section]').nth(3);
      await expect(chosen).toBeInViewport();
      await expect(select).toBeInViewport();
      await expect.poll(async () => {
        const [top, bar] = [await chosen.boundingBox(), await select.boundingBox()];
        return top && bar ? Math.round(top.y - (bar.y + bar.height)) : -1;
      }).toBeGreaterThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`${lang}-${name}-phone.png`) });
    }
  });
}
