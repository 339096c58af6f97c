import type { Page } from '@playwright/test';
import { Api, chooseCalendarClinic, dayOf, escapeRegExp, expect, signIn, test, todayIn, type Clinic, type Practice } from './fixtures';

/*
 * Scheduling: the calendar shows whole weeks, book from it (only free doctors and fitting times are offered),
 * reschedule by dragging (after a confirmation), cancel with a reason (the time becomes bookable again), and filter
 * the appointments list by status; once in English and once in Arabic. Each run makes its own clinic, doctor, service
 * and patients through the API and books on days computed from the clinic's hours, so nothing depends on the demo
 * seed or on what an earlier run booked.
 */

interface Texts {
  lang: 'en' | 'ar';
  submit: string;
  booked: string;
  noDoctorFree: string;
  rescheduled: string;
  cancel: string;
  confirmCancel: string;
  cancelled: string;
  statusFilter: string;
  cancelledOption: string;
  service: RegExp;
  patient: RegExp;
  reason: RegExp;
}

const EN: Texts = {
  lang: 'en',
  submit: 'Add Appointment',
  booked: 'Appointment booked',
  noDoctorFree: 'No doctor who provides this service is free then',
  rescheduled: 'Appointment rescheduled',
  cancel: 'Cancel appointment',
  confirmCancel: 'Cancel appointment',
  cancelled: 'Cancelled',
  statusFilter: 'Status',
  cancelledOption: 'Cancelled',
  service: /^Service/,
  patient: /^Patient/,
  reason: /^Reason/,
};

const AR: Texts = {
  lang: 'ar',
  submit: 'إضافة موعد',
  booked: 'تم حجز الموعد',
  noDoctorFree: 'لا يوجد طبيب يقدم هذه الخدمة متاح في ذلك الوقت',
  rescheduled: 'تم تغيير موعد الحجز',
  cancel: 'إلغاء الموعد',
  confirmCancel: 'إلغاء الموعد',
  cancelled: 'ملغى',
  statusFilter: 'الحالة',
  cancelledOption: 'ملغى',
  service: /^الخدمة/,
  patient: /^المريض/,
  reason: /^سبب الزيارة/,
};

type Slot = { date: string; time: string };
interface Plan {
  clinic: Clinic;
  doctor: { _id: string; name: string };
  service: { _id: string; name: string; minutes: number; doctors: number };
  patients: Array<{ _id: string; name: string }>;
  book: Slot;
  moveTo: Slot;
}

/**
 * A practice of the test's own (a clinic open Sunday to Thursday, one doctor, a 15-minute service, two patients) and
 * two times in the days the calendar shows, computed from the clinic's hours: the first open day after today at 09:00
 * to book, and the next open day at 10:00 to drag it to.
 */
async function planBooking(page: Page, practice: Practice): Promise<Plan> {
  const days = await page.locator('td.fc-timegrid-col[data-date]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.date!));
  const today = todayIn(practice.clinic.timeZone);
  const open = days.filter((d) => d > today && practice.clinic.hours.some((h) => h.day === dayOf(d)));
  expect(open.length, 'two open days in the week shown').toBeGreaterThanOrEqual(2);
  const { service } = practice;
  return {
    clinic: practice.clinic,
    doctor: practice.doctors[0]!,
    service: { _id: service._id, name: service.name, minutes: service.minutes, doctors: practice.doctors.length },
    patients: practice.patients,
    book: { date: open[0]!, time: '09:00' },
    moveTo: { date: open[1]!, time: '10:00' },
  };
}

/** A point in a calendar cell (the day's column, the time's row); `edge` is the free strip beside the cards. */
async function cellPoint(page: Page, slot: Slot, edge = false, scroll = true) {
  // In the middle of the screen: at its top edge the row would sit under the app's top bar.
  if (scroll) await page.locator(`td.fc-timegrid-slot-lane[data-time="${slot.time}:00"]`).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const col = (await page.locator(`td.fc-timegrid-col[data-date="${slot.date}"]`).boundingBox())!;
  const row = (await page.locator(`td.fc-timegrid-slot-lane[data-time="${slot.time}:00"]`).boundingBox())!;
  const rtl = (await page.evaluate(() => document.documentElement.dir)) === 'rtl';
  const x = edge ? (rtl ? col.x + 6 : col.x + col.width - 6) : col.x + col.width / 2;
  return { x, y: row.y + Math.min(row.height / 2, 8) };
}

async function chooseOption(page: Page, field: ReturnType<Page['getByTestId']>, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).first().click();
}

async function pickPatient(page: Page, name: string) {
  const input = page.getByTestId('appointment-form-patient');
  await input.click();
  await input.fill(name);
  await page.getByRole('option', { name: new RegExp(escapeRegExp(name)) }).first().click();
}

for (const texts of [EN, AR]) {
  test(`book a free doctor, reschedule by dragging after confirming, cancel (the time frees up) and filter (${texts.lang})`, async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    const api = await Api.signIn(request);
    const practice = await api.practice({ patients: 2, label: 'Calendar Clinic' });
    await signIn(page, { lang: texts.lang, theme: texts.lang === 'ar' ? 'dark' : 'light' });
    await page.goto('/patients/appointments');
    await expect(page.getByTestId('calendar-grid')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
    await chooseCalendarClinic(page, practice.clinic.name);
    await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
    // Next week: every day of it is still to come, whatever day the test runs.
    await page.getByTestId('calendar-next').click();
    await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });

    const plan = await planBooking(page, practice);
    expect(plan.patients.length).toBe(2);
    const [first, second] = plan.patients as [{ _id: string; name: string }, { _id: string; name: string }];

    // Narrow the calendar to the doctor: their own hours are the bookable cells.
    await chooseOption(page, page.getByTestId('calendar-doctor'), plan.doctor.name);
    await expect(page.getByTestId('calendar-loading')).toHaveCount(0);
    await expect(page.locator('[data-testid="calendar-closed"]').first()).toBeVisible();

    // Book from an allowed cell: the side form opens with the date and time filled in, and the week stays in view.
    let point = await cellPoint(page, plan.book);
    await page.mouse.click(point.x, point.y);
    const form = page.getByTestId('appointment-side-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('appointment-form-time')).toHaveValue(new RegExp(plan.book.time));
    await expect(page.locator('td.fc-timegrid-col[data-date]')).toHaveCount(7);
    await expect(page.locator(`td.fc-timegrid-col[data-date="${plan.book.date}"]`)).toBeVisible();
    await pickPatient(page, first.name);
    await chooseOption(page, page.getByTestId('appointment-form-service'), new RegExp(plan.service.name));
    await expect(page.getByTestId('appointment-form-doctor')).toHaveValue(plan.doctor.name);
    await page.getByTestId('appointment-form-reason').fill('Follow-up visit');
    await page.getByTestId('appointment-form-submit').click();
    await expect(page.getByText(texts.booked).first()).toBeVisible();
    await expect(form).toHaveCount(0);
    const card = page.locator('[data-testid="calendar-event"]').filter({ hasText: first.name });
    await expect(card).toHaveCount(1);
    await expect(card).toHaveClass(/sched-scheduled/);
    const appointmentId = (await card.getAttribute('data-appointment-id'))!;

    // The same time again: the doctor is taken now, so the form does not offer them.
    point = await cellPoint(page, plan.book, true);
    await page.mouse.click(point.x, point.y);
    await expect(form).toBeVisible();
    await pickPatient(page, second.name);
    await chooseOption(page, page.getByTestId('appointment-form-service'), new RegExp(plan.service.name));
    await page.getByTestId('appointment-form-doctor').click();
    await expect(page.getByRole('option', { name: plan.doctor.name, exact: true })).toHaveCount(0);
    if (plan.service.doctors === 1) await expect(page.getByText(texts.noDoctorFree)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByTestId('appointment-form-close').click();
    await expect(form).toHaveCount(0);
    await expect(page.locator('td.fc-timegrid-col[data-date]')).toHaveCount(7);

    // Reschedule by dragging the card to another free slot: nothing moves until the user confirms.
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = (await card.boundingBox())!;
    const target = await cellPoint(page, plan.moveTo, false, false);
    await page.mouse.move(box.x + box.width / 2, box.y + 6);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 10, box.y + 16, { steps: 4 });
    await page.mouse.move(target.x, target.y, { steps: 20 });
    await page.mouse.up();
    const confirmMove = page.getByTestId('calendar-move-dialog');
    await expect(confirmMove).toContainText(first.name);
    await expect(confirmMove).toContainText(plan.moveTo.time);
    await page.screenshot({ path: testInfo.outputPath(`move-${texts.lang}.png`), animations: 'disabled' });
    await page.getByTestId('calendar-move-confirm').click();
    await expect(page.getByText(texts.rescheduled).first()).toBeVisible();
    const moved = page.locator(`[data-appointment-id="${appointmentId}"]`);
    const column = (await page.locator(`td.fc-timegrid-col[data-date="${plan.moveTo.date}"]`).boundingBox())!;
    await expect.poll(async () => {
      const b = await moved.boundingBox();
      return Boolean(b && b.x >= column.x - 1 && b.x + b.width <= column.x + column.width + 1);
    }).toBe(true);

    // Open it and cancel it with a reason.
    await moved.click();
    const details = page.getByTestId('appointment-details');
    await expect(details).toBeVisible();
    await expect(page.getByTestId('appointment-when')).toContainText(plan.moveTo.time);
    await page.getByTestId('appointment-cancel').click();
    await page.getByTestId('appointment-cancel-confirm').click();
    await expect(page.getByTestId('appointment-cancel-form')).toBeVisible(); // a reason is required
    await page.getByTestId('appointment-cancel-reason').fill('The patient asked for another week');
    await page.getByTestId('appointment-cancel-confirm').click();
    await expect(details.getByTestId('appointment-status')).toHaveText(texts.cancelled);
    await expect(page.getByTestId('appointment-cancellation-reason')).toContainText('The patient asked for another week');
    await page.screenshot({ path: testInfo.outputPath(`calendar-${texts.lang}.png`), fullPage: true });
    await page.keyboard.press('Escape');

    // Cancelled, it no longer holds the time: hidden unless asked for, then drawn behind the cells, and the time books.
    await expect(page.locator(`[data-appointment-id="${appointmentId}"]`)).toHaveCount(0);
    await page.getByTestId('calendar-show-cancelled').click();
    await expect(page.locator(`[data-appointment-id="${appointmentId}"]`)).toHaveClass(/sched-cancelled-strip/);
    point = await cellPoint(page, plan.moveTo);
    await page.mouse.click(point.x, point.y);
    await expect(page.getByTestId('appointment-details')).toHaveCount(0);
    await expect(form).toBeVisible();
    await expect(page.getByTestId('appointment-form-time')).toHaveValue(new RegExp(plan.moveTo.time));
    await page.getByTestId('appointment-form-close').click();

    // The list, filtered by status and searched by the appointment's own number, shows it as cancelled.
    const { publicId } = await api.get<{ publicId: string }>(`/appointments/${appointmentId}`);
    await page.goto('/appointments');
    const table = page.getByTestId('appointments-table');
    await expect(table).toBeVisible();
    await page.getByRole('textbox', { name: texts.statusFilter }).or(page.getByRole('combobox', { name: texts.statusFilter })).first().click();
    await page.getByRole('option', { name: texts.cancelledOption }).click();
    await expect(page).toHaveURL(/status=cancelled/);
    await page.getByRole('searchbox').fill(publicId);
    await expect(page).toHaveURL(/search=/);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(first.name);
    await expect(rows.first()).toContainText(publicId);
    await expect(rows.first().getByTestId('appointment-status')).toHaveText(texts.cancelled);
    await page.screenshot({ path: testInfo.outputPath(`appointments-list-${texts.lang}.png`), fullPage: true });
  });
}

const visibleDays = (page: Page) => page.locator('td.fc-timegrid-col[data-date]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.date!));
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

test('the calendar shows whole weeks: Previous, Next and the month picker reach every day', async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto('/patients/appointments');
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('td.fc-timegrid-col[data-date]')).toHaveCount(7, { timeout: 30_000 });
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date()));
  let days = await visibleDays(page);
  expect(days).toHaveLength(7);
  expect(days).toContain(today);
  expect(new Date(`${days[0]}T00:00:00Z`).getUTCDay()).toBe(0); // Sunday to Saturday
  await page.screenshot({ path: testInfo.outputPath('calendar-week.png') });

  // Three weeks forward, then back again: consecutive weeks, no day skipped.
  const seen = [...days];
  for (let i = 0; i < 3; i++) {
    await page.getByTestId('calendar-next').click();
    await expect.poll(async () => (await visibleDays(page))[0]).toBe(nextDay(seen.at(-1)!));
    seen.push(...(await visibleDays(page)));
  }
  for (let i = 1; i < seen.length; i++) expect(seen[i]).toBe(nextDay(seen[i - 1]!));
  for (let i = 0; i < 3; i++) await page.getByTestId('calendar-prev').click();
  await expect.poll(() => visibleDays(page)).toEqual(seen.slice(0, 7));

  // The month picker opens the week holding the first of that month.
  // Another month of the year the picker shows: the next one (the previous one in December).
  const next = new Date(Date.parse(`${today}T00:00:00Z`));
  next.setUTCMonth(next.getUTCMonth() === 11 ? 10 : next.getUTCMonth() + 1, 1);
  const first = next.toISOString().slice(0, 10);
  await page.getByTestId('calendar-month').click();
  await page.getByRole('button', { name: new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(next) }).click();
  await expect.poll(() => visibleDays(page)).toContain(first);
  days = await visibleDays(page);
  expect(days).toHaveLength(7);
});

test('the calendar in Arabic and dark on a phone: one day at a time, none skipped', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, { lang: 'ar', theme: 'dark' });
  await page.goto('/patients/appointments');
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('td.fc-timegrid-col[data-date]')).toHaveCount(1, { timeout: 30_000 });
  const first = await visibleDays(page);
  expect(first).toHaveLength(1);
  await page.getByTestId('calendar-next').click();
  await expect.poll(async () => (await visibleDays(page))[0]).toBe(nextDay(first.at(-1)!));
  await page.screenshot({ path: testInfo.outputPath('calendar-phone-ar.png'), fullPage: false });
});
