import type { Page } from '@playwright/test';
import { Api, expect, runId, signIn, test } from './fixtures';

/*
 * Vitals and allergies at the point of care: a doctor working in Arabic records vitals in °F and lb and sees them
 * stored canonically and shown as typed, an implausible value is refused under its field, the trend plots every
 * reading, and the allergy banner goes from "not recorded" to "no known allergies" to the allergy itself. Screenshots
 * in English light, Arabic dark and on a 375 px phone, for review.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/vitals';

interface Reading { vital: string; value: number; enteredValue: number; enteredUnit: string; flag: string }
interface VitalsSet { readings: Reading[] }

/** A patient of the test's own with nineteen earlier temperature readings, one a day. */
async function patientWithHistory(api: Api): Promise<string> {
  const patient = await api.patient(`Huda Vitals ${runId()}`);
  for (let i = 0; i < 19; i++) {
    const takenAt = new Date(Date.now() - (20 - i) * 86_400_000).toISOString();
    await api.post(`/patients/${patient._id}/vitals`, { takenAt, temperature: 36.5 + (i % 5) * 0.4, pulse: 70 + i, systolic: 118 + (i % 4) * 6, diastolic: 76 });
  }
  return patient._id;
}

async function openPatient(page: Page, id: string) {
  await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
  await page.goto(`/patients/details/${id}`);
  await expect(page.getByTestId('patient-clinical')).toBeVisible({ timeout: 20_000 });
}

test('a doctor in Arabic records vitals in °F and lb, sees them converted, and the trend plots every reading', async ({ page, request }) => {
  const api = await Api.signIn(request);
  const id = await patientWithHistory(api);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, { username: 'doctor', lang: 'ar', theme: 'dark' });
  await openPatient(page, id);
  const banner = page.getByTestId('allergy-banner').first();
  await expect(banner).toHaveAttribute('data-state', 'unknown');
  await expect(banner).toContainText('الحساسية غير مسجّلة');

  // An implausible temperature in °F is refused under its field, and nothing is stored.
  await page.getByTestId('vitals-add').click();
  await page.getByTestId('vitals-temperatureUnit').getByText('°ف').click();
  await page.getByTestId('vitals-temperature').fill('200');
  await page.getByTestId('vitals-save').click();
  await expect(page.getByText('يجب أن تكون الحرارة بين 77 و113 °ف')).toBeVisible();
  expect(await api.get<VitalsSet[]>(`/patients/${id}/vitals?limit=500`)).toHaveLength(19);

  // 101.3 °F and 154 lb with 170 cm: BMI computed as typed, saved, shown as typed, stored in °C and kg.
  await page.getByTestId('vitals-temperature').fill('101.3');
  await page.getByTestId('vitals-weightUnit').getByText('رطل').click();
  await page.getByTestId('vitals-weight').fill('154');
  await page.getByTestId('vitals-height').fill('170');
  await page.getByTestId('vitals-pulse').fill('112');
  await expect(page.getByTestId('vitals-bmi')).toHaveValue(/24[.٫]2|٢٤٫٢/);
  await page.getByTestId('vitals-save').click();
  const temperature = page.getByTestId('vital-temperature');
  await expect(temperature).toContainText(/101[.٫]3|١٠١٫٣/);
  await expect(temperature).toContainText('°ف');
  await expect(temperature).toHaveAttribute('data-flag', 'high');
  await expect(page.getByTestId('vital-weight')).toContainText(/154|١٥٤/);
  await expect(page.getByTestId('vital-weight')).toContainText('رطل');
  const [latest] = await api.get<VitalsSet[]>(`/patients/${id}/vitals?limit=1`);
  const byVital = Object.fromEntries(latest!.readings.map((r) => [r.vital, r]));
  expect(byVital.temperature).toMatchObject({ value: 38.5, enteredValue: 101.3, enteredUnit: 'F' });
  expect(byVital.weight).toMatchObject({ value: 69.853, enteredValue: 154, enteredUnit: 'lb' });

  // Twenty temperature readings: twenty points.
  const trend = page.getByTestId('vital-trend');
  await expect(trend.getByTestId('vital-trend-count')).toHaveAttribute('data-points', '20');
  await expect(trend.locator('.recharts-line-dots circle, .recharts-line-dot')).toHaveCount(20);
  await page.screenshot({ path: `${SHOTS}/ar-dark-vitals.png`, fullPage: false });

  // Allergies: "no known allergies" recorded, then an allergy replaces it.
  await page.getByTestId('allergy-record-nka').click();
  await expect(banner).toHaveAttribute('data-state', 'none');
  await expect(banner).toContainText('لا توجد حساسية معروفة');
  await page.getByTestId('allergy-add').click();
  await page.getByTestId('allergy-substance').fill('البنسلين');
  await page.getByTestId('allergy-reaction').fill('شرى');
  await page.getByTestId('allergy-save').click();
  await expect(banner).toHaveAttribute('data-state', 'allergies');
  await expect(banner).toContainText('البنسلين');
  await expect(page.getByTestId('allergy-record-nka')).toHaveCount(0);
  await page.getByTestId('patient-clinical').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/ar-dark-clinical.png`, fullPage: true });
});

for (const v of [{ name: 'en-light', lang: 'en', theme: 'light', width: 1440 }, { name: 'ar-dark-375', lang: 'ar', theme: 'dark', width: 375 }] as const) {
  test(`the clinical area reads well: ${v.name}`, async ({ page, request }) => {
    const api = await Api.signIn(request);
    const id = await patientWithHistory(api);
    await api.post(`/patients/${id}/allergies`, { substance: 'Penicillin', reaction: 'Hives', severity: 'severe' });
    await page.setViewportSize({ width: v.width, height: 900 });
    await signIn(page, { username: 'doctor', lang: v.lang, theme: v.theme });
    await openPatient(page, id);
    await expect(page.getByTestId('allergy-banner').first()).toHaveAttribute('data-state', 'allergies');
    await expect(page.getByTestId('vital-trend-count')).toHaveAttribute('data-points', '19');
    await page.screenshot({ path: `${SHOTS}/${v.name}-patient.png`, fullPage: false });
    await page.getByTestId('patient-clinical').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${v.name}-clinical.png`, fullPage: true });
  });
}
