import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/*
 * The dashboard in English (light) and Arabic (dark); each printout printed to PDF by Chromium, its first page turned
 * into a picture to look at, in both languages; and a CSV export of the demo's patients with every row of the list.
 */

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '');
}

async function apiGet<T>(page: Page, path: string, token: string): Promise<T> {
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** Prints the page to PDF (print media, A4) and keeps a picture of its first page: pdftoppm when present, else a screenshot. */
async function printToPicture(page: Page, testInfo: TestInfo, name: string) {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  const pdfPath = testInfo.outputPath(`${name}.pdf`);
  writeFileSync(pdfPath, pdf);
  const png = testInfo.outputPath(name);
  if (existsSync('/usr/bin/pdftoppm')) {
    execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdfPath, png]);
  } else {
    await page.screenshot({ path: `${png}.png`, fullPage: true });
  }
  await page.emulateMedia({ media: 'screen' });
}

for (const [lang, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  test(`dashboard in ${lang} (${theme})`, async ({ page }, testInfo) => {
    await signIn(page, { lang, theme });
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await page.getByTestId('dashboard-period-kind').getByText(lang === 'ar' ? 'هذا الشهر' : 'This month').click();
    await expect(page.getByTestId('tile-total')).toBeVisible();
    await expect(page.getByTestId('dashboard-agenda')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${lang}-${theme}.png`), fullPage: true });
  });

  test(`printouts in ${lang}`, async ({ page }, testInfo) => {
    await signIn(page, { lang });
    const token = await tokenOf(page);
    const list = await apiGet<{ data: Array<{ _id: string; datetime: string; clinic: { _id: string }; patient: { _id: string } }> }>(
      page, '/appointments?limit=5&sortBy=datetime&order=desc&status=completed', token,
    );
    const a = list.data[0]!;
    const day = a.datetime.slice(0, 10);

    await page.goto(`/print/schedule?clinic=${a.clinic._id}&date=${day}`);
    await expect(page.getByTestId('print-schedule').locator('table')).toBeVisible();
    await expect(page.getByTestId('print-schedule')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await printToPicture(page, testInfo, `schedule-${lang}`);

    await page.goto(`/print/slip/${a._id}`);
    await expect(page.getByTestId('print-slip').locator('table')).toBeVisible();
    await printToPicture(page, testInfo, `slip-${lang}`);

    await page.goto(`/print/patient/${a.patient._id}?size=A5`);
    await expect(page.getByTestId('printed-by')).toBeVisible();
    await printToPicture(page, testInfo, `patient-${lang}-a5`);
    // The summary's read is in the audit log.
    const audit = await apiGet<{ data: Array<{ action: string }> }>(page, `/audit?entity=patient&entityId=${a.patient._id}&limit=5`, token);
    expect(audit.data.length).toBeGreaterThan(0);
  });
}

test('a CSV export of the demo patients has every row of the list', async ({ page }) => {
  await signIn(page);
  const token = await tokenOf(page);
  const list = await apiGet<{ pagination: { total_items: number; total_exact: boolean } }>(page, '/patients?limit=5&isActive=true', token);
  const res = await page.request.get('/api/patients/export.csv?isActive=true', { headers: { authorization: `Bearer ${token}`, 'accept-language': 'ar' } });
  expect(res.status()).toBe(200);
  const body = await res.body();
  expect(body.subarray(0, 3).toString('hex')).toBe('efbbbf');
  const text = body.toString('utf8').slice(1);
  // Names have no line breaks, so records are lines (a quoted field may hold commas).
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  expect(lines[0]).toContain('الاسم');
  if (list.pagination.total_exact) expect(lines.length - 1).toBe(list.pagination.total_items);
  else expect(lines.length - 1).toBeGreaterThanOrEqual(list.pagination.total_items);
});
