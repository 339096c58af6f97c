import { Api, expect, runId, signIn, test } from './fixtures';

/*
 * A doctor finds diagnoses by an Arabic word written with another hamza form than the code list's title, and by a
 * code prefix, puts them on a patient's problem list and resolves one; an administrator's CSV import with a bad row
 * is refused with that row's line named. Screenshots in English (light), Arabic (dark) and on a phone, for review.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/diagnoses';

const VARIANTS = [
  { name: 'en-light', lang: 'en', theme: 'light', width: 1440, height: 900 },
  { name: 'ar-dark', lang: 'ar', theme: 'dark', width: 1440, height: 900 },
  { name: 'ar-dark-375', lang: 'ar', theme: 'dark', width: 375, height: 812 },
] as const;

for (const v of VARIANTS) {
  test(`a doctor finds diagnoses and keeps the problem list: ${v.name}`, async ({ page, request }) => {
    const admin = await Api.signIn(request);
    const patient = await admin.patient(`Problem List ${runId()}`);
    await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
    await page.setViewportSize({ width: v.width, height: v.height });
    await signIn(page, { username: 'doctor', lang: v.lang, theme: v.theme });
    await page.goto(`/patients/details/${patient._id}`);
    const list = page.getByTestId('problem-list');
    await expect(list.getByTestId('problem-list-empty')).toBeVisible();
    const picker = list.getByTestId('diagnosis-picker');

    // "إلتهاب" with a hamza below finds the list's "التهاب" (tonsillitis), chosen with the keyboard.
    await picker.fill('إلتهاب اللوزتين');
    const tonsils = page.getByTestId('diagnosis-option').filter({ hasText: 'J03.9' });
    await expect(tonsils).toBeVisible();
    await expect(tonsils).toContainText(v.lang === 'ar' ? 'التهاب اللوزتين الحاد' : 'Acute tonsillitis');
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await expect(list.locator('[data-testid="problem"][data-code="J03.9"]')).toBeVisible();
    await expect(picker).toHaveValue('');

    // "انفلونزا" without the hamza finds "إنفلونزا".
    await picker.fill('انفلونزا');
    await expect(page.getByTestId('diagnosis-option').filter({ hasText: 'J11.1' })).toBeVisible();
    await picker.press('Escape');

    // A code prefix: J06 finds J06.9 first.
    await picker.fill('J06');
    const uri = page.getByTestId('diagnosis-option').first();
    await expect(uri).toContainText('J06.9');
    await uri.click();
    const problem = list.locator('[data-testid="problem"][data-code="J06.9"]');
    await expect(problem).toBeVisible();
    await expect(problem).toContainText(v.lang === 'ar' ? 'عدوى حادة في الجهاز التنفسي العلوي' : 'Acute upper respiratory infection');
    await page.keyboard.press('Escape');
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${v.name}-problem-list.png`, fullPage: false });

    // Resolved: it moves to the resolved view, with the day.
    await list.locator('[data-testid="problem"][data-code="J03.9"]').getByRole('button', { name: v.lang === 'ar' ? 'تم الشفاء' : 'Resolve' }).click();
    await expect(list.locator('[data-testid="problem"][data-code="J03.9"]')).toHaveCount(0);
    await list.getByText(v.lang === 'ar' ? 'محلولة' : 'Resolved', { exact: true }).click();
    await expect(list.locator('[data-testid="problem"][data-code="J03.9"][data-status="resolved"]')).toBeVisible();
  });
}

test('an import with a bad row names its line and imports nothing', async ({ page }) => {
  await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
  await signIn(page, { lang: 'ar', theme: 'dark' });
  await page.goto('/diagnosis-codes');
  await expect(page.getByTestId('code-total')).toBeVisible();
  const code = `Q${runId().replace(/[^0-9]/g, '').slice(0, 2).padEnd(2, '7')}.9`;
  const csv = `code,English title,Arabic title\n${code},Local test code,رمز تجريبي محلي\nnot a code!,Bad,سيء\n`;
  await page.locator('input[type="file"]').setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('code-import-submit').click();
  const errors = page.getByTestId('code-import-errors');
  await expect(errors).toContainText('صف واحد غير صالح؛ لم يُستورد شيء');
  await expect(page.getByTestId('code-import-line')).toHaveText([/^السطر 3: /]);
  await page.getByTestId('code-search-input').fill(code);
  await expect(page.getByTestId('code-search-results').locator('tbody tr')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/ar-dark-code-import.png`, fullPage: false });
});
