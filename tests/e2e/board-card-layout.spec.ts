import type { Page } from '@playwright/test';
import { daytimeZone, expect, signIn, test } from './fixtures';

/*
 * How a card of Today's board lays out its patient's name: in the page's own alignment whatever the name's script, and
 * readable beside the minutes waiting on a desktop-width board. Each test makes its own clinic (open around the clock),
 * doctor, service and patient through the API, and books for later today.
 */

const TZ = daytimeZone();
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const suffix = () => [...String(Date.now() % 1_000_000_000)].map((d) => 'abcdefghij'[Number(d)]).join('').replace(/^./, (c) => c.toUpperCase());

/** A clinic, a doctor and a service of the run's own, and a patient with a Latin name (`first` and the run's suffix) booked in 45 minutes. */
async function bookToday(page: Page, first = 'Layla Al-Shehri') {
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '');
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`/api${path}`, { headers, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return ((await res.json()) as { data: { _id: string } }).data;
  };
  const me = await page.request.get('/api/profile', { headers });
  const pic = ((await me.json()) as { data: { _id: string } }).data._id;
  const id = suffix();
  const clinicName = `Board Layout ${id}`;
  const clinic = await post('/clinics', {
    name: clinicName, PIC: pic, AverageDurationOfVisit: 15, timeZone: TZ, overview: 'Walk-ins welcome', yearOfEstablishment: '2016-01-01',
    address: 'Ground floor', vision: 'Short waits', goals: 'Short waits', locationGoogl: { x: 24.7, y: 46.6 },
    WorkingHours: DAYS.map((day) => ({ day, timeSlots: [{ startTime: '00:00', endTime: '23:59' }] })),
  });
  const doctor = await post('/employees', {
    name: `Dr. Rana ${id}`, employeeType: 'Doctor', email: `rana${id.toLowerCase()}@alnoor.test`, identity: `D-${id}`, clinics: [clinic._id],
    contactInfos: [{ type: 'phone', value: '0500000000' }], dateOfBirth: '1985-01-01', gender: 'female', address: 'Riyadh', hireDate: '2020-01-01',
    medicalLicenseNumber: `L-${id}`, certifications: ['Board certified'], workingHours: DAYS.map((day) => ({ day, startTime: '00:00', endTime: '23:59' })),
  });
  const service = await post('/services', { name: `Check ${id}`, description: 'A short visit', price: 50, durationMinutes: 15, clinic: clinic._id, doctors: [doctor._id] });
  const name = `${first} ${id}`;
  const patient = await post('/patients', {
    name, identity: `P-${id}`, phone: '0501234567', dateOfBirth: '1990-01-01', gender: 'female', nationality: 'Saudi', marital_status: 'Single',
    blood_type: 'O+', address: 'Riyadh', Smoking: 'no', professiona_experi: 'Teacher',
  });
  await post('/appointments', {
    patient: patient._id, doctor: doctor._id, clinic: clinic._id, service: service._id, datetime: new Date(Date.now() + 45 * 60_000).toISOString(), reason: 'Review',
  });
  await page.goto('/frontdesk');
  await expect(page.getByTestId('frontdesk-board')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('frontdesk-clinic').click();
  await page.getByRole('option', { name: clinicName }).click();
  await expect(page.getByTestId('frontdesk-loading')).toHaveCount(0, { timeout: 30_000 });
  return name;
}

/** Where a text's glyphs start and end, and its box. */
const extent = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const text = range.getBoundingClientRect();
  const box = el.getBoundingClientRect();
  return { textLeft: text.left, textRight: text.right, boxLeft: box.left, boxRight: box.right };
});

test('in Arabic, a Latin name and its doctor line start at the card\'s right, as the page does', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, { lang: 'ar' });
  const name = await bookToday(page);
  const card = page.getByTestId('board-section-scheduled').getByTestId('board-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  const nameText = await extent(page, `[data-appointment-id="${await card.getAttribute('data-appointment-id')}"] [data-testid="board-card-open"] p`);
  expect(Math.abs(nameText.boxRight - nameText.textRight)).toBeLessThan(2);
  expect(nameText.textLeft - nameText.boxLeft).toBeGreaterThan(20);
  const doctorLine = await extent(page, `[data-appointment-id="${await card.getAttribute('data-appointment-id')}"] p[title*="Dr. Rana"]`);
  expect(Math.abs(doctorLine.boxRight - doctorLine.textRight)).toBeLessThan(2);
});

test('on a desktop-width board, a checked-in patient\'s name stays readable beside the minutes waiting', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const name = await bookToday(page, 'Layla');
  await page.getByTestId('board-section-scheduled').getByTestId('board-card').filter({ hasText: name }).getByTestId('appointment-check-in').click();
  const card = page.getByTestId('board-section-arrived').getByTestId('board-card').filter({ hasText: name });
  await expect(card.getByTestId('board-card-waiting')).toContainText('min waiting');
  // Not cut: the whole name fits its box.
  const cut = await card.getByTestId('board-card-open').locator('p').evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut).toBe(false);
});
