import type { APIRequestContext } from '@playwright/test';
import { Api, expect, runId, signIn, test } from './fixtures';

/*
 * A doctor records a medication the patient takes (a drug of the catalogue found by its Arabic name, written without
 * its hamza), sees the frequency written out, then stops it with a reason; an administrator imports a catalogue file
 * with a bad line and is told which line. In English (light), Arabic (dark) and on a phone, saved as screenshots.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/medications';
const HEADER = 'name,generic name,form,strength,Arabic name';

const VARIANTS = [
  { name: 'en-light', lang: 'en', theme: 'light', width: 1440, height: 900 },
  { name: 'ar-dark', lang: 'ar', theme: 'dark', width: 1440, height: 900 },
  { name: 'ar-dark-375', lang: 'ar', theme: 'dark', width: 375, height: 812 },
] as const;

const TEXT = {
  en: { twice: 'twice daily', oneTablet: '1 tablet', stopped: 'Stopped', reason: 'Rash on both arms', line: 'Line 3: the name is missing', unit: 'tablet', frequency: 'twice daily (BID)' },
  ar: { twice: 'مرتين يومياً', oneTablet: 'قرص واحد', stopped: 'موقوف', reason: 'طفح جلدي على الذراعين', line: 'السطر 3: الاسم غير موجود', unit: 'قرص', frequency: 'مرتين يومياً (BID)' },
} as const;

async function importCatalogue(request: APIRequestContext, token: string, csv: string) {
  return request.post('/api/medications/import', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'drugs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') } },
  });
}

for (const v of VARIANTS) {
  test(`a doctor adds a medication by hand and stops it: ${v.name}`, async ({ page, request }) => {
    const text = TEXT[v.lang];
    const api = await Api.signIn(request);
    const id = runId();
    const drug = `Augmentin ${id}`;
    const imported = await importCatalogue(request, api.token, `${HEADER}\n${drug},Amoxicillin/Clavulanate,Tablet,625 mg,أوجمنتين ${id}\n`);
    expect(imported.status(), await imported.text()).toBe(200);
    const patient = await api.patient(`Mona ${id}`);
    const doctor = await api.signInUser(['patient_read', 'clinical_read', 'clinical_write', 'prescribe'], [], 'Doctor');
    await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
    await page.setViewportSize({ width: v.width, height: v.height });
    await signIn(page, { ...doctor, lang: v.lang, theme: v.theme });

    await page.goto(`/patients/details/${patient._id}`);
    const list = page.getByTestId('medication-list');
    await expect(list.getByTestId('medication-empty')).toBeVisible();
    await list.getByTestId('medication-add').click();
    const form = page.getByTestId('medication-form');
    // Found by its Arabic name written without the hamza (اوجمنتين for أوجمنتين).
    await form.getByTestId('medication-drug').fill(`اوجمنتين ${id}`);
    await page.getByRole('option', { name: new RegExp(drug) }).click();
    await form.getByTestId('medication-dose').fill('1');
    await form.getByTestId('medication-unit').click();
    await page.getByRole('option', { name: text.unit, exact: true }).click();
    await form.getByTestId('medication-frequency').click();
    await page.getByRole('option', { name: text.frequency }).click();
    await expect(form.getByTestId('medication-frequency')).toHaveValue(text.frequency);
    await page.screenshot({ path: `${SHOTS}/${v.name}-add.png` });
    await form.getByTestId('medication-submit').click();
    await expect(form).toBeHidden();

    const row = list.getByTestId('medication-row').filter({ hasText: drug });
    await expect(row.getByTestId('medication-directions')).toContainText(text.twice);
    await expect(row.getByTestId('medication-directions')).toContainText(text.oneTablet);
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${v.name}-list.png` });

    await row.getByTestId('medication-actions').click();
    await page.getByTestId('medication-stop').click();
    const close = page.getByTestId('medication-close-form');
    // A stop without a reason is refused on the form.
    await close.getByTestId('medication-close-submit').click();
    await expect(close).toBeVisible();
    await close.getByTestId('medication-close-reason').fill(text.reason);
    await close.getByTestId('medication-close-submit').click();
    await expect(close).toBeHidden();
    await expect(row).toHaveAttribute('data-status', 'stopped');
    await expect(row.getByTestId('medication-status')).toHaveText(text.stopped);
    await expect(row.getByTestId('medication-reason')).toContainText(text.reason);
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${v.name}-stopped.png` });
  });

  test(`a catalogue file with a bad line is refused by line: ${v.name}`, async ({ page, request }) => {
    const text = TEXT[v.lang];
    const api = await Api.signIn(request);
    const id = runId();
    const keeper = await api.signInUser(['service_read', 'service_write'], [], 'Pharmacy');
    await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
    await page.setViewportSize({ width: v.width, height: v.height });
    await signIn(page, { ...keeper, lang: v.lang, theme: v.theme });
    await page.goto('/medications');
    await expect(page.getByTestId('catalogue-count')).toBeVisible();
    const csv = `${HEADER}\nZyrtec ${id},Cetirizine,Tablet,10 mg,زيرتك\n,Loratadine,Tablet,10 mg,كلاريتين\n`;
    await page.locator('input[type="file"]').setInputFiles({ name: 'drugs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const errors = page.getByTestId('catalogue-import-errors');
    await expect(errors.getByTestId('catalogue-import-line')).toHaveText([text.line]);
    // Nothing of the file was imported.
    await page.getByTestId('catalogue-search').fill(`Zyrtec ${id}`);
    await expect(page.getByTestId('catalogue-empty')).toBeVisible();
    await page.getByTestId('catalogue-search').fill('');
    await expect(page.getByTestId('catalogue-row').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${v.name}-catalogue.png` });
  });
}
