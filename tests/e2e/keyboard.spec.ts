import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO, expect, presetPreferences, test } from './fixtures';

/*
 * Without a mouse: signing in, the calendar's cells and cards, dialogs that keep and give back the focus, a focus ring
 * that shows in English light and Arabic dark; and the side menu that runs the full height of a long page.
 */

const SHOTS = process.env.A11Y_SHOTS ?? '/work/shots/a11y';

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token')))!;
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), path).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, { max = 60, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Signs in with the keyboard alone: Tab to each field, type, Enter. */
async function keyboardSignIn(page: Page, opts: { lang?: 'en' | 'ar'; theme?: 'light' | 'dark' } = {}) {
  await presetPreferences(page, opts);
  await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
  await page.goto('/login');
  await tabTo(page, 'input[name="email"]');
  await page.keyboard.type(DEMO.username);
  await tabTo(page, 'input[name="password"]');
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/** The calendar's first clinic and a day two to three weeks ahead that it is open. */
async function openDay(page: Page) {
  type Hours = Array<{ startTime: string; endTime: string }>;
  const clinics = await api<Array<{ _id: string }>>(page, '/clinics?allData=true&isActive=true&sortBy=publicId&order=asc');
  const clinicId = clinics[0]!._id;
  const from = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 28 * 86_400_000).toISOString().slice(0, 10);
  const overview = await api<{ days: Array<{ date: string; clinicHours: Hours; holiday: string | null }> }>(
    page, `/appointments/availability?clinic=${clinicId}&from=${from}&to=${to}`);
  return { clinicId, date: overview.days.find((d) => d.clinicHours.length && !d.holiday)!.date };
}

async function settled(page: Page) {
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
}

test('the week by keyboard: the grid takes focus, arrows move a visible cursor, Enter opens the form there; cards open with Enter and give the focus back', async ({ page }) => {
  test.setTimeout(120_000);
  await keyboardSignIn(page);
  const { date } = await openDay(page);
  await page.goto(`/patients/appointments?view=week&date=${date}`);
  await expect(page.getByTestId('calendar-grid')).toBeVisible({ timeout: 30_000 });
  await settled(page);

  await tabTo(page, '[data-testid="calendar-grid"]');
  const cursor = page.getByTestId('calendar-cursor');
  const said = page.getByTestId('calendar-cursor-text');
  await expect(cursor).toBeVisible();
  await expect(said).toContainText(/: (free|not bookable|.+)/);
  const before = (await cursor.boundingBox())!;
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await cursor.boundingBox())!.y).toBeGreaterThan(before.y);
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await cursor.boundingBox())!.x).toBeGreaterThan(before.x);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await cursor.boundingBox())!.y).toBe(before.y);

  // Down to a free time, then Enter: the booking form opens at that time, with the focus in it.
  for (let i = 0; i < 40 && !/free$/.test((await said.textContent()) ?? ''); i++) await page.keyboard.press('ArrowDown');
  await expect(said).toHaveText(/free$/);
  const time = /(\d\d:\d\d): free$/.exec((await said.textContent())!)![1]!;
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('appointment-side-form')).toBeVisible();
  await expect(page.getByTestId('appointment-form-time')).toHaveValue(new RegExp(time));
  await expect(page.getByTestId('appointment-side-form').locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('appointment-side-form')).toHaveCount(0);
  await expect(page.getByTestId('calendar-grid')).toBeFocused();

  // The appointments of a busier week are in the Tab order after the grid; Enter opens one in a drawer, Escape
  // closes it and the focus returns to the card.
  const ids = await api<Array<{ datetime: string }>>(page, `/appointments?status=scheduled&from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 14 * 86_400_000).toISOString())}`);
  const busy = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date(ids[0]!.datetime));
  await page.goto(`/patients/appointments?view=week&date=${busy}`);
  await expect(page.getByTestId('calendar-event').first()).toBeVisible({ timeout: 30_000 });
  await settled(page);
  await tabTo(page, '[data-testid="calendar-grid"]');
  await tabTo(page, '[data-testid="calendar-event"]');
  const card = await page.evaluate(() => document.activeElement!.getAttribute('data-appointment-id'));
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.locator(':focus')).toHaveCount(1);
  // The focus stays in the drawer, however far one tabs.
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-appointment-id'))).toBe(card);
});

test('a confirmation dialog keeps the focus while open and gives it back when closed', async ({ page }) => {
  await keyboardSignIn(page);
  await expect(page.getByTestId('users-table')).toBeVisible();
  await tabTo(page, '[data-testid="user-menu"]');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('logout')).toBeVisible();
  for (let i = 0; i < 10 && !(await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'logout')); i++) await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('logout')).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/log out/i);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toBeFocused();
});

for (const mode of [{ lang: 'en', theme: 'light' }, { lang: 'ar', theme: 'dark' }] as const) {
  test(`the focus ring shows on buttons, menu entries, fields and the calendar (${mode.lang} ${mode.theme})`, async ({ page }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS, { recursive: true });
    await keyboardSignIn(page, mode);
    await expect(page.getByTestId('users-table')).toBeVisible();
    const ring = async () => page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    // A menu entry of the side navigation.
    await tabTo(page, '[data-testid="sidebar"] a[href="/patients"]');
    expect(await ring()).toEqual({ style: 'solid', width: 2 });
    await page.screenshot({ path: `${SHOTS}/focus-menu-${mode.lang}-${mode.theme}.png`, clip: { x: 0, y: 0, width: 700, height: 450 } });
    if (mode.lang === 'ar') await page.screenshot({ path: `${SHOTS}/focus-menu-${mode.lang}-${mode.theme}-right.png`, clip: { x: 740, y: 0, width: 700, height: 450 } });
    // A button of the page.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/patients$/);
    await tabTo(page, 'main button, main a[href]');
    expect((await ring()).width).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: `${SHOTS}/focus-page-${mode.lang}-${mode.theme}.png` });
    // The calendar's cursor.
    const { date } = await openDay(page);
    await page.goto(`/patients/appointments?view=week&date=${date}`);
    await expect(page.getByTestId('calendar-grid')).toBeVisible({ timeout: 30_000 });
    await settled(page);
    await tabTo(page, '[data-testid="calendar-grid"]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('calendar-cursor')).toBeVisible();
    await page.getByTestId('calendar-cursor').screenshot({ path: `${SHOTS}/focus-calendar-cell-${mode.lang}-${mode.theme}.png` }).catch(() => undefined);
    await page.screenshot({ path: `${SHOTS}/focus-calendar-${mode.lang}-${mode.theme}.png` });
  });
}

test('the side menu runs the full height of a long page and stays put while it scrolls', async ({ page }) => {
  test.setTimeout(90_000);
  await keyboardSignIn(page);
  const patients = await api<Array<{ _id: string }>>(page, '/patients?limit=5');
  const viewport = page.viewportSize()!;
  for (const path of [`/patients/details/${patients[0]!._id}`, '/patients/appointments?view=week', '/clinics/add']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `${path} is longer than the window`).toBeGreaterThan(viewport.height);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const box = (await page.locator('.mantine-AppShell-navbar').boundingBox())!;
    expect(box.y, path).toBeLessThanOrEqual(0);
    expect(box.y + box.height, path).toBeGreaterThanOrEqual(viewport.height);
    // Its background is painted over the whole box, not only behind the menu entries.
    const painted = await page.evaluate(() => getComputedStyle(document.querySelector('.mantine-AppShell-navbar')!).backgroundColor);
    expect(painted).not.toBe('rgba(0, 0, 0, 0)');
  }
  await page.screenshot({ path: `${SHOTS}/sidebar-long-page-scrolled.png` });
});
