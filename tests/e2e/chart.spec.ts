import { Api, expect, runId, signIn, test } from './fixtures';

/*
 * The patient's chart: a doctor opens a patient with vitals, an allergy and a medication recorded, sees them on one
 * timeline (newest first, grouped by day), filters it to vitals only, and loads the next page. In English (light) and
 * in Arabic (dark) on a phone, saved as screenshots.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/chart';

const VARIANTS = [
  { name: 'en-light', lang: 'en', theme: 'light', width: 1440, height: 900, vitals: 'Vitals', more: 'Load more' },
  { name: 'ar-dark-375', lang: 'ar', theme: 'dark', width: 375, height: 812, vitals: 'العلامات الحيوية', more: 'عرض المزيد' },
] as const;

for (const v of VARIANTS) {
  test(`the chart shows the record and filters it: ${v.name}`, async ({ page, request }) => {
    const api = await Api.signIn(request);
    const patient = await api.patient(`Layla Chart ${runId()}`);
    // 32 vitals sets (more than a page of 30), an allergy and a medication.
    for (let i = 0; i < 32; i++) {
      const takenAt = new Date(Date.now() - (40 - i) * 86_400_000).toISOString();
      await api.post(`/patients/${patient._id}/vitals`, { takenAt, pulse: 60 + i, systolic: 120, diastolic: 80 });
    }
    await api.post(`/patients/${patient._id}/allergies`, { substance: 'Penicillin', reaction: 'Hives', severity: 'severe' });
    await api.post(`/patients/${patient._id}/medications`, { name: 'Metformin', route: 'oral', frequency: 'BID' });
    const doctor = await api.signInUser(['patient_read', 'clinical_read', 'clinical_write'], [], 'Doctor');
    await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
    await page.setViewportSize({ width: v.width, height: v.height });
    await signIn(page, { ...doctor, lang: v.lang, theme: v.theme });

    await page.goto(`/patients/details/${patient._id}`);
    const chart = page.getByTestId('patient-chart');
    await expect(chart.getByTestId('chart-entry').first()).toBeVisible({ timeout: 20_000 });
    // Newest first: the medication and the allergy recorded just now come before the older vitals.
    await expect(chart.locator('[data-testid="chart-entry"][data-kind="medication"]')).toHaveCount(1);
    await expect(chart.locator('[data-testid="chart-entry"][data-kind="allergy"]')).toHaveCount(1);
    expect(await chart.getByTestId('chart-entry').first().getAttribute('data-kind')).toMatch(/medication|allergy/);
    await expect(chart.getByTestId('chart-entry')).toHaveCount(30);
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${v.name}-chart.png`, fullPage: false });

    await chart.getByTestId('chart-kind-vitals').click();
    await expect(chart.locator('[data-testid="chart-entry"][data-kind="allergy"]')).toHaveCount(0);
    await expect(chart.getByTestId('chart-entry')).toHaveCount(30);
    await chart.getByRole('button', { name: v.more }).click();
    await expect(chart.getByTestId('chart-entry')).toHaveCount(32);
    await expect(chart.locator('[data-testid="chart-entry"]:not([data-kind="vitals"])')).toHaveCount(0);
    await expect(chart.getByTestId('chart-more')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/${v.name}-vitals.png`, fullPage: false });
    // Nothing overflows the phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
}
