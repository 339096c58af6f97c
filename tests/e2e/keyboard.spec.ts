import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { Api, DEMO, expect, openDays, presetPreferences, test, zonedIso } from './fixtures';

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
async function tabTo(page: Page, selector: string, { max = 200, back = false } = {}) {
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

/**
 * A clinic of the test's own (Sunday to Thursday) with a doctor, a service and a patient, and an open day at least
 * eight days ahead (its whole week is still to come), computed from the clinic's hours in its zone.
 */
async function ownDay(request: APIRequestContext) {
  const api = await Api.signIn(request);
  const practice = await api.practice({ patients: 1, label: 'Keys Clinic' });
  const [day] = openDays(practice.clinic, { after: 8 });
  return { api, practice, clinicId: practice.clinic._id, date: day!.date };
}

/** Chooses the calendar's clinic from the keyboard: Tab to the picker, type the name, pick the option with Enter. */
async function keyboardChooseClinic(page: Page, name: string) {
  await tabTo(page, '[data-testid="calendar-clinic"]');
  // The calendar remembers the clinic last chosen: when it is this one already, there is nothing to choose.
  if ((await page.getByTestId('calendar-clinic').inputValue()) === name) {
    await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
    return;
  }
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(name);
  const option = page.getByRole('option', { name, exact: true });
  await expect(option).toBeVisible();
  // Arrow down until the clinic's option is the highlighted one (the list may still hold other clinics), then Enter.
  for (let i = 0; i < 10 && (await option.getAttribute('data-combobox-selected')) === null; i++) await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('data-combobox-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('calendar-clinic')).toHaveValue(name);
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
}

type Card = { _id: string; datetime: string };

/** The first clinic and a day to come (in the clinic's zone) with scheduled appointments. */
async function busyDay(page: Page) {
  const clinics = await api<Array<{ _id: string; name: string }>>(page, '/clinics?allData=true&isActive=true&sortBy=publicId&order=asc');
  const { _id: clinicId, name: clinicName } = clinics[0]!;
  const from = new Date(Date.now() + 86_400_000).toISOString();
  const to = new Date(Date.now() + 21 * 86_400_000).toISOString();
  const ahead = await api<Card[]>(page, `/appointments?clinic=${clinicId}&status=scheduled&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&view=calendar`);
  expect(ahead.length, 'scheduled appointments to come').toBeGreaterThan(0);
  const first = ahead.map((a) => a.datetime).sort()[0]!;
  return { clinicId, clinicName, date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date(first)) };
}

async function settled(page: Page) {
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

test('a booking without a mouse: sign in, the day by doctor, arrows to a free time, Enter, fill the form, save', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { practice, clinicId, date } = await ownDay(request);
  await keyboardSignIn(page);
  type Overview = { slotMinutes: number; doctors: Array<{ _id: string; name: string }> };
  const overview = await api<Overview>(page, `/appointments/availability?clinic=${clinicId}&from=${date}&to=${date}`);
  const services = await api<Array<{ _id: string; name: string; durationMinutes: number | null; doctors: Array<{ _id: string }> }>>(
    page, `/services?clinic=${clinicId}&isActive=true&allData=true`);
  await page.goto(`/patients/appointments?view=day&date=${date}`);
  await expect(page.getByTestId('dayview')).toBeVisible({ timeout: 30_000 });
  await settled(page);
  await keyboardChooseClinic(page, practice.clinic.name);
  const own = page.locator(`[data-testid="dayview-column"][data-doctor-id="${practice.doctors[0]!._id}"]`);
  await expect(own.getByTestId('dayview-free').first()).toBeVisible({ timeout: 20_000 });

  // A doctor of the clinic who provides a service, and a free time of theirs long enough for it.
  const columns = await page.getByTestId('dayview-column').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.doctorId!));
  let plan: { doctorIndex: number; service: (typeof services)[number]; time: string } | undefined;
  for (let i = 0; i < columns.length && !plan; i++) {
    const service = services.find((s) => s.doctors.some((d) => d._id === columns[i]));
    if (!service) continue;
    const free = await page.locator(`[data-testid="dayview-column"][data-doctor-id="${columns[i]}"] [data-testid="dayview-free"]`)
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.time!));
    const need = Math.ceil((service.durationMinutes ?? overview.slotMinutes) / overview.slotMinutes);
    const time = free.find((t) => Array.from({ length: need }, (_, k) => minutesOf(t) + k * overview.slotMinutes).every((m) => free.some((f) => minutesOf(f) === m)));
    if (time) plan = { doctorIndex: i, service, time };
  }
  expect(plan, 'a doctor with a free time').toBeDefined();
  const doctor = overview.doctors.find((d) => d._id === columns[plan!.doctorIndex])!;
  // The clinic's patient, with nothing booked.
  const patient = practice.patients[0]!;

  // Tab into the cells, then the arrows: across to the doctor, down to the time.
  await tabTo(page, '[data-cell]');
  const first = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.time!);
  for (let i = 0; i < plan!.doctorIndex; i++) await page.keyboard.press('ArrowRight');
  for (let m = minutesOf(first); m < minutesOf(plan!.time); m += overview.slotMinutes) await page.keyboard.press('ArrowDown');
  const focused = page.locator(`[data-testid="dayview-column"][data-doctor-id="${doctor._id}"] [data-cell][data-time="${plan!.time}"]`);
  await expect(focused).toBeFocused();
  await expect(focused).toHaveAttribute('data-testid', 'dayview-free');
  await page.screenshot({ path: `${SHOTS}/focus-dayview-cell-en-light.png` }).catch(() => undefined);

  // Enter opens the form there, with the focus on the patient.
  await page.keyboard.press('Enter');
  const form = page.getByTestId('appointment-side-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('appointment-form-time')).toHaveValue(new RegExp(plan!.time));
  await expect(page.getByTestId('appointment-form-patient')).toBeFocused();
  await page.keyboard.type(patient.name);
  await expect(page.getByRole('option', { name: new RegExp(escape(patient.name)) }).first()).toBeVisible();
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('ArrowDown');
    const selected = await page.locator('[role="option"][data-combobox-selected]').textContent().catch(() => '');
    if (selected?.includes(patient.name)) break;
  }
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('appointment-form-patient')).toHaveValue(new RegExp(escape(patient.name)));
  await tabTo(page, '[data-testid="appointment-form-service"]', { max: 10 });
  await page.keyboard.type(plan!.service.name);
  await expect(page.getByRole('option', { name: new RegExp(`^${escape(plan!.service.name)}`) }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('appointment-form-doctor')).toHaveValue(doctor.name);
  await tabTo(page, '[data-testid="appointment-form-reason"]', { max: 10 });
  await page.keyboard.type('Booked from the keyboard');
  await tabTo(page, '[data-testid="appointment-form-submit"]', { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Appointment booked').first()).toBeVisible();
  await expect(form).toHaveCount(0);
  const card = page.locator(`[data-testid="dayview-column"][data-doctor-id="${doctor._id}"] [data-testid="dayview-card"]`).filter({ hasText: patient.name });
  await expect(card).toHaveCount(1);
  // The focus went back to the cell the form was opened from.
  await expect(focused).toBeFocused();
});

test('the week by keyboard: the grid takes focus, arrows move a visible cursor, Enter opens the form there; cards open with Enter and give the focus back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { api: own, practice, date } = await ownDay(request);
  // An appointment that week, at 10:00 (the cursor starts at the week's first opening, 08:00).
  await own.book(practice, { datetime: zonedIso(date, '10:00', practice.clinic.timeZone) });
  await keyboardSignIn(page);
  await page.goto(`/patients/appointments?view=week&date=${date}`);
  await expect(page.getByTestId('calendar-grid')).toBeVisible({ timeout: 30_000 });
  await settled(page);
  await keyboardChooseClinic(page, practice.clinic.name);

  await tabTo(page, '[data-testid="calendar-grid"]');
  const cursor = page.getByTestId('calendar-cursor');
  const said = page.getByTestId('calendar-cursor-text');
  await expect(cursor).toBeVisible();
  await expect(said).toContainText(/: (free|not bookable|.+)/);
  const before = (await cursor.boundingBox())!;
  // The cursor's place, or none while the grid draws it again (a refetch of the week): polled until it is there.
  const at = async () => (await cursor.boundingBox()) ?? { x: Number.NaN, y: Number.NaN };
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await at()).y).toBeGreaterThan(before.y);
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await at()).x).toBeGreaterThan(before.x);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await at()).y).toBe(before.y);

  // Down to a free time, then Enter: the booking form opens at that time, with the focus in it.
  for (let i = 0; i < 40 && !/free$/.test((await said.textContent()) ?? ''); i++) await page.keyboard.press('ArrowDown');
  await expect(said).toHaveText(/free$/);
  const time = /(\d\d:\d\d): free$/.exec((await said.textContent())!)![1]!;
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('appointment-side-form')).toBeVisible();
  await expect(page.getByTestId('appointment-form-time')).toHaveValue(new RegExp(time));
  await expect(page.getByTestId('appointment-side-form').locator(':focus')).toHaveCount(1);
  // Escape closes the form; when the focused field has opened its list of options, the first Escape closes the list.
  await page.keyboard.press('Escape');
  if ((await page.getByTestId('appointment-side-form').count()) > 0) await page.keyboard.press('Escape');
  await expect(page.getByTestId('appointment-side-form')).toHaveCount(0);
  await expect(page.getByTestId('calendar-grid')).toBeFocused();

  // The week's appointments are in the Tab order after the grid; Enter opens one in a drawer, Escape closes it and the
  // focus returns to the card.
  await expect(page.getByTestId('calendar-event').first()).toBeVisible({ timeout: 30_000 });
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

test('a move without a mouse: M on a card in the day by doctor, one time later with the arrow, Enter, confirm; the server has the new time', async ({ page }) => {
  test.setTimeout(150_000);
  await keyboardSignIn(page);
  const { clinicId, clinicName, date } = await busyDay(page);
  const { slotMinutes } = await api<{ slotMinutes: number }>(page, `/appointments/availability?clinic=${clinicId}&from=${date}&to=${date}`);
  await page.goto(`/patients/appointments?view=day&date=${date}`);
  // The calendar opens on the clinic last chosen (other tests choose their own): this one is the busy day's.
  await keyboardChooseClinic(page, clinicName);
  await expect(page.getByTestId('dayview-card').first()).toBeVisible({ timeout: 30_000 });
  await settled(page);

  const status = page.getByTestId('dayview-move-status');
  const movable = await page.locator('[data-testid="dayview-card"][aria-keyshortcuts="M"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.appointmentId!));
  expect(movable.length, 'a card that can be moved').toBeGreaterThan(0);
  let moved: { id: string; before: string } | undefined;
  for (const id of movable.slice(0, 6)) {
    const before = (await api<Card>(page, `/appointments/${id}`)).datetime;
    await tabTo(page, `[data-testid="dayview-card"][data-appointment-id="${id}"]`, { max: 200 });
    await page.keyboard.press('m');
    await expect(status).toContainText(/^Moving the appointment of /);
    await expect(status).toBeVisible();
    await page.keyboard.press('ArrowDown');
    if (!/^Move /.test((await status.textContent()) ?? '')) {
      await page.keyboard.press('Escape');
      await expect(status).toHaveText('Move cancelled.');
      continue;
    }
    await expect(page.getByTestId('dayview-drop')).toHaveAttribute('data-ok', 'true');
    await page.keyboard.press('Enter');
    // The drag's question, with the focus on its confirm button.
    await expect(page.getByTestId('calendar-move-confirm')).toBeFocused();
    await page.keyboard.press('Enter');
    const outcome = await Promise.race([
      page.getByTestId('calendar-move-error').waitFor().then(() => 'refused' as const),
      page.getByTestId('calendar-move-text').waitFor({ state: 'detached' }).then(() => 'moved' as const),
    ]);
    if (outcome === 'refused') {
      await page.keyboard.press('Escape');
      continue;
    }
    moved = { id, before };
    break;
  }
  expect(moved, 'an appointment moved with the keyboard').toBeDefined();
  const after = await api<Card>(page, `/appointments/${moved!.id}`);
  expect(Date.parse(after.datetime) - Date.parse(moved!.before)).toBe(slotMinutes * 60_000);
});

test('a confirmation dialog keeps the focus while open and gives it back when closed', async ({ page }) => {
  await keyboardSignIn(page);
  await page.goto('/');
  await expect(page.getByTestId('users-table')).toBeVisible();
  await tabTo(page, '[data-testid="user-menu"]');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('logout')).toBeVisible();
  for (let i = 0; i < 10 && !(await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'logout')); i++) await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('logout')).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/log out/i);
  // The focus moves into the dialog as it opens, and Tab keeps it there.
  const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
  await expect.poll(inDialog).toBe(true);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await inDialog()).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toBeFocused();
});

for (const mode of [{ lang: 'en', theme: 'light' }, { lang: 'ar', theme: 'dark' }] as const) {
  test(`the focus ring shows on buttons, menu entries, fields and the calendar (${mode.lang} ${mode.theme})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS, { recursive: true });
    await keyboardSignIn(page, mode);
    // An administrator lands on the dashboard; the users list is one menu entry away.
    await page.goto('/');
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
    const { date } = await ownDay(request);
    await page.goto(`/patients/appointments?view=week&date=${date}`);
    await expect(page.getByTestId('calendar-grid')).toBeVisible({ timeout: 30_000 });
    await settled(page);
    await tabTo(page, '[data-testid="calendar-grid"]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('calendar-cursor')).toBeVisible();
    await page.getByTestId('calendar-cursor').screenshot({ path: `${SHOTS}/focus-calendar-cell-${mode.lang}-${mode.theme}.png` }).catch(() => undefined);
    await page.screenshot({ path: `${SHOTS}/focus-calendar-${mode.lang}-${mode.theme}.png` });
    // A card moved with the keyboard: lifted, where it would go, and what it would do, in words.
    const busy = await busyDay(page);
    await page.goto(`/patients/appointments?view=day&date=${busy.date}`);
    await keyboardChooseClinic(page, busy.clinicName);
    await expect(page.getByTestId('dayview-card').first()).toBeVisible({ timeout: 30_000 });
    await settled(page);
    await tabTo(page, '[data-testid="dayview-card"][aria-keyshortcuts="M"]', { max: 200 });
    await page.keyboard.press('m');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('dayview-move-status')).toBeVisible();
    await expect(page.getByTestId('dayview-drop')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/keyboard-move-${mode.lang}-${mode.theme}.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('dayview-drop')).toHaveCount(0);
  });
}

test('the side menu runs the full height of a long page and stays put while it scrolls', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { practice, date } = await ownDay(request);
  await keyboardSignIn(page);
  const viewport = page.viewportSize()!;
  for (const path of [`/patients/details/${practice.patients[0]!._id}`, `/patients/appointments?view=week&date=${date}`, '/clinics/add']) {
    await page.goto(path);
    // The screen's content makes it longer than the window once it has loaded. No wait for an idle network as well: on
    // a slow machine the three waits together ran past the test's time-out.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight), { message: `${path} is longer than the window`, timeout: 20_000 })
      .toBeGreaterThan(viewport.height);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const box = (await page.locator('.mantine-AppShell-navbar').boundingBox())!;
    expect(box.y, path).toBeLessThanOrEqual(0);
    expect(box.y + box.height, path).toBeGreaterThanOrEqual(viewport.height);
    // Its background is painted over the whole box, not only behind the menu entries.
    const style = await page.evaluate(() => {
      const css = getComputedStyle(document.querySelector('.mantine-AppShell-navbar')!);
      return { background: css.backgroundColor, top: css.top, bottom: css.bottom, position: css.position };
    });
    expect(style.background).not.toBe('rgba(0, 0, 0, 0)');
    // Pinned by both edges, not by a height the browser may not know (100dvh).
    expect(style).toMatchObject({ position: 'fixed', top: '0px', bottom: '0px' });
  }
  await page.screenshot({ path: `${SHOTS}/sidebar-long-page-scrolled.png` });
});
