import { ALWAYS_OPEN, Api, daytimeZone, expect, inviteUser, makeRole, runId, shot, signIn, signInThroughForm, test } from './fixtures';

/*
 * Each user's day starts on their own screen: the administrator on the dashboard, a cashier (a role made in the Roles
 * screen) on the cash boxes, a doctor on My day at the clinic they work at, even when it is not the organisation's
 * first. A doctor calls the next patient in from My day; a clinic chosen on the board is remembered after a reload.
 * The cashier and the receptionist are made as staff make them: a role in the Roles screen, an invitation from the
 * Users screen, the link taken up in a fresh browser. The doctor and the rest of the data are made through the API.
 */


/** A doctor who signs in with the built-in Doctor role, working at `clinicId` only. */
async function doctorAccount(api: Api, clinicId: string, name: string) {
  const id = runId().toLowerCase();
  const roles = await api.get<Array<{ _id: string; name: string }>>('/roles?search=Doctor&allData=true');
  const role = roles.find((r) => r.name === 'Doctor')!;
  const username = `dr.${id}`;
  const password = 'Doctor@Pass12';
  const made = await api.post('/employees', {
    name, employeeType: 'Doctor', email: `${username}@clinic.test`, identity: `D-${id}`, clinics: [clinicId],
    contactInfos: [{ type: 'phone', value: '0500000000' }], dateOfBirth: '1985-01-01', gender: 'female', address: 'Riyadh', hireDate: '2020-01-01',
    medicalLicenseNumber: `L-${id}`, certifications: ['Board certified'], jobType: 'FULL_TIME', professional_experience: 'Ten years',
    workingHours: ALWAYS_OPEN.flatMap((h) => h.timeSlots.map((s) => ({ day: h.day, startTime: s.startTime, endTime: s.endTime }))),
    username, password, roleIds: [role._id],
  });
  return { _id: made._id, name, username, password };
}

test('the administrator lands on the dashboard, a cashier whose role is made in the Roles screen and who is invited from the Users screen on the cash boxes', async ({ page, browser }) => {
  await signInThroughForm(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  const name = `Cashier ${runId()}`;
  await makeRole(page, name, ['billing_read', 'billing_write']);

  // Invited from the Users screen; the link taken up in a fresh browser signs them in.
  const { page: cashier, context } = await inviteUser(page, browser, { name: `Nora ${runId()}`, roleName: name });
  await expect(cashier).toHaveURL(/\/billing\/cash-boxes$/);
  await expect(cashier.getByTestId('no-access')).toHaveCount(0);
  await context.close();
});

test('a doctor of a second clinic lands on My day at that clinic and calls the next patient in', async ({ browser, request }) => {
  const api = await Api.signIn(request);
  const clinic = await api.clinic(`Second ${runId()}`, { hours: ALWAYS_OPEN, timeZone: daytimeZone() });
  const doctor = await doctorAccount(api, clinic._id, `Dr. Maha ${runId()}`);
  const service = await api.service(clinic, [doctor], `Visit ${runId()}`);
  const first = await api.patient(`Huda ${runId()}`);
  const second = await api.patient(`Karim ${runId()}`);
  const third = await api.patient(`Salma ${runId()}`);
  const practice = { id: '', clinic, service, doctors: [doctor], patients: [first, second, third] };
  const soon = await api.book(practice, { patient: 0, datetime: new Date(Date.now() + 40 * 60_000).toISOString() });
  const later = await api.book(practice, { patient: 1, datetime: new Date(Date.now() + 80 * 60_000).toISOString() });
  await api.book(practice, { patient: 2, datetime: new Date(Date.now() + 120 * 60_000).toISOString() });
  // Both checked in, the later one first: the one due first is called in first.
  await api.patch(`/appointments/${later._id}`, { status: 'arrived', version: later.version });
  await api.patch(`/appointments/${soon._id}`, { status: 'arrived', version: soon.version });

  for (const mode of [{ lang: 'en', theme: 'light', width: 1280 }, { lang: 'ar', theme: 'dark', width: 375 }] as const) {
    const context = await browser.newContext({ viewport: { width: mode.width, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, { username: doctor.username, password: doctor.password, lang: mode.lang, theme: mode.theme });
    await expect(page).toHaveURL(/\/my-day$/);
    const day = page.getByTestId('my-day');
    // Her clinic, not the organisation's first.
    await expect(day).toContainText(clinic.name);
    await expect(page.getByTestId('my-day-row')).toHaveCount(3);
    // After the English run has called the first in, the Arabic one shows her with the doctor and the next one waiting.
    await expect(page.getByTestId('my-day-call-in')).toHaveAccessibleName(new RegExp(mode.lang === 'en' ? first.name : second.name));
    await shot(page, `my-day-${mode.lang}-${mode.theme}-${mode.width}`);
    if (mode.lang === 'en') {
      // Calling her in opens her visit's note at once.
      await page.getByTestId('my-day-call-in').click();
      await expect(page).toHaveURL(/\/encounters\/[0-9a-f-]{36}$/);
      const after = await api.get<{ status: string }>(`/appointments/${soon._id}`);
      expect(after.status).toBe('in_consultation');
    }
    await page.goto('/myProfile');
    await expect(page.getByTestId('display-start-screen')).toBeVisible();
    await page.getByTestId('display-start-screen').scrollIntoViewIfNeeded();
    await shot(page, `profile-start-screen-${mode.lang}-${mode.theme}-${mode.width}`);
    await context.close();
  }
});

test('a clinic chosen on the board is remembered after a reload, and the calendar opens on it too', async ({ page: admin, browser, request }) => {
  const api = await Api.signIn(request);
  const id = runId();
  const clinic = await api.clinic(`Remembered ${id}`, { hours: ALWAYS_OPEN });
  // A front-desk role made in the Roles screen, a receptionist invited with it from the Users screen.
  await signIn(admin);
  const role = `Desk ${id}`;
  await makeRole(admin, role, ['appointment_read', 'appointment_write', 'patient_read', 'clinic_read']);
  const { page, context } = await inviteUser(admin, browser, { name: `Lama ${id}`, roleName: role });
  await expect(page).toHaveURL(/\/frontdesk$/);
  const select = page.getByTestId('frontdesk-clinic');
  await expect(select).not.toHaveValue('');
  expect(await select.inputValue()).not.toBe(clinic.name);
  await select.click();
  await select.fill(clinic.name);
  await page.getByRole('option', { name: clinic.name }).click();
  await expect(select).toHaveValue(clinic.name);
  await expect.poll(async () => (await page.request.get('/api/profile', {
    headers: { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '')}` },
  }).then((r) => r.json()) as { data: { preferences: { clinicId: string } } }).data.preferences.clinicId).toBe(clinic._id);
  await page.reload();
  await expect(page.getByTestId('frontdesk-clinic')).toHaveValue(clinic.name);
  // The calendar opens on it too.
  await page.goto('/appointments/calendar');
  await expect(page.getByTestId('calendar-clinic')).toHaveValue(clinic.name);
  await context.close();
});
