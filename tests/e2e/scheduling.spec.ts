import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/*
 * Scheduling: the calendar shows whole weeks, book from it (only free doctors and fitting times are offered),
 * reschedule by dragging (after a confirmation), cancel with a reason (the time becomes bookable again), and filter
 * the appointments list by status; once in English and once in Arabic. Free slots are found through the API first,
 * so the flow does not depend on what the demo seed booked.
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
  clinicId: string;
  doctor: { _id: string; name: string };
  service: { _id: string; name: string; minutes: number; doctors: number };
  patients: Array<{ _id: string; name: string }>;
  book: Slot;
  moveTo: Slot;
}

const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const toTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), path).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/**
 * Picks a doctor of the calendar's first clinic (the `pick`-th one who provides a service), a free slot
 * tomorrow or later in the days the calendar shows, another free slot to drag to, and patients with free time.
 */
async function planBooking(page: Page, pick: number): Promise<Plan> {
  const token = (await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token')))!;
  const request = page.request;
  const clinics = await api<Array<{ _id: string }>>(request, token, '/clinics?allData=true&isActive=true&sortBy=publicId&order=asc');
  const clinicId = clinics[0]!._id;
  const days = await page.locator('td.fc-timegrid-col[data-date]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.date!));
  const from = days[0]!;
  const to = days.at(-1)!;
  const services = await api<Array<{ _id: string; name: string; durationMinutes: number | null; doctors: Array<{ _id: string; name: string }> }>>(
    request, token, `/services?clinic=${clinicId}&isActive=true&allData=true`);
  const overview = await api<{ slotMinutes: number; doctors: Array<{ _id: string; name: string; serviceIds: string[] }> }>(
    request, token, `/appointments/availability?clinic=${clinicId}&from=${from}&to=${to}`);
  const candidates = overview.doctors.filter((d) => services.some((s) => s.doctors.some((x) => x._id === d._id)));
  for (let k = 0; k < candidates.length; k++) {
    const doctor = candidates[(pick + k) % candidates.length]!;
    const service = services.find((s) => s.doctors.some((x) => x._id === doctor._id))!;
    const minutes = service.durationMinutes ?? overview.slotMinutes;
    const step = overview.slotMinutes;
    type Hours = Array<{ startTime: string; endTime: string }>;
    const grid = await api<{ days: Array<{ date: string; clinicHours: Hours; doctorHours: Hours | null; holiday: string | null }>; clinic: { timeZone: string } }>(
      request, token, `/appointments/availability?clinic=${clinicId}&from=${from}&to=${to}&doctor=${doctor._id}`);
    const tz = grid.clinic.timeZone;
    const fromIso = new Date(`${from}T00:00:00Z`).getTime() - 86_400_000;
    const taken = await api<Array<{ datetime: string; endsAt: string; status: string }>>(
      request, token, `/appointments?doctor=${doctor._id}&from=${new Date(fromIso).toISOString()}&to=${new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000).toISOString()}`);
    const busy = taken.filter((a) => a.status === 'scheduled').map((a) => ({ date: a.datetime.slice(0, 10), s: toMin(a.datetime.slice(11, 16)), e: a.endsAt.slice(0, 10) > a.datetime.slice(0, 10) ? 1440 : toMin(a.endsAt.slice(11, 16)) }));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
    const free: Slot[] = [];
    for (const day of grid.days) {
      if (day.date <= today || day.holiday) continue;
      const windows = day.clinicHours
        .map((c) => ({ s: toMin(c.startTime), e: toMin(c.endTime) || 1440 }))
        .flatMap((c) => (day.doctorHours ?? [{ startTime: '00:00', endTime: '24:00' }]).map((d) => ({ s: Math.max(c.s, toMin(d.startTime)), e: Math.min(c.e, toMin(d.endTime) || 1440) })))
        .filter((w) => w.e > w.s);
      const dayStart = Math.min(...day.clinicHours.map((c) => toMin(c.startTime)), 24 * 60);
      for (const w of windows) {
        for (let m = dayStart + Math.ceil((w.s - dayStart) / step) * step; m + Math.max(minutes, step) <= w.e; m += step) {
          const clash = busy.some((b) => b.date === day.date && b.s < m + Math.max(minutes, step) && m < b.e);
          if (!clash) free.push({ date: day.date, time: toTime(m) });
        }
      }
    }
    const book = free[0];
    const moveTo = free.find((f) => book && f.date > book.date) ?? free.find((f) => book && f.date === book.date && toMin(f.time) >= toMin(book.time) + 2 * Math.max(minutes, step));
    if (!book || !moveTo) continue;
    // Patients without appointments in the window (the demo has hundreds; the first few are enough).
    const freePatients: Array<{ _id: string; name: string }> = [];
    const window = `from=${new Date(fromIso).toISOString()}&to=${new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000).toISOString()}`;
    for (let page = pick + 1; freePatients.length < 2 && page <= pick + 6; page++) {
      const patients = await api<Array<{ _id: string; name: string }>>(request, token, `/patients?isActive=true&limit=30&page=${page}&sortBy=name&order=asc`);
      for (const p of patients) {
        if (!/^[A-Za-z][A-Za-z' -]{5,}$/.test(p.name)) continue;
        const mine = await api<unknown[]>(request, token, `/appointments?patient=${p._id}&${window}`);
        if (!mine.length) freePatients.push(p);
        if (freePatients.length === 2) break;
      }
    }
    return { clinicId, doctor, service: { _id: service._id, name: service.name, minutes, doctors: service.doctors.length }, patients: freePatients, book, moveTo };
  }
  throw new Error('no doctor with two free slots in the visible days');
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
  await input.fill(name.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
}

for (const texts of [EN, AR]) {
  test(`book a free doctor, reschedule by dragging after confirming, cancel (the time frees up) and filter (${texts.lang})`, async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    await signIn(page, { lang: texts.lang, theme: texts.lang === 'ar' ? 'dark' : 'light' });
    await page.goto('/patients/appointments');
    await expect(page.getByTestId('calendar-grid')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
    // Next week: every day of it is still to come, whatever day the test runs.
    await page.getByTestId('calendar-next').click();
    await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });

    const plan = await planBooking(page, texts.lang === 'en' ? 0 : 1);
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

    // The list, filtered by status and searched by the appointment's own number, shows it as cancelled. (The patient
    // was free in the calendar's week, but may have cancelled visits in the demo's history.)
    const token = (await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token')))!;
    const { publicId } = await api<{ publicId: string }>(page.request, token, `/appointments/${appointmentId}`);
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

test('the calendar in Arabic and dark on a phone: three days at a time, none skipped', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, { lang: 'ar', theme: 'dark' });
  await page.goto('/patients/appointments');
  await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('td.fc-timegrid-col[data-date]')).toHaveCount(3, { timeout: 30_000 });
  const first = await visibleDays(page);
  expect(first).toHaveLength(3);
  await page.getByTestId('calendar-next').click();
  await expect.poll(async () => (await visibleDays(page))[0]).toBe(nextDay(first.at(-1)!));
  await page.screenshot({ path: testInfo.outputPath('calendar-phone-ar.png'), fullPage: false });
});
