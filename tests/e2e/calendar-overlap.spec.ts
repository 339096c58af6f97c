import type { Locator, Page } from '@playwright/test';
import { Api, chooseCalendarClinic, expect, openDays, signIn, test, zonedIso } from './fixtures';

/*
 * A busy hour in the calendar: visits booked at the same time with different doctors stand side by side, never drawn
 * over each other, and on a phone the calendar shows one day so their names stay readable. The test books its own
 * clinic, doctors and patients through the API.
 */

type Box = { x: number; y: number; width: number; height: number };
const apart = (a: Box, b: Box) => a.x + a.width <= b.x + 1 || b.x + b.width <= a.x + 1;

async function boxes(cards: Locator): Promise<Box[]> {
  const out: Box[] = [];
  for (const card of await cards.all()) {
    const box = await card.boundingBox();
    if (box) out.push(box);
  }
  return out;
}

async function openWeek(page: Page, date: string, clinic: string) {
  await page.goto(`/patients/appointments?date=${date}`);
  await expect(page.getByTestId('calendar-grid')).toBeVisible({ timeout: 30_000 });
  await chooseCalendarClinic(page, clinic);
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
}

test('visits at the same time stand side by side, and a phone shows one readable day', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const api = await Api.signIn(request);
  const practice = await api.practice({ doctors: 3, patients: 3, label: 'Busy Clinic' });
  const [day] = openDays(practice.clinic);
  const at = zonedIso(day!.date, '10:00', practice.clinic.timeZone);
  for (const i of [0, 1, 2]) await api.book(practice, { patient: i, doctor: i, datetime: at, reason: `Busy hour ${i}` });

  await signIn(page, { lang: 'en', theme: 'light' });
  await openWeek(page, day!.date, practice.clinic.name);
  const cards = page.getByTestId('calendar-event').filter({ hasText: practice.id });
  await expect(cards).toHaveCount(3, { timeout: 20_000 });
  const week = await boxes(cards);
  for (let i = 0; i < week.length; i++) for (let j = i + 1; j < week.length; j++) expect(apart(week[i]!, week[j]!), `cards ${i} and ${j} overlap`).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('calendar-overlap-week.png') });

  // A phone: one day, its visits side by side (two, and a "+1" for the third), each name written out.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('calendar-day-header')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
  const shown = page.getByTestId('calendar-event').filter({ hasText: practice.id });
  await expect(shown.first()).toBeVisible();
  // Once the one-day grid has laid its cards out: at least two side by side, none over another, each given an equal
  // share of the day's width (a card drawn over another gets a sliver).
  const column = (await page.getByTestId('calendar-day-header').boundingBox())!;
  await expect.poll(async () => {
    const phone = await boxes(shown);
    const sideBySide = phone.every((a, i) => phone.every((b, j) => j <= i || apart(a, b)));
    return phone.length >= 2 && sideBySide && phone.every((box) => box.width > column.width / 4);
  }, { timeout: 20_000 }).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('calendar-overlap-375.png') });
});
