import { mkdirSync } from 'node:fs';
import { expect, runId, signIn, test } from './fixtures';

/*
 * Importing patients from a small Arabic CSV file: the check shows the refused row, the import brings the others in
 * (found in the patients list), and undoing the import removes them again. Screenshots in English (light), Arabic
 * (dark) and at 375 px, for review.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/imports';

const VIEWS = [
  { name: 'en-light', lang: 'en', theme: 'light', width: 1280, height: 900 },
  { name: 'ar-dark', lang: 'ar', theme: 'dark', width: 1280, height: 900 },
  { name: 'ar-dark-375', lang: 'ar', theme: 'dark', width: 375, height: 812 },
] as const;

function csv(tag: string) {
  const phone = (n: number) => `05${String(Date.now() % 10_000_000 + n * 1111).padStart(8, '0')}`;
  return [
    'الاسم,الجوال,تاريخ الميلاد,الجنس',
    `سارة ${tag},${phone(1)},1410/05/12 هـ,أنثى`,
    `خالد ${tag},${phone(2)},1985-03-04,ذكر`,
    `ليلى ${tag},12,1990-01-01,أنثى`,
  ].join('\n');
}

for (const v of VIEWS) {
  test(`imports patients from an Arabic CSV file, then undoes the import (${v.name})`, async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    const tag = runId();
    await page.setViewportSize({ width: v.width, height: v.height });
    await signIn(page, { lang: v.lang, theme: v.theme });
    await page.goto('/imports');
    await page.locator('input[type=file]').setInputFiles({ name: `مرضى-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv(tag)) });

    const report = page.getByTestId('import-report');
    await expect(report.getByTestId('import-problem')).toHaveCount(1);
    await expect(report.getByTestId('import-problem')).toContainText('الجوال');
    await expect(page.getByTestId('import-summary')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${v.name}-check.png`, fullPage: true });

    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-done')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/${v.name}-imported.png`, fullPage: true });

    await page.goto('/patients');
    await page.getByRole('searchbox').fill(tag);
    await expect(page.getByText(`سارة ${tag}`)).toBeVisible();
    await expect(page.getByText(`خالد ${tag}`)).toBeVisible();
    await expect(page.getByText(`ليلى ${tag}`)).toHaveCount(0);

    await page.goto('/imports');
    const batch = page.getByTestId('import-batch').filter({ hasText: tag });
    await batch.getByTestId('import-undo').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: v.lang === 'ar' ? 'تراجع' : 'Undo' }).click();
    await expect(batch).toContainText(v.lang === 'ar' ? 'تم التراجع' : 'Undone');
    await page.screenshot({ path: `${SHOTS}/${v.name}-history.png`, fullPage: true });

    await page.goto('/patients');
    await page.getByRole('searchbox').fill(tag);
    await expect(page.getByText(`سارة ${tag}`)).toHaveCount(0);
  });
}
