import type { Page } from '@playwright/test';
import { Api, escapeRegExp, expect, signIn, test, type Practice } from './fixtures';

/*
 * Recurring series and the waitlist: a weekly series booked from the add-appointment form, its preview showing the
 * week another patient already holds the doctor; and a waiting patient booked in one click into the slot a
 * cancellation freed, in Arabic. Each test makes its own clinic, doctor, service and patients through the API, so
 * nothing depends on the demo seed or on what an earlier run booked.
 */

interface Slot { datetime: string; endsAt: string; doctor: { _id: string; name: string } }

/** A clinic of the test's own (Sunday to Thursday), its doctor and service, and two patients with nothing booked. */
const setup = (api: Api) => api.practice({ patients: 2, label: 'Series Clinic' });

const nextFree = (api: Api, p: Practice) =>
  api.get<Slot[]>(`/appointments/next-free?clinic=${p.clinic._id}&service=${p.service._id}&limit=1`).then((x) => x[0]!);

/** The same clinic-local time some days later (the instant keeps its offset: Riyadh does not change clocks). */
const daysLater = (datetime: string, days: number) => {
  const date = new Date(`${datetime.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return `${date.toISOString().slice(0, 10)}${datetime.slice(10)}`;
};

async function chooseOption(page: Page, field: ReturnType<Page['getByTestId']>, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).first().click();
}

test('books a weekly series whose preview shows the week the doctor is taken', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const api = await Api.signIn(request);
  const s = await setup(api);
  const [patient, other] = s.patients;
  const first = await nextFree(api, s);
  await signIn(page, { lang: 'en' });

  await page.goto('/appointments/add');
  const form = page.getByTestId('appointment-form');
  await expect(form).toBeVisible();
  await chooseOption(page, page.getByTestId('appointment-form-clinic'), s.clinic.name);
  await chooseOption(page, page.getByTestId('appointment-form-service'), new RegExp(escapeRegExp(s.service.name)));
  // The first available day and doctor, then a start time the form offers that day (on its own grid).
  await page.getByTestId('next-free-hint').getByRole('button').click();
  await expect(page.getByTestId('appointment-form-doctor')).toHaveValue(first.doctor.name);
  await page.getByTestId('appointment-form-time').click();
  // (A time the form offers after the one shown, the first free one: clicking the chosen option would clear it, and an
  // earlier time of today may already be past, which depends on the hour the test runs at.)
  await page.locator('[role="option"][aria-selected="true"] ~ [role="option"]:visible:not([data-combobox-disabled])').first().click();
  if ((await page.getByTestId('appointment-form-doctor').inputValue()) !== first.doctor.name) {
    await chooseOption(page, page.getByTestId('appointment-form-doctor'), first.doctor.name);
  }
  const time = /(\d\d:\d\d)/.exec(await page.getByTestId('appointment-form-time').inputValue())![1]!;
  const start = `${first.datetime.slice(0, 11)}${time}:00${first.datetime.slice(19)}`;
  // Another patient holds the doctor one week after the first visit.
  await api.post('/appointments', { patient: other!._id, doctor: first.doctor._id, clinic: s.clinic._id, service: s.service._id, datetime: daysLater(start, 7), reason: 'Check-up' });

  const patientInput = page.getByTestId('appointment-form-patient');
  await patientInput.click();
  await patientInput.fill(patient!.name);
  await page.getByRole('option', { name: new RegExp(escapeRegExp(patient!.name)) }).first().click();
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
  await expect(page.getByText(`${free === 1 ? '1 appointment' : `${free} appointments`} booked, ${3 - free} refused`).first()).toBeVisible();
  await page.waitForURL(/\/appointments$/);
  // The occurrences are ordinary appointments of the series, marked in the list.
  const booked = (await api.get<Array<{ seriesId: string | null; datetime: string }>>(
    `/appointments?patient=${patient!._id}&sortBy=datetime&order=asc`)).filter((b) => b.seriesId);
  expect(booked).toHaveLength(free);
  expect(booked[0]!.datetime).toBe(start);
  expect(new Set(booked.map((b) => b.seriesId)).size).toBe(1);
  expect(booked[0]!.seriesId).toBeTruthy();
  // The list runs latest first; the patient's rows are found by name, wherever the demo's own visits put them.
  await page.getByRole('searchbox', { name: 'Search' }).fill(patient!.name);
  await expect(page.getByRole('row').filter({ hasText: patient!.name }).first().getByTestId('series-mark')).toBeVisible();
});

test('books a waiting patient into a freed slot in one click (ar)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await Api.signIn(request);
  const s = await setup(api);
  const [owner, waiting] = s.patients;
  const slot = await nextFree(api, s);
  const appointment = await api.post<{ _id: string; version: number }>('/appointments', {
    patient: owner!._id, doctor: slot.doctor._id, clinic: s.clinic._id, service: s.service._id, datetime: slot.datetime, reason: 'Dialysis',
  });
  await api.patch(`/appointments/${appointment._id}`, { status: 'cancelled', cancellationReason: 'Travelling', version: appointment.version });
  const entry = await api.post('/waitlist', { patient: waiting!._id, service: s.service._id, priority: 2, note: 'Urgent dialysis' });
  await signIn(page, { lang: 'ar', theme: 'dark' });

  // The waitlist screen lists the entry.
  await page.goto('/waitlist');
  await expect(page.getByTestId('waitlist-row').filter({ hasText: waiting!.name })).toBeVisible();

  // The cancelled appointment's details offer the freed slot to the waiting patient: one click books it.
  await page.goto('/appointments');
  await page.getByRole('searchbox').fill(owner!.name);
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('row').filter({ hasText: owner!.name }).first().click();
  const matches = page.getByTestId('waitlist-matches');
  await expect(matches).toContainText(/منتظر.* يناسب(ه|هما|هم) هذا الموعد/);
  const match = matches.getByTestId('waitlist-match').filter({ hasText: waiting!.name });
  await match.getByTestId('waitlist-match-book').click();
  await expect(page.getByText('تم الحجز من قائمة الانتظار').first()).toBeVisible();

  const booked = await api.get<Array<{ datetime: string; doctor: { _id: string }; status: string }>>(`/appointments?patient=${waiting!._id}`);
  expect(booked.filter((b) => b.datetime === slot.datetime)).toMatchObject([{ doctor: { _id: slot.doctor._id }, status: 'scheduled' }]);
  const closed = await api.get<Array<{ _id: string; appointment: string | null }>>(`/waitlist?status=booked&service=${s.service._id}`);
  expect(closed.find((e) => e._id === entry._id)?.appointment).toBeTruthy();
  // Booked, the entry leaves the waiting list.
  await page.goto('/waitlist');
  await expect(page.getByTestId('waitlist-page')).toBeVisible();
  await expect(page.getByTestId('waitlist-row').filter({ hasText: waiting!.name })).toHaveCount(0);
});
