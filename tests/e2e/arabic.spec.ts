import type { Page } from '@playwright/test';
import { Api, expect, signIn, test } from './fixtures';

/*
 * Hijri dates beside Gregorian ones and Arabic-Indic digits on a list, a patient's details and the calendar, in
 * English (light), Arabic (dark) and on a phone, saved as screenshots for review. The patient shown is the test's own.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/arabic';

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '');
}

async function setPreferences(page: Page, preferences: { hijriMode: string | null; digits: string }) {
  const res = await page.request.put('/api/profile/preferences', { headers: { authorization: `Bearer ${await tokenOf(page)}` }, data: preferences });
  expect(res.status(), await res.text()).toBe(200);
}


const VARIANTS = [
  { name: 'en-light', lang: 'en', theme: 'light', width: 1440, height: 900, digits: 'latn' },
  { name: 'ar-dark', lang: 'ar', theme: 'dark', width: 1440, height: 900, digits: 'arab' },
  { name: 'ar-dark-375', lang: 'ar', theme: 'dark', width: 375, height: 812, digits: 'arab' },
] as const;

for (const v of VARIANTS) {
  test(`Hijri dates and digits: ${v.name}`, async ({ page, request }) => {
    // A clinic (the calendar has one to show, whatever the database holds) and a patient of the test's own.
    // Signed in as a user of its own: the display settings it changes are nobody else's (other tests run alongside).
    const api = await Api.signIn(request);
    const { clinic, patients: [patient] } = await api.practice({ patients: 1, label: 'Hijri Clinic' });
    const reader = await api.signInUser(['patient_read', 'appointment_read', 'clinic_read', 'service_read', 'employee_read'], [clinic._id], 'Hijri');
    await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
    await page.setViewportSize({ width: v.width, height: v.height });
    await signIn(page, { ...reader, lang: v.lang, theme: v.theme });
    await setPreferences(page, { hijriMode: 'beside', digits: v.digits });
    await page.goto('/patients');
    await expect(page.getByRole('table').or(page.getByTestId('patient-card')).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${v.name}-patients.png`, fullPage: false });

    await page.goto(`/patients/details/${patient!._id}`);
    await expect(page.getByTestId('patient-name')).toBeVisible();
    const text = await page.locator('main').innerText();
    // A date written in both calendars: the Hijri one in brackets, "AH" or "هـ".
    expect(text).toMatch(v.lang === 'ar' ? /\([^)]*هـ\)/ : /\([^)]* AH\)/);
    if (v.digits === 'arab') expect(text).toMatch(/[٠-٩]/);
    await page.screenshot({ path: `${SHOTS}/${v.name}-patient-details.png`, fullPage: false });

    await page.goto('/appointments/calendar');
    await expect(page.getByTestId('calendar-day-header').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('calendar-hijri-day').first()).toBeVisible();
    // The time column in the chosen digits, as Intl writes them.
    await expect(page.getByTestId('calendar-slot-label').first()).toHaveText(v.digits === 'arab' ? /^[٠-٩]{2}:[٠-٩]{2}$/ : /^\d{2}:\d{2}$/);
    await page.screenshot({ path: `${SHOTS}/${v.name}-calendar.png`, fullPage: false });
  });
}
