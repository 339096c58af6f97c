import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/*
 * The calendar's day by doctor: one column per doctor of the clinic, a free cell books that doctor at that time,
 * legible in English light, Arabic dark (columns right to left) and on a phone. The day is found through the API
 * (the first day after today that the clinic is open), so the flow does not depend on what the demo seed booked.
 */

type Hours = Array<{ startTime: string; endTime: string }>;
interface Overview {
  clinic: { timeZone: string };
  slotMinutes: number;
  doctors: Array<{ _id: string; name: string; serviceIds: string[] }>;
  days: Array<{ date: string; clinicHours: Hours; holiday: string | null }>;
}

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token')))!;
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), path).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/** The calendar's first clinic, and its first open day after today (in the clinic's zone). */
async function planDay(page: Page) {
  const clinics = await api<Array<{ _id: string }>>(page, '/clinics?allData=true&isActive=true&sortBy=publicId&order=asc');
  const clinicId = clinics[0]!._id;
  const probe = await api<Overview>(page, `/appointments/availability?clinic=${clinicId}&from=2026-01-01&to=2026-01-01`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: probe.clinic.timeZone }).format(new Date());
  const from = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.parse(`${today}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
  const overview = await api<Overview>(page, `/appointments/availability?clinic=${clinicId}&from=${from}&to=${to}`);
  const day = overview.days.find((d) => d.clinicHours.length && !d.holiday)!;
  return { clinicId, date: day.date, doctors: overview.doctors, timeZone: overview.clinic.timeZone, slotMinutes: overview.slotMinutes };
}

async function openDay(page: Page, date: string) {
  await page.goto(`/patients/appointments?view=day&date=${date}`);
  await expect(page.getByTestId('dayview')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
}

test('day by doctor: a column per doctor, book from a free cell, English light, Arabic dark and a phone', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await signIn(page, { lang: 'en', theme: 'light' });
  const plan = await planDay(page);
  await openDay(page, plan.date);

  // One column per doctor of the clinic, headed by the doctor's name, in the order the clinic lists them.
  const headers = page.getByTestId('dayview-doctor');
  await expect(headers).toHaveCount(plan.doctors.length);
  await expect(page.getByTestId('dayview-column')).toHaveCount(plan.doctors.length);
  expect(await headers.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.doctorId))).toEqual(plan.doctors.map((d) => d._id));
  await expect(headers.first()).toContainText(plan.doctors[0]!.name);
  await expect(page.getByTestId('calendar-view').getByText('Day by doctor')).toBeVisible();

  // A doctor who provides a service, a free cell of theirs, and a patient with nothing booked that day.
  const services = await api<Array<{ _id: string; name: string; durationMinutes: number | null; doctors: Array<{ _id: string }> }>>(
    page, `/services?clinic=${plan.clinicId}&isActive=true&allData=true`);
  // A service two doctors of the clinic provide: the booking goes to the first, the drag to the second.
  const atClinic = (s: { doctors: Array<{ _id: string }> }) => plan.doctors.filter((d) => s.doctors.some((x) => x._id === d._id));
  const service = services.find((s) => atClinic(s).length >= 2)!;
  expect(service).toBeDefined();
  const doctor = atClinic(service)[0]!;
  const column = page.locator(`[data-testid="dayview-column"][data-doctor-id="${doctor._id}"]`);
  await page.getByTestId('dayview-doctor').first().waitFor();
  await expect(column.getByTestId('dayview-free').first()).toBeVisible({ timeout: 20_000 });
  // A free cell followed by enough free cells for the whole visit.
  const free = await column.getByTestId('dayview-free').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.time!));
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const step = plan.slotMinutes;
  const need = Math.ceil((service.durationMinutes ?? step) / step);
  const time = free.find((t) => Array.from({ length: need }, (_, k) => minutes(t) + k * step).every((m) => free.some((f) => minutes(f) === m)))!;
  expect(time).toBeDefined();
  const cell = column.locator(`[data-testid="dayview-free"][data-time="${time}"]`);
  const dayFrom = new Date(Date.parse(`${plan.date}T00:00:00Z`) - 86_400_000).toISOString();
  const dayTo = new Date(Date.parse(`${plan.date}T00:00:00Z`) + 2 * 86_400_000).toISOString();
  let patient: { _id: string; name: string } | undefined;
  for (let p = 3; !patient && p <= 8; p++) {
    for (const candidate of await api<Array<{ _id: string; name: string }>>(page, `/patients?isActive=true&limit=30&page=${p}&sortBy=name&order=asc`)) {
      if (!/^[A-Za-z][A-Za-z' -]{5,}$/.test(candidate.name)) continue;
      if (!(await api<unknown[]>(page, `/appointments?patient=${candidate._id}&from=${dayFrom}&to=${dayTo}`)).length) {
        patient = candidate;
        break;
      }
    }
  }
  expect(patient).toBeDefined();

  await cell.scrollIntoViewIfNeeded();
  await cell.click();
  const form = page.getByTestId('appointment-side-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('appointment-form-time')).toHaveValue(new RegExp(time));
  const input = page.getByTestId('appointment-form-patient');
  await input.click();
  await input.fill(patient!.name.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(patient!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
  await page.getByTestId('appointment-form-service').click();
  await page.getByRole('option', { name: new RegExp(`^${service.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first().click();
  await expect(page.getByTestId('appointment-form-doctor')).toHaveValue(doctor.name);
  await page.getByTestId('appointment-form-reason').fill('Day view booking');
  await page.getByTestId('appointment-form-submit').click();
  await expect(page.getByText('Appointment booked').first()).toBeVisible();
  await expect(form).toHaveCount(0);

  // The new card sits in that doctor's column at that time, and opens the appointment with its status actions.
  const card = column.getByTestId('dayview-card').filter({ hasText: patient!.name });
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-status', 'scheduled');
  await expect(card).toContainText(time);
  await expect(column.locator(`[data-testid="dayview-free"][data-time="${time}"]`)).toHaveCount(0);
  await expect(page.getByText('Appointment booked')).toHaveCount(0, { timeout: 20_000 });
  await page.getByTestId('dayview').evaluate((el) => el.scrollTo(0, 0));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('dayview-en-light.png'), fullPage: true });
  await card.click();
  await expect(page.getByRole('dialog').getByText(patient!.name).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Drag it to another doctor who provides the service: the same confirmation as the week view, then it moves there.
  const other = atClinic(service)[1]!;
  {
    const target = page.locator(`[data-testid="dayview-column"][data-doctor-id="${other._id}"]`);
    const theirs = await target.getByTestId('dayview-free').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.time!));
    const to = theirs.find((t) => Array.from({ length: need }, (_, k) => minutes(t) + k * step).every((m) => theirs.some((f) => minutes(f) === m)))!;
    expect(to).toBeDefined();
    {
      const cellThere = target.locator(`[data-testid="dayview-free"][data-time="${to}"]`);
      await cellThere.scrollIntoViewIfNeeded();
      await card.dragTo(cellThere);
      await expect(page.getByTestId('calendar-move-text')).toContainText(other.name);
      await expect(page.getByTestId('calendar-move-text')).toContainText(to);
      await page.getByTestId('calendar-move-confirm').click();
      await expect(page.getByText('Appointment rescheduled').first()).toBeVisible();
      await expect(page.getByTestId('calendar-move-confirm')).toHaveCount(0);
      const moved = target.getByTestId('dayview-card').filter({ hasText: patient!.name });
      await expect(moved).toHaveCount(1);
      await expect(moved).toContainText(to);
      await expect(column.getByTestId('dayview-card').filter({ hasText: patient!.name })).toHaveCount(0);
    }
  }

  // A phone: the columns scroll sideways under a sticky time axis.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('dayview')).toBeVisible();
  const overflow = await page.getByTestId('dayview').evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(overflow).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('dayview-en-375.png'), fullPage: true });
});

test('day by doctor in Arabic, dark: columns run right to left, names cut at their end, and a phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, { lang: 'ar', theme: 'dark' });
  const plan = await planDay(page);
  await openDay(page, plan.date);
  await expect(page.getByTestId('calendar-view').getByText('اليوم حسب الطبيب')).toBeVisible();
  const columns = page.getByTestId('dayview-column');
  await expect(columns).toHaveCount(plan.doctors.length);
  await expect(page.getByTestId('dayview')).toHaveAttribute('dir', 'rtl');
  if (plan.doctors.length > 1) {
    const first = (await columns.nth(0).boundingBox())!;
    const second = (await columns.nth(1).boundingBox())!;
    expect(first.x).toBeGreaterThan(second.x);
  }
  // Names: one line with an ellipsis, in a block that takes the name's own direction.
  const names = page.getByTestId('dayview-card-name');
  if (await names.count()) {
    const style = await names.first().evaluate((el) => {
      const s = getComputedStyle(el);
      return { overflow: s.textOverflow, wrap: s.whiteSpace, dir: el.getAttribute('dir') };
    });
    expect(style).toEqual({ overflow: 'ellipsis', wrap: 'nowrap', dir: 'auto' });
  }
  await page.screenshot({ path: testInfo.outputPath('dayview-ar-dark.png'), fullPage: true });

  // Back to the week (it reads the same lean cards): its cards are drawn and open the appointment.
  await page.getByTestId('calendar-view').getByText('الأسبوع').click();
  await expect(page.getByTestId('calendar-grid')).toBeVisible();
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
  const weekCard = page.getByTestId('calendar-event').first();
  await expect(weekCard).toBeVisible();
  await weekCard.click();
  await expect(page.getByTestId('appointment-details')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('calendar-view').getByText('اليوم حسب الطبيب').click();
  await expect(page.getByTestId('dayview')).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('dayview')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('dayview-ar-dark-375.png'), fullPage: true });
});
