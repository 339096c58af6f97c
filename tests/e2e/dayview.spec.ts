import type { Page } from '@playwright/test';
import { Api, chooseCalendarClinic, escapeRegExp, expect, openDays, signIn, test, zonedIso } from './fixtures';

/*
 * The calendar's day by doctor: one column per doctor of the clinic, a free cell books that doctor at that time,
 * legible in English light, Arabic dark (columns right to left) and on a phone. Each test makes its own clinic, two
 * doctors, a service and a patient through the API, and opens the clinic's first open day after today.
 */

interface Overview {
  clinic: { timeZone: string };
  slotMinutes: number;
  doctors: Array<{ _id: string; name: string; serviceIds: string[] }>;
}

/**
 * A clinic of the test's own (Sunday to Thursday) with two doctors who provide its service and a patient, and the
 * clinic's first open day after today, computed from its hours in its zone.
 */
async function planDay(api: Api) {
  const practice = await api.practice({ doctors: 2, patients: 1, label: 'Day Clinic' });
  const [day] = openDays(practice.clinic);
  const overview = await api.get<Overview>(`/appointments/availability?clinic=${practice.clinic._id}&from=${day!.date}&to=${day!.date}`);
  return { practice, clinicId: practice.clinic._id, date: day!.date, doctors: overview.doctors, timeZone: overview.clinic.timeZone, slotMinutes: overview.slotMinutes };
}

async function openDay(page: Page, date: string, clinic: string) {
  await page.goto(`/patients/appointments?view=day&date=${date}`);
  await expect(page.getByTestId('dayview')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
  await chooseCalendarClinic(page, clinic);
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
}

test('day by doctor: a column per doctor, book from a free cell, English light, Arabic dark and a phone', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const plan = await planDay(await Api.signIn(request));
  await signIn(page, { lang: 'en', theme: 'light' });
  await openDay(page, plan.date, plan.practice.clinic.name);

  // One column per doctor of the clinic, headed by the doctor's name, in the order the clinic lists them.
  const headers = page.getByTestId('dayview-doctor');
  await expect(headers).toHaveCount(plan.doctors.length);
  await expect(page.getByTestId('dayview-column')).toHaveCount(plan.doctors.length);
  expect(await headers.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.doctorId))).toEqual(plan.doctors.map((d) => d._id));
  await expect(headers.first()).toContainText(plan.doctors[0]!.name);
  await expect(page.getByTestId('calendar-view').getByText('Day by doctor')).toBeVisible();

  // The service both doctors provide: the booking goes to the first column's doctor, the drag to the second's.
  const service = { name: plan.practice.service.name, durationMinutes: plan.practice.service.minutes };
  const [doctor, other] = plan.doctors as [Overview['doctors'][number], Overview['doctors'][number]];
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
  const patient = plan.practice.patients[0]!;

  await cell.scrollIntoViewIfNeeded();
  await cell.click();
  const form = page.getByTestId('appointment-side-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('appointment-form-time')).toHaveValue(new RegExp(time));
  const input = page.getByTestId('appointment-form-patient');
  await input.click();
  await input.fill(patient.name);
  await page.getByRole('option', { name: new RegExp(escapeRegExp(patient.name)) }).first().click();
  await page.getByTestId('appointment-form-service').click();
  await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(service.name)}`) }).first().click();
  await expect(page.getByTestId('appointment-form-doctor')).toHaveValue(doctor.name);
  await page.getByTestId('appointment-form-reason').fill('Day view booking');
  await page.getByTestId('appointment-form-submit').click();
  await expect(page.getByText('Appointment booked').first()).toBeVisible();
  await expect(form).toHaveCount(0);

  // The new card sits in that doctor's column at that time, and opens the appointment with its status actions.
  const card = column.getByTestId('dayview-card').filter({ hasText: patient.name });
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-status', 'scheduled');
  await expect(card).toContainText(time);
  await expect(column.locator(`[data-testid="dayview-free"][data-time="${time}"]`)).toHaveCount(0);
  await expect(page.getByText('Appointment booked')).toHaveCount(0, { timeout: 20_000 });
  await page.getByTestId('dayview').evaluate((el) => el.scrollTo(0, 0));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('dayview-en-light.png'), fullPage: true });
  await card.click();
  await expect(page.getByRole('dialog').getByText(patient.name).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Drag it to another doctor who provides the service: the same confirmation as the week view, then it moves there.
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
      const moved = target.getByTestId('dayview-card').filter({ hasText: patient.name });
      await expect(moved).toHaveCount(1);
      await expect(moved).toContainText(to);
      await expect(column.getByTestId('dayview-card').filter({ hasText: patient.name })).toHaveCount(0);
    }
  }

  // A phone: the columns scroll sideways under a sticky time axis.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('dayview')).toBeVisible();
  // Read again until the layout has followed the resize. Columns that do not fit scroll inside the day view (two
  // doctors may just fit at 375 px); the page itself never scrolls sideways.
  await expect.poll(() => page.getByTestId('dayview').evaluate((el) => el.scrollWidth <= el.clientWidth + 1 || ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))).toBe(true);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('dayview-en-375.png'), fullPage: true });
});

test('day by doctor in Arabic, dark: columns run right to left, names cut at their end, and a phone', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const api = await Api.signIn(request);
  const plan = await planDay(api);
  // An appointment that day: a card in the day and in the week.
  await api.book(plan.practice, { datetime: zonedIso(plan.date, '09:00', plan.timeZone) });
  await signIn(page, { lang: 'ar', theme: 'dark' });
  await openDay(page, plan.date, plan.practice.clinic.name);
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
  await expect(names).toHaveCount(1);
  {
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
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('dayview-ar-dark-375.png'), fullPage: true });
});
