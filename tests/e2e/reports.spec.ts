import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { Api, expect, openDays, runId, signIn, test, zonedIso } from './fixtures';

/*
 * The dashboard in English (light) and Arabic (dark); each printout printed to PDF by Chromium, its first page turned
 * into a picture to look at, in both languages; and a CSV export of patients with every row of the list. The
 * appointment printed and the patients exported are the test's own, made through the API.
 */

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

  test(`printouts in ${lang}`, async ({ page, request }, testInfo) => {
    const api = await Api.signIn(request);
    const practice = await api.practice({ patients: 1, label: 'Print Clinic' });
    const [day] = openDays(practice.clinic);
    const booked = await api.book(practice, { datetime: zonedIso(day!.date, '09:30', practice.clinic.timeZone) });
    const a = { _id: booked._id, patient: practice.patients[0]! };
    await signIn(page, { lang });

    await page.goto(`/print/schedule?clinic=${practice.clinic._id}&date=${day!.date}`);
    await expect(page.getByTestId('print-schedule').locator('table')).toBeVisible();
    await expect(page.getByTestId('print-schedule')).toContainText(a.patient.name);
    await expect(page.getByTestId('print-schedule')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await printToPicture(page, testInfo, `schedule-${lang}`);

    await page.goto(`/print/slip/${a._id}`);
    await expect(page.getByTestId('print-slip').locator('table')).toBeVisible();
    await printToPicture(page, testInfo, `slip-${lang}`);

    await page.goto(`/print/patient/${a.patient._id}?size=A5`);
    await expect(page.getByTestId('printed-by')).toBeVisible();
    await printToPicture(page, testInfo, `patient-${lang}-a5`);

    // On a phone the sheet fits the screen: nothing spills past its edges (a wide table scrolls inside it).
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/print/schedule?clinic=${practice.clinic._id}&date=${day!.date}`);
    const sheet = page.getByTestId('print-schedule');
    await expect(sheet.locator('table')).toBeVisible();
    const fit = await sheet.evaluate((el) => ({ inner: el.scrollWidth - el.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth }));
    expect(fit).toEqual({ inner: 0, page: 0 });
    await page.screenshot({ path: testInfo.outputPath(`schedule-${lang}-375.png`) });
    // The summary's read is in the audit log.
    const audit = await api.get<Array<{ action: string }>>(`/audit?entity=patient&entityId=${a.patient._id}&limit=5`);
    expect(audit.length).toBeGreaterThan(0);
  });
}

test('a CSV export of patients has every row of the list', async ({ request }) => {
  const api = await Api.signIn(request);
  // Seven patients of the run's own (more than a page of five), found by the run's id.
  const id = runId();
  const names: string[] = [];
  for (const first of ['Huda', 'Karim', 'Salma', 'Nasser', 'Reem', 'Tariq', 'Maha']) names.push((await api.patient(`${first} ${id}`)).name);
  const res = await request.get(`/api/patients/export.csv?isActive=true&search=${id}`, { headers: { authorization: `Bearer ${api.token}`, 'accept-language': 'ar' } });
  expect(res.status()).toBe(200);
  const body = await res.body();
  expect(body.subarray(0, 3).toString('hex')).toBe('efbbbf');
  const text = body.toString('utf8').slice(1);
  // Names have no line breaks, so records are lines (a quoted field may hold commas).
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  expect(lines[0]).toContain('الاسم');
  expect(lines.length - 1).toBe(names.length);
  for (const name of names) expect(lines.filter((l) => l.includes(name)), name).toHaveLength(1);
});
