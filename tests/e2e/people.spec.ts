import type { Locator, Page } from '@playwright/test';
import { Api, expect, inviteUser, makeRole, openDays, runId, signIn, signInThroughForm, test, zonedIso } from './fixtures';

/** A 1×1 PNG: the doctor's photo. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');
/** A small PDF: the new user's CV. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const stamp = () => `${Date.now() % 1_000_000}`.padStart(6, '0');

async function choose(page: Page, combobox: Locator, option: string | RegExp) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** Types 'HH:MM' into a 24-hour time picker (hours, then minutes). */
async function setTime(field: Locator, time: string) {
  const [hh, mm] = time.split(':') as [string, string];
  await field.getByRole('spinbutton').first().click();
  await field.getByRole('spinbutton').first().pressSequentially(hh);
  await field.getByRole('spinbutton').nth(1).pressSequentially(mm);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The stored access token of the signed-in page (session or local storage). */
async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '');
}

test('an administrator adds a doctor with a photo and finds the card in the grid', async ({ page }) => {
  const name = `Dr. Lina Haddad ${stamp()}`;
  await signIn(page);
  await page.goto('/doctors');
  await expect(page.getByTestId('doctors-grid')).toBeVisible();
  await shot(page, 'doctors-grid');
  await page.getByTestId('add-doctor').click();
  await expect(page).toHaveURL(/\/doctors\/add$/);

  const form = page.getByTestId('employee-form');
  await form.getByTestId('employee-image-input').setInputFiles({ name: 'lina.png', mimeType: 'image/png', buffer: PNG });
  await form.getByTestId('field-name').fill(name);
  const dob = form.getByTestId('field-dateOfBirth');
  await dob.fill('1985-03-14');
  await dob.press('Tab');
  await choose(page, form.getByTestId('field-gender'), 'Female');
  await form.getByTestId('field-identity').fill(`1${stamp()}987`);
  await form.getByTestId('field-address').fill('Olaya Street, Riyadh');
  await form.getByTestId('contact-value-0').fill('0551234567');
  await form.getByTestId('field-jobTitle').fill('Consultant Cardiologist');
  const hire = form.getByTestId('field-hireDate');
  await hire.fill('2021-09-01');
  await hire.press('Tab');
  await form.getByTestId('field-license').fill('SCFHS-445566');
  await form.getByTestId('field-certifications').fill('Saudi Board of Cardiology');
  await form.getByTestId('field-certifications').press('Enter');
  await form.getByTestId('field-experience').fill('12 years in interventional cardiology');
  await shot(page, 'doctor-form');
  await form.getByTestId('employee-submit').click();

  await expect(page).toHaveURL(/\/doctors$/);
  await expect(page.getByText('Employee created successfully')).toBeVisible();
  await page.getByRole('searchbox').fill(name);
  const card = page.getByTestId('doctors-grid').getByRole('button', { name: `Open the profile of ${name}` });
  await expect(card).toHaveCount(1);
  await expect(card.locator('img')).toBeVisible();
  await expect(card).toContainText('Consultant Cardiologist');
  await shot(page, 'doctor-card');

  // The details page shows the profile and statistics computed from (no) appointments.
  await card.click();
  await expect(page).toHaveURL(/\/doctors\/details\//);
  await expect(page.getByTestId('doctor-name')).toHaveText(name);
  await expect(page.getByTestId('total-patients')).toHaveText('0');
  await expect(page.getByTestId('doctor-profile-card')).toContainText('SCFHS-445566');
  await page.getByTestId('stats-period').getByText('Last 30 Days').click();
  await expect(page.getByTestId('stats-chart')).toBeVisible();
  await shot(page, 'doctor-details');
});

test('editing a staff member\'s working hours shows them on the details page', async ({ page, request }) => {
  // A nurse of the test's own, working Sunday to Thursday.
  const { name } = await (await Api.signIn(request)).staff(`Maryam ${runId()}`);
  await signIn(page);
  await page.goto('/employees');
  await page.getByRole('searchbox').fill(name);
  const row = page.getByTestId('employees-table').getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/employees\/edit\//);

  const form = page.getByTestId('employee-form');
  // The week's days, each open with its shifts or closed: Saturday is not one of her days yet.
  const editor = form.getByTestId('working-hours-editor');
  const firstOpen = editor.locator('[data-open="true"]').first();
  await expect(firstOpen).toBeVisible();
  const kept = await firstOpen.locator('[data-testid$="-0-start"] input[type="hidden"]').inputValue();
  await expect(form.getByTestId('working-day-Saturday')).toHaveAttribute('data-open', 'false');
  await form.getByTestId('working-day-Saturday-open').check();
  await setTime(form.getByTestId('working-day-Saturday-0-start'), '08:30');
  await setTime(form.getByTestId('working-day-Saturday-0-end'), '12:15');
  await shot(page, 'staff-edit');
  await form.getByTestId('employee-submit').click();

  await expect(page).toHaveURL(/\/employees\/details\//);
  await expect(page.getByText(/Updated: Employee updated successfully/)).toBeVisible();
  const saturday = page.getByTestId('working-day-Saturday');
  await expect(saturday).toContainText('08:30 – 12:15');
  // The shifts that were there are kept.
  await expect(page.getByTestId('working-hours-table')).toContainText(kept);
  await shot(page, 'staff-details');

  // Reloading reads it back from the server.
  await page.reload();
  await expect(page.getByTestId('working-day-Saturday')).toContainText('08:30 – 12:15');
});

test('an administrator creates a user with documents, and that user can sign in', async ({ page, browser }) => {
  const id = stamp();
  const username = `nurse${id}`;
  const password = 'Welcome@2026';
  await signIn(page);
  await page.goto('/users/add');
  const form = page.getByTestId('user-form');

  // Account tab: Next refuses until it is valid.
  await form.getByTestId('user-next').click();
  await expect(form.getByText('At least one role is required')).toBeVisible();
  await form.getByTestId('user-username').fill(username);
  await choose(page, form.getByTestId('user-type'), 'Nurse');
  await form.getByTestId('user-password').fill(password);
  await form.getByTestId('user-confirm-password').fill(password);
  await choose(page, form.getByTestId('user-roles'), 'Nurse');
  await page.keyboard.press('Escape');
  await form.getByTestId('user-next').click();

  // Personal tab.
  await expect(form.getByTestId('user-tab-personal')).toHaveAttribute('aria-selected', 'true');
  await form.getByTestId('user-fullName').fill(`Rana Nasser ${id}`);
  await choose(page, form.getByTestId('user-gender'), 'Female');
  const dob = form.getByTestId('user-dateOfBirth');
  await dob.fill('1993-07-21');
  await dob.press('Tab');
  await form.getByTestId('user-identity').fill(`2${id}555`);
  await choose(page, form.getByTestId('user-nationality'), 'Saudi');
  await choose(page, form.getByTestId('user-marital'), 'Single');
  await form.getByTestId('user-email').fill(`${username}@alnoor.test`);
  await form.getByTestId('user-phone1').fill('0501239876');
  await form.getByTestId('user-street').fill('Tahlia Street');
  await form.getByTestId('user-region').fill('Jeddah');
  await form.getByTestId('user-country').fill('Saudi Arabia');
  await form.getByTestId('user-emergency-name').fill('Sami Nasser');
  await form.getByTestId('user-emergency-relationship').fill('Brother');
  await form.getByTestId('user-emergency-phone').fill('0559871234');
  await form.getByTestId('user-next').click();

  // Employment tab: Sunday with two shifts.
  await expect(form.getByTestId('user-tab-employment')).toHaveAttribute('aria-selected', 'true');
  await choose(page, form.getByTestId('user-jobType'), 'Full time');
  await form.getByTestId('user-jobTitle').fill('Staff Nurse');
  const hire = form.getByTestId('user-hireDate');
  await hire.fill('2024-02-01');
  await hire.press('Tab');
  await form.getByRole('checkbox', { name: 'Sunday' }).check();
  await setTime(form.getByTestId('day-Sunday-shift1-startTime'), '08:00');
  await setTime(form.getByTestId('day-Sunday-shift1-endTime'), '12:00');
  await form.getByTestId('working-day-Sunday-add-slot').click();
  await setTime(form.getByTestId('day-Sunday-shift2-startTime'), '16:00');
  await setTime(form.getByTestId('day-Sunday-shift2-endTime'), '20:00');
  await form.getByTestId('user-next').click();

  // Documents tab: Next moved there and created nothing yet. The CV with its effective date, and a work permit.
  await expect(form.getByTestId('user-tab-documents')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/users\/add$/);
  await expect(form.getByTestId('user-save')).toBeVisible();
  await form.getByTestId('document-cv-input').setInputFiles({ name: 'rana-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('The file has been uploaded successfully.').first()).toBeVisible();
  const cvDate = form.getByTestId('document-cv-date');
  await cvDate.fill('2024-01-15');
  await cvDate.press('Tab');
  await form.getByTestId('document-workPermit-input').setInputFiles({ name: 'permit.pdf', mimeType: 'application/pdf', buffer: PDF });
  await shot(page, 'user-form-documents');
  await form.getByTestId('user-save').click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Employee created successfully')).toBeVisible();
  await page.getByRole('searchbox').fill(username);
  const row = page.getByTestId('users-table').getByRole('row', { name: new RegExp(`Rana Nasser ${id}`) });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page).toHaveURL(/\/users\/details\//);
  await expect(page.getByTestId('last-login')).toContainText('Never');
  const cvLink = page.getByTestId('document-link-cv');
  await expect(cvLink).toHaveText('rana-cv.pdf');
  const file = await page.request.get((await cvLink.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  await expect(page.getByTestId('user-working-days')).toContainText('8:00 AM – 12:00 PM');
  await expect(page.getByTestId('user-working-days')).toContainText('4:00 PM – 8:00 PM');
  await shot(page, 'user-details');

  // The new user signs in and sees their own profile.
  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signInThroughForm(userPage, { username, password });
  await userPage.goto('/myProfile');
  await expect(userPage.getByTestId('my-profile-full')).toContainText(`Rana Nasser ${id}`);
  await shot(userPage, 'new-user-profile');
  await other.close();

  // Signing in was recorded.
  await page.reload();
  await expect(page.getByTestId('last-login')).not.toContainText('Never');
});

test('a receptionist cannot open user administration: the menu hides it and the API refuses', async ({ page, browser }) => {
  await signInThroughForm(page, { username: 'reception' });
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Patients' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Roles' })).toHaveCount(0);
  // The users list at / is not theirs: they are led to the screen of their day (the front desk board).
  await page.goto('/');
  await expect(page).toHaveURL(/\/frontdesk$/);
  await expect(page.getByRole('link', { name: 'Add New User' })).toHaveCount(0);
  await shot(page, 'receptionist-home');

  // Admin forms say so before anything is filled in, and the buttons that lead there are not offered.
  for (const path of ['/company/edit', '/clinics/add', '/users/add']) {
    await page.goto(path);
    await expect(page.getByTestId('no-access')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('No access');
    await expect(page.locator('form')).toHaveCount(0);
  }
  await shot(page, 'receptionist-no-access');
  await page.getByTestId('no-access').getByRole('link', { name: 'Appointments' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await page.goto('/clinics');
  await expect(page.getByTestId('clinics-table')).toBeVisible();
  await expect(page.getByTestId('clinics-add')).toHaveCount(0);

  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const roles = await page.request.get('/api/roles', { headers });
  expect(roles.status()).toBe(403);
  const create = await page.request.post('/api/employees', {
    headers,
    data: {
      name: 'Sneaky Admin', employeeType: 'Admin', username: 'sneaky', password: 'Sneaky@Pass1', email: 'sneaky@alnoor.test',
      contactInfos: [{ type: 'phone', value: '0500000000' }], dateOfBirth: '1990-01-01', gender: 'male', identity: 'X-1',
      address: 'Riyadh', hireDate: '2020-01-01', workingHours: [{ day: 'Sunday', startTime: '09:00', endTime: '17:00' }],
    },
  });
  expect(create.status()).toBe(403);

  // Nor can a receptionist switch someone's account off.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage);
  const adminHeaders = { authorization: `Bearer ${await tokenOf(adminPage)}` };
  const nurses = await (await adminPage.request.get('/api/employees?search=msaleh', { headers: adminHeaders })).json();
  const nurseId = nurses.data[0]._id as string;
  const off = await page.request.put(`/api/employees/${nurseId}`, { headers, data: { isActive: false, version: nurses.data[0].version } });
  expect(off.status()).toBe(403);
  const still = await (await adminPage.request.get(`/api/employees/${nurseId}`, { headers: adminHeaders })).json();
  expect(still.data.isActive).toBe(true);
  await admin.close();
});

for (const list of [{ path: '/', table: 'users-table' }, { path: '/employees', table: 'employees-table' }]) {
  test(`the account status dialog on ${list.path} stays on the list: Cancel changes nothing, Confirm says so`, async ({ page }) => {
    await signIn(page);
    // An account of its own, so switching it off and on again disturbs no other test.
    const id = stamp();
    const made = await page.request.post('/api/employees', {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
      data: {
        name: `Status Check ${id}`, employeeType: 'Nurse', username: `status${id}`, password: 'Status@Pass1', email: `status${id}@alnoor.test`,
        identity: `S-${id}`, contactInfos: [{ type: 'phone', value: '0500000000' }], dateOfBirth: '1990-01-01', gender: 'female',
        address: 'Riyadh', hireDate: '2020-01-01', workingHours: [{ day: 'Sunday', startTime: '09:00', endTime: '17:00' }],
      },
    });
    expect(made.status()).toBe(201);
    await page.goto(list.path);
    const table = page.getByTestId(list.table);
    await page.getByRole('searchbox').fill(`Status Check ${id}`);
    await expect(table.getByRole('row', { name: new RegExp(`Status Check ${id}`) })).toHaveCount(1);
    const toggle = table.getByRole('switch').first();
    await expect(toggle).toBeChecked();

    await toggle.click({ force: true });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${list.path === '/' ? '/' : '/employees'}(\\?.*)?$`));
    await expect(toggle).toBeChecked();

    // Off, then on again, each confirmed: the list stays, and each change is confirmed in a toast.
    for (const expected of [false, true]) {
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(toggle).toBeEnabled();
      await toggle.click({ force: true });
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText(expected ? 'Account activated' : 'Account deactivated').first()).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${list.path === '/' ? '/' : '/employees'}(\\?.*)?$`));
      if (expected) await expect(toggle).toBeChecked();
      else await expect(toggle).not.toBeChecked();
    }
  });
}

test('the people screens read right to left in Arabic, in the dark theme and on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, { lang: 'ar', theme: 'dark' });
  await page.goto('/doctors');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Named once, in the top bar: the page does not repeat it.
  await expect(page.getByRole('heading', { name: 'الأطباء' })).toHaveCount(1);
  await expect(page.getByTestId('page-title')).toHaveText('الأطباء');
  await expect(page.getByTestId('doctors-grid')).toBeVisible();
  await shot(page, 'doctors-ar-dark-375');
  await page.goto('/users/add');
  await expect(page.getByTestId('user-tab-account')).toContainText('معلومات الحساب');
  await page.getByTestId('user-next').click();
  await expect(page.getByText('يجب اختيار دور واحد على الأقل')).toBeVisible();
  await shot(page, 'user-form-ar-dark-375');
  await page.goto('/roles');
  await expect(page.getByTestId('roles-table')).toBeVisible();
  await shot(page, 'roles-ar-dark-375');
});

for (const lang of ['ar', 'en'] as const) {
  test(`the doctor statistics chart keeps its axis numbers inside the chart, on the reading side (${lang})`, async ({ page, request }) => {
    // A doctor of the test's own, with an appointment on the clinic's next open day.
    const api = await Api.signIn(request);
    const practice = await api.practice({ patients: 1, label: 'Stats Clinic' });
    await api.book(practice, { datetime: zonedIso(openDays(practice.clinic)[0]!.date, '09:00', practice.clinic.timeZone) });
    await signIn(page, { lang, theme: 'dark' });
    await page.goto(`/doctors/details/${practice.doctors[0]!._id}`);
    await expect(page.getByTestId('doctor-name')).toHaveText(practice.doctors[0]!.name);
    const chart = page.getByTestId('stats-chart');
    await expect(chart).toBeVisible();
    const svg = (await chart.boundingBox())!;
    const ticks = chart.getByTestId('stats-axis-tick');
    await expect(ticks).toHaveCount(3);
    for (const tick of await ticks.all()) {
      const box = (await tick.boundingBox())!;
      const label = await tick.textContent();
      expect(box.x, `tick "${label}" starts inside the chart`).toBeGreaterThanOrEqual(svg.x);
      expect(box.x + box.width, `tick "${label}" ends inside the chart`).toBeLessThanOrEqual(svg.x + svg.width + 0.5);
    }
    // At the right in Arabic, at the left in English.
    const first = (await ticks.first().boundingBox())!;
    if (lang === 'ar') expect(first.x).toBeGreaterThan(svg.x + svg.width / 2);
    else expect(first.x).toBeLessThan(svg.x + svg.width / 2);
    await shot(page, `doctor-stats-${lang}-dark`);
  });
}

test('a user manager below administrator edits a nurse\'s account but is offered no change to an administrator\'s', async ({ page, browser, request }) => {
  const admin = (await Api.signIn(request)).user;
  await signIn(page);
  const roleName = `User manager ${runId()}`;
  await makeRole(page, roleName, ['employee_read', 'user_read', 'user_create', 'user_update']);
  const manager = await inviteUser(page, browser, { name: `Rana ${runId()}`, roleName });
  const their = manager.page;
  try {
    // A nurse's account: theirs to edit.
    await their.goto('/users');
    await their.getByRole('searchbox', { name: 'Search' }).fill('Mariam Saleh');
    await their.getByTestId('users-table').getByRole('row').filter({ hasText: 'Mariam Saleh' }).getByText('Mariam Saleh').click();
    await expect(their.getByTestId('user-details')).toBeVisible();
    await expect(their.getByTestId('edit-user')).toBeVisible();

    // The administrator's: shown, with nothing offered that would be refused.
    await their.goto(`/users/details/${admin._id}`);
    await expect(their.getByTestId('user-details')).toContainText(admin.name);
    await expect(their.getByTestId('edit-user')).toHaveCount(0);
    await expect(their.getByTestId('delete-user')).toHaveCount(0);
    await expect(their.getByTestId('user-details').getByRole('switch')).toHaveCount(0);
    await shot(their, 'user-manager-admin-details');
    // The edit page reached by its address says why, and offers no form.
    await their.goto(`/users/edit/${admin._id}`);
    await expect(their.getByTestId('administrator-protected')).toContainText('only an administrator can change their account');
    await expect(their.getByTestId('user-form')).toHaveCount(0);
  } finally {
    await manager.context.close();
  }
});
