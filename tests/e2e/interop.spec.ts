import { Api, expect, openDays, runId, signIn, test, zonedIso } from './fixtures';

/**
 * A private calendar address made from My profile is a real iCalendar feed that a calendar app can read; the FHIR
 * API answers the same sign-in's token. The doctor and the patients are the test's own, made through the API.
 */
test('an administrator makes a doctor\'s calendar address and a calendar app can read it', async ({ page, request }, testInfo) => {
  const api = await Api.signIn(request);
  const practice = await api.practice({ patients: 1, label: 'Feed Clinic' });
  const doctor = practice.doctors[0];
  // An appointment of the doctor's on the clinic's next open day: the feed carries it, in the clinic's zone.
  const [day] = openDays(practice.clinic);
  await api.book(practice, { datetime: zonedIso(day!.date, '11:00', practice.clinic.timeZone) });
  await signIn(page);
  await page.goto('/myProfile');
  const card = page.getByTestId('calendar-feeds');
  await expect(card).toBeVisible();
  await card.getByTestId('feed-target').click();
  await card.getByTestId('feed-target').fill(doctor!.name);
  await page.getByRole('option', { name: doctor!.name, exact: true }).click();
  await card.getByRole('button', { name: 'Create address' }).click();
  const address = card.getByTestId('calendar-feed-url').getByRole('textbox');
  await expect(address).toHaveValue(/\/api\/calendars\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await address.inputValue();
  const feed = await request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  const text = await feed.text();
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain('BEGIN:VTIMEZONE');
  expect(text).toContain('BEGIN:VEVENT');
  await page.screenshot({ path: testInfo.outputPath('feeds-en-light.png'), fullPage: true });

  // The row can be revoked; the address then stops answering.
  await card.getByTestId('calendar-feed-row').filter({ hasText: doctor!.name }).getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /confirm|revoke/i }).click();
  await expect.poll(async () => (await request.get(new URL(url).pathname)).status()).toBe(404);
});

test('the calendar address card in Arabic, dark, at phone width', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, { lang: 'ar', theme: 'dark' });
  await page.goto('/myProfile');
  const card = page.getByTestId('calendar-feeds');
  await expect(card).toContainText('المواعيد على هاتفك');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('feeds-ar-dark-375.png'), fullPage: true });
});

test('the FHIR API answers a signed-in token with a searchset Bundle', async ({ request }) => {
  const api = await Api.signIn(request);
  const id = runId();
  for (const first of ['Huda', 'Karim', 'Salma']) await api.patient(`${first} ${id}`);
  const res = await request.get('/api/fhir/R4/Patient?_count=3', { headers: { authorization: `Bearer ${api.token}` } });
  expect(res.status()).toBe(200);
  const bundle = await res.json();
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.total).toBeGreaterThan(0);
  expect(bundle.entry).toHaveLength(3);
});
