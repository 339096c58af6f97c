import { Api, arrivedVisit, expect, runId, shot, signIn, staffAccount, test } from './fixtures';

/*
 * The doctor's note, from call-in to signature: a doctor working in Arabic calls the patient in from My day and lands
 * on the visit's note, writes it (saved as she types), finds it again after a reload, signs it with her password
 * and adds an addendum. A nurse may write in the note but is told that the visit's doctor signs it. A receptionist cannot open the note, on screen or through the API.
 */



test('a doctor in Arabic writes, reloads, signs and amends the visit note; a receptionist cannot open it', async ({ browser, request }) => {
  // Four people's browsers (the doctor in Arabic and in English, a nurse, a receptionist) one after another.
  test.setTimeout(180_000);
  const api = await Api.signIn(request);
  const { clinic, doctor, patient, visit } = await arrivedVisit(api, {
    clinic: `عيادة ${runId()}`, doctor: `د. ريم ${runId()}`, service: `كشف ${runId()}`, patient: `سارة العتيبي ${runId()}`,
  });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, { username: doctor.username, password: doctor.password, lang: 'ar', theme: 'dark' });
  // The app opens on the doctor's screen of the day.
  await page.goto('/');
  await expect(page).toHaveURL(/\/my-day$/);
  await page.getByTestId('my-day-call-in').click();
  await expect(page).toHaveURL(/\/encounters\/[0-9a-f-]+$/);
  const encounterId = page.url().split('/').pop()!;
  await expect(page.getByTestId('encounter-patient')).toHaveText(patient.name);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // Written as a doctor types; saved without a button.
  await page.locator('[data-field="complaint"]').fill('سعال جاف منذ خمسة أيام');
  await page.locator('[data-field="history"]').fill('لا حرارة ولا ضيق تنفس.');
  await page.locator('[data-field="assessment"]').fill('عدوى فيروسية في الجهاز التنفسي العلوي');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  await shot(page, 'encounter-draft-ar-dark-1280');

  // A reload finds the draft as typed.
  await page.reload();
  await expect(page.locator('[data-field="complaint"]')).toHaveValue('سعال جاف منذ خمسة أيام');
  await expect(page.locator('[data-field="assessment"]')).toHaveValue('عدوى فيروسية في الجهاز التنفسي العلوي');

  await page.setViewportSize({ width: 375, height: 900 });
  await shot(page, 'encounter-draft-ar-dark-375');
  await page.setViewportSize({ width: 1280, height: 900 });

  // A nurse may write in the note; the visit's doctor signs it, and the nurse is told who will.
  const nurse = await staffAccount(api, clinic._id, `Salma ${runId()}`, 'Nurse', 'Nurse');
  const nurseContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const nursePage = await nurseContext.newPage();
  await signIn(nursePage, { username: nurse.username, password: nurse.password });
  await nursePage.goto(`/encounters/${encounterId}`);
  await expect(nursePage.locator('[data-field="complaint"]')).toHaveValue('سعال جاف منذ خمسة أيام');
  await expect(nursePage.getByTestId('sign-by-doctor')).toHaveText(`To be signed by ${doctor.name}, the visit's doctor`);
  await expect(nursePage.getByTestId('sign-open')).toHaveCount(0);
  await nurseContext.close();

  // Signing asks for the password again: a wrong one signs nothing.
  await page.getByTestId('sign-open').click();
  await page.getByTestId('sign-password').fill('not-my-password');
  await page.getByTestId('sign-submit').click();
  await expect(page.getByTestId('sign-error')).toContainText('كلمة المرور غير صحيحة');
  await page.getByTestId('sign-password').fill(doctor.password);
  await page.getByTestId('sign-submit').click();
  await expect(page.getByTestId('encounter-status')).toHaveText('موقّعة');
  await expect(page.getByTestId('signed-banner')).toBeVisible();
  await expect(page.locator('[data-field="complaint"]')).toHaveCount(0);
  await expect(page.locator('[data-answer="complaint"]')).toHaveText('سعال جاف منذ خمسة أيام');

  // Corrections after signing are addenda: who, when, why.
  await page.getByTestId('addendum-reason').fill('وصلت نتيجة التحليل');
  await page.getByTestId('addendum-text').fill('تحليل الدم طبيعي؛ لا تغيير في الخطة.');
  await page.getByTestId('addendum-submit').click();
  await expect(page.getByTestId('addendum')).toHaveCount(1);
  await expect(page.getByTestId('addendum')).toContainText(doctor.name);
  await shot(page, 'encounter-signed-ar-dark-1280');
  await page.setViewportSize({ width: 375, height: 900 });
  await shot(page, 'encounter-signed-ar-dark-375');
  await context.close();

  // The same note in English, light.
  const en = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const enPage = await en.newPage();
  await signIn(enPage, { username: doctor.username, password: doctor.password, lang: 'en', theme: 'light' });
  await enPage.goto(`/encounters/${encounterId}`);
  await expect(enPage.getByTestId('encounter-status')).toHaveText('Signed');
  await shot(enPage, 'encounter-signed-en-light-1280');
  await en.close();

  // The receptionist learns that the visit has an encounter, never its content.
  const reception = await staffAccount(api, clinic._id, `Huda ${runId()}`, 'Receptionist', 'Administrative');
  const desk = await Api.signIn(request, { username: reception.username, password: reception.password });
  const exists = await desk.get<{ _id: string; status: string }>(`/appointments/${visit._id}/encounter`);
  expect(exists).toMatchObject({ _id: encounterId, status: 'signed' });
  const refused = await request.get(`/api/encounters/${encounterId}`, { headers: { authorization: `Bearer ${desk.token}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).not.toContain('سعال');
  const deskContext = await browser.newContext();
  const deskPage = await deskContext.newPage();
  await signIn(deskPage, { username: reception.username, password: reception.password });
  await deskPage.goto(`/encounters/${encounterId}`);
  await expect(deskPage.getByTestId('no-access')).toBeVisible();
  await expect(deskPage.locator('body')).not.toContainText('سعال');
  await deskContext.close();
});
