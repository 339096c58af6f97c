import { Api, expect, signIn, test } from './fixtures';

/*
 * The vital reference ranges screen: an administrator changes the adult pulse limits, sees a falling limit refused
 * under its field, saves, and resets the vital to the default. Screenshots in English light and Arabic dark at 375 px.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/vital-ranges';

type Ranges = { overrides: Record<string, Record<string, unknown>> };

for (const v of [{ name: 'en-light', lang: 'en', theme: 'light', width: 1440 }, { name: 'ar-dark-375', lang: 'ar', theme: 'dark', width: 375 }] as const) {
  test(`an administrator sets and resets a reference range: ${v.name}`, async ({ page, request }) => {
    const api = await Api.signIn(request);
    const before = await api.get<Ranges>('/vitals/reference-ranges');
    try {
      await page.setViewportSize({ width: v.width, height: 900 });
      await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
      await signIn(page, { lang: v.lang, theme: v.theme });
      await page.goto('/vital-ranges');
      const low = page.getByTestId('range-adult-pulse-low');
      await expect(low).toBeVisible({ timeout: 20_000 });
      await expect(low).toHaveAttribute('placeholder', /60|٦٠/);

      // A low limit above the high one is refused under the field, and nothing changes.
      await low.fill('130');
      await page.getByTestId('vital-ranges-save').click();
      await expect(low).toHaveAttribute('aria-invalid', 'true');
      expect((await api.get<Ranges>('/vitals/reference-ranges')).overrides).toEqual(before.overrides);
      await page.screenshot({ path: `${SHOTS}/${v.name}-error.png`, fullPage: false });

      await low.fill('55');
      await page.getByTestId('vital-ranges-save').click();
      await expect.poll(async () => (await api.get<Ranges>('/vitals/reference-ranges')).overrides.adult?.pulse).toEqual({ low: 55, high: 100, criticalLow: 40, criticalHigh: 130 });
      await expect(page.getByTestId('range-adult-pulse-state')).toHaveText(v.lang === 'ar' ? 'معدَّل' : 'Changed');

      await page.getByTestId('range-adult-pulse-reset').click();
      await page.getByTestId('vital-ranges-save').click();
      await expect.poll(async () => (await api.get<Ranges>('/vitals/reference-ranges')).overrides.adult?.pulse).toBeUndefined();
      await expect(low).toHaveValue('');
      await page.screenshot({ path: `${SHOTS}/${v.name}.png`, fullPage: true });
    } finally {
      await api.put('/vitals/reference-ranges', before.overrides);
    }
  });
}
