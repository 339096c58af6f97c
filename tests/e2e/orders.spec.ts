import { ALWAYS_OPEN, Api, daytimeZone, expect, runId, signIn, staffAccount, test } from './fixtures';

/*
 * Orders and results: a doctor orders a fasting glucose in the visit's encounter, a nurse finds the order by its full
 * number and enters an abnormal value (flagged as she types), and the doctor sees it among Results to review on My day
 * and in her bell, and acknowledges it.
 */


test('a doctor orders a lab test in the encounter, a nurse enters an abnormal result, the doctor reviews and acknowledges it', async ({ browser, request }) => {
  const api = await Api.signIn(request);
  const clinic = await api.clinic(`Lab clinic ${runId()}`, { hours: ALWAYS_OPEN, timeZone: daytimeZone() });
  await api.post('/order-catalogue', {
    clinic: clinic._id, code: 'FBG', nameEn: 'Fasting blood glucose', nameAr: 'سكر الدم الصائم', kind: 'lab',
    analytes: [{ code: 'GLU', nameEn: 'Glucose (fasting)', nameAr: 'الجلوكوز', unit: 'mmol/L', low: 3.9, high: 5.5, criticalLow: 2.8, criticalHigh: 22 }],
  });
  const doctor = await staffAccount(api, clinic._id, `Dr. Lina ${runId()}`, 'Doctor', 'Doctor');
  const nurse = await staffAccount(api, clinic._id, `Nurse Amal ${runId()}`, 'Nurse', 'Nurse');
  const patient = await api.patient(`Huda Saleh ${runId()}`);

  const doctorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const nurseContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await doctorContext.newPage();
    await signIn(page, { username: doctor.username, password: doctor.password, lang: 'en' });
    const doctorApi = await Api.signIn(request, { username: doctor.username, password: doctor.password });
    const encounter = await doctorApi.post<{ _id: string }>('/encounters', { patient: patient._id, clinic: clinic._id, reason: 'Thirst' });
    await page.goto(`/encounters/${encounter._id}`);
    const panel = page.getByTestId('orders-panel');
    await panel.getByTestId('order-add').click();
    // The catalogue is searched by typing and picked with the keyboard.
    await page.getByTestId('order-items').fill('gluc');
    await expect(page.getByRole('option', { name: /Fasting blood glucose/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('order-items')).toHaveValue('');
    await page.getByTestId('order-submit').click();
    const row = panel.getByTestId('order-row').first();
    await expect(row.getByTestId('order-status')).toHaveText('Ordered');
    const number = (await row.getByTestId('order-number').textContent())!.trim();
    expect(number).toMatch(/^LAB-\d{4}-\d{6}$/);

    const nursePage = await nurseContext.newPage();
    await signIn(nursePage, { username: nurse.username, password: nurse.password, lang: 'en' });
    await nursePage.goto(`/patients/details/${patient._id}`);
    const nurseRow = nursePage.getByTestId('order-row').filter({ hasText: number });
    await nurseRow.getByTestId('order-collect').click();
    await expect(nurseRow.getByTestId('order-status')).toHaveText('Collected');
    await nursePage.goto('/results-entry');
    // A partial number finds nothing.
    await nursePage.getByTestId('results-number').fill(number.slice(-6));
    await nursePage.getByTestId('results-find').click();
    await expect(nursePage.getByText('No order has this number')).toBeVisible();
    await nursePage.getByTestId('results-number').fill(number);
    await nursePage.getByTestId('results-find').click();
    await nursePage.getByTestId('result-input-GLU').fill('9.4');
    await expect(nursePage.getByTestId('results-order').getByTestId('result-flag')).toHaveText('↑ High');
    await nursePage.getByTestId('results-save').click();
    await expect(nursePage.getByTestId('results-saved')).toContainText(number);

    await page.goto('/my-day');
    const review = page.getByTestId('results-to-review').getByTestId('review-row').filter({ hasText: number });
    await expect(review.getByTestId('result-flag')).toHaveText('↑ High');
    await expect(review.getByTestId('result-flag')).toHaveAttribute('data-flag', 'high');
    await page.getByTestId('notifications').click();
    await expect(page.getByTestId('notification-item').filter({ hasText: `Abnormal result for ${patient.name}: ${number} (GLU)` })).toBeVisible();
    await page.getByTestId('notifications').click();
    await review.getByTestId('order-acknowledge').click();
    await expect(page.getByTestId('results-to-review').getByTestId('review-row').filter({ hasText: number })).toHaveCount(0);
  } finally {
    await doctorContext.close();
    await nurseContext.close();
  }
});
