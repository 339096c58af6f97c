import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/*
 * Recurring series and the waitlist: a weekly series booked from the add-appointment form, its preview showing the
 * week another patient already holds the doctor; and a waiting patient booked in one click into the slot a
 * cancellation freed, in Arabic. The data each step needs is prepared through the API, so the flow does not depend
 * on what the demo seed booked.
 */

interface Slot { datetime: string; endsAt: string; doctor: { _id: string; name: string } }
interface Setup { token: string; clinicId: string; service: { _id: string; name: string } }

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/** The first clinic's first service that some doctor provides. */
async function setup(page: Page): Promise<Setup> {
  const token = (await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token')))!;
  const clinics = await call<Array<{ _id: string }>>(page.request, token, 'GET', '/clinics?allData=true&isActive=true&sortBy=publicId&order=asc');
  for (const clinic of clinics) {
    const services = await call<Array<{ _id: string; name: string; doctors: unknown[] }>>(page.request, token, 'GET', `/services?clinic=${clinic._id}&isActive=true&allData=true&sortBy=name&order=asc`);
    const service = services.find((s) => s.doctors.length > 0);
    if (service) return { token, clinicId: clinic._id, service };
  }
  throw new Error('no clinic with a service and a doctor');
}

/** Patients with a plain Latin name and no appointment in the next 60 days. */
async function freePatients(page: Page, s: Setup, count: number, skip = 0): Promise<Array<{ _id: string; name: string }>> {
  const window = `from=${new Date().toISOString()}&to=${new Date(Date.now() + 60 * 86_400_000).toISOString()}`;
  const found: Array<{ _id: string; name: string }> = [];
  for (let p = 2 + skip; found.length < count && p < 12 + skip; p++) {
    const patients = await call<Array<{ _id: string; name: string }>>(page.request, s.token, 'GET', `/patients?isActive=true&limit=30&page=${p}&sortBy=name&order=asc`);
    for (const patient of patients) {
      if (!/^[A-Za-z][A-Za-z' -]{5,}$/.test(patient.name)) continue;
      const mine = await call<unknown[]>(page.request, s.token, 'GET', `/appointments?patient=${patient._id}&${window}`);
      if (!mine.length) found.push(patient);
      if (found.length === count) break;
    }
  }
  expect(found.length).toBe(count);
  return found;
}

const nextFree = (page: Page, s: Setup) =>
  call<Slot[]>(page.request, s.token, 'GET', `/appointments/next-free?clinic=${s.clinicId}&service=${s.service._id}&limit=1`).then((x) => x[0]!);

/** The same clinic-local time some days later (the instant keeps its offset: the demo clinics do not change clocks). */
const daysLater = (datetime: string, days: number) => {
  const date = new Date(`${datetime.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return `${date.toISOString().slice(0, 10)}${datetime.slice(10)}`;
};

async function chooseOption(page: Page, field: ReturnType<Page['getByTestId']>, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).first().click();
}

test('books a weekly series whose preview shows the week the doctor is taken', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, { lang: 'en' });
  const s = await setup(page);
  const [patient, other] = await freePatients(page, s, 2);
  const first = await nextFree(page, s);

  await page.goto('/appointments/add');
  const form = page.getByTestId('appointment-form');
  await expect(form).toBeVisible();
  await chooseOption(page, page.getByTestId('appointment-form-clinic'), /.+/);
  await chooseOption(page, page.getByTestId('appointment-form-service'), new RegExp(s.service.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  // The first available day and doctor, then a start time the form offers that day (on its own grid).
  await page.getByTestId('next-free-hint').getByRole('button').click();
  await expect(page.getByTestId('appointment-form-doctor')).toHaveValue(first.doctor.name);
  await page.getByTestId('appointment-form-time').click();
  // (A time the form offers, other than the one shown: clicking the chosen option would clear it.)
  await page.locator('[role="option"]:visible:not([data-combobox-disabled]):not([aria-selected="true"])').first().click();
  if ((await page.getByTestId('appointment-form-doctor').inputValue()) !== first.doctor.name) {
    await chooseOption(page, page.getByTestId('appointment-form-doctor'), first.doctor.name);
  }
  const time = /(\d\d:\d\d)/.exec(await page.getByTestId('appointment-form-time').inputValue())![1]!;
  const start = `${first.datetime.slice(0, 11)}${time}:00${first.datetime.slice(19)}`;
  // Another patient holds the doctor one week after the first visit (unless the demo's bookings already do).
  const blocker = await page.request.post('/api/appointments', {
    headers: { authorization: `Bearer ${s.token}` },
    data: { patient: other!._id, doctor: first.doctor._id, clinic: s.clinicId, service: s.service._id, datetime: daysLater(start, 7), reason: 'Check-up' },
  });
  expect(blocker.status() === 201 || (await blocker.json()).message.code === 'DOCTOR_DOUBLE_BOOKED', await blocker.text()).toBe(true);

  const patientInput = page.getByTestId('appointment-form-patient');
  await patientInput.click();
  await patientInput.fill(patient!.name.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(patient!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
  await page.getByTestId('appointment-form-reason').fill('Physiotherapy');

  await page.getByTestId('repeat-toggle').check();
  await page.getByTestId('repeat-count').fill('3');
  const rows = page.getByTestId('repeat-occurrence');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute('data-free', 'true');
  await expect(rows.nth(1)).toHaveAttribute('data-free', 'false');
  await expect(rows.nth(1)).toContainText('The doctor already has an appointment at this time');
  const section = page.getByTestId('repeat-section');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: testInfo.outputPath('repeat-preview.png') });
  const free = await page.locator('[data-testid="repeat-occurrence"][data-free="true"]').count();

  await page.getByTestId('appointment-form-submit').click();
  await expect(page.getByText(`${free} appointment(s) booked, ${3 - free} refused`).first()).toBeVisible();
  await page.waitForURL(/\/appointments$/);
  // The occurrences are ordinary appointments of the series, marked in the list.
  const booked = (await call<Array<{ seriesId: string | null; datetime: string }>>(
    page.request, s.token, 'GET', `/appointments?patient=${patient!._id}&sortBy=datetime&order=asc`)).filter((b) => b.seriesId);
  expect(booked).toHaveLength(free);
  expect(booked[0]!.datetime).toBe(start);
  expect(new Set(booked.map((b) => b.seriesId)).size).toBe(1);
  expect(booked[0]!.seriesId).toBeTruthy();
  await expect(page.getByRole('row').filter({ hasText: patient!.name }).first().getByTestId('series-mark')).toBeVisible();
});

test('books a waiting patient into a freed slot in one click (ar)', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, { lang: 'ar', theme: 'dark' });
  const s = await setup(page);
  const [owner, waiting] = await freePatients(page, s, 2);
  const slot = await nextFree(page, s);
  const appointment = await call<{ _id: string; version: number }>(page.request, s.token, 'POST', '/appointments', {
    patient: owner!._id, doctor: slot.doctor._id, clinic: s.clinicId, service: s.service._id, datetime: slot.datetime, reason: 'Dialysis',
  });
  await call(page.request, s.token, 'PATCH', `/appointments/${appointment._id}`, { status: 'cancelled', cancellationReason: 'Travelling', version: appointment.version });
  const entry = await call<{ _id: string }>(page.request, s.token, 'POST', '/waitlist', { patient: waiting!._id, service: s.service._id, priority: 2, note: 'Urgent dialysis' });

  // The waitlist screen lists the entry.
  await page.goto('/waitlist');
  await expect(page.getByTestId('waitlist-row').filter({ hasText: waiting!.name })).toBeVisible();

  // The cancelled appointment's details offer the freed slot to the waiting patient: one click books it.
  await page.goto('/appointments');
  await page.getByRole('row').filter({ hasText: owner!.name }).first().click();
  const matches = page.getByTestId('waitlist-matches');
  await expect(matches).toContainText('من المرضى المنتظرين يناسبهم هذا الموعد');
  const match = matches.getByTestId('waitlist-match').filter({ hasText: waiting!.name });
  await match.getByTestId('waitlist-match-book').click();
  await expect(page.getByText('تم الحجز من قائمة الانتظار').first()).toBeVisible();

  const booked = await call<Array<{ datetime: string; doctor: { _id: string }; status: string }>>(page.request, s.token, 'GET', `/appointments?patient=${waiting!._id}`);
  expect(booked.filter((b) => b.datetime === slot.datetime)).toMatchObject([{ doctor: { _id: slot.doctor._id }, status: 'scheduled' }]);
  const closed = await call<Array<{ _id: string; appointment: string | null }>>(page.request, s.token, 'GET', '/waitlist?status=booked');
  expect(closed.find((e) => e._id === entry._id)?.appointment).toBeTruthy();
  // Booked, the entry leaves the waiting list.
  await page.goto('/waitlist');
  await expect(page.getByTestId('waitlist-page')).toBeVisible();
  await expect(page.getByTestId('waitlist-row').filter({ hasText: waiting!.name })).toHaveCount(0);
});
