import type { APIRequestContext, Page } from '@playwright/test';
import { daytimeZone, expect, signIn, test } from './fixtures';

/*
 * The front desk's day on Today's board: a patient checks in, is called in and seen (the visit completed with a note,
 * which then shows in the patient's treatment history), a patient who did not come is marked a no-show once the start
 * has passed, and a walk-in is booked into the doctor's first free slot. Each test makes its own clinic (open around
 * the clock, so any time of day works), doctor, service and patients through the API, and books for today from now on.
 */

/** The clinic's zone: one where it is daytime now, so bookings for later today stay on today's board. */
const TZ = daytimeZone();
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Letters only, so the names read as names: a run's own suffix. */
const suffix = () => [...String(Date.now() % 1_000_000_000)].map((d) => 'abcdefghij'[Number(d)]).join('').replace(/^./, (c) => c.toUpperCase());

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '');
}

interface Desk {
  token: string;
  clinic: { _id: string; name: string };
  doctor: { _id: string; name: string };
  service: { _id: string; name: string };
  patients: Array<{ _id: string; name: string }>;
}

class Api {
  constructor(private readonly request: APIRequestContext, private readonly token: string) {}
  private headers() {
    return { authorization: `Bearer ${this.token}` };
  }
  async post<T = { _id: string }>(path: string, data: unknown): Promise<T> {
    const res = await this.request.post(`/api${path}`, { headers: this.headers(), data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return ((await res.json()) as { data: T }).data;
  }
  async get<T>(path: string): Promise<T> {
    const res = await this.request.get(`/api${path}`, { headers: this.headers() });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
    return ((await res.json()) as { data: T }).data;
  }
  async book(desk: Desk, patient: number, at: Date, reason: string) {
    return this.post<{ _id: string; datetime: string }>('/appointments', {
      patient: desk.patients[patient]!._id, doctor: desk.doctor._id, clinic: desk.clinic._id, service: desk.service._id, datetime: at.toISOString(), reason,
    });
  }
}

/** A clinic and a doctor working around the clock, a 15-minute service and three patients of the run's own. */
async function setUpDesk(page: Page): Promise<{ api: Api; desk: Desk }> {
  const token = await tokenOf(page);
  const api = new Api(page.request, token);
  const id = suffix();
  // The signed-in administrator is the clinic's person in charge.
  const pic = (await api.get<{ _id: string }>('/profile'))._id;
  const clinicName = `Front Desk ${id}`;
  const clinic = await api.post('/clinics', {
    name: clinicName, PIC: pic, AverageDurationOfVisit: 15, timeZone: TZ, overview: 'Walk-ins welcome', yearOfEstablishment: '2016-01-01',
    address: 'Ground floor', vision: 'Short waits', goals: 'Short waits', locationGoogl: { x: 24.7, y: 46.6 },
    WorkingHours: DAYS.map((day) => ({ day, timeSlots: [{ startTime: '00:00', endTime: '23:59' }] })),
  });
  const doctorName = `Dr. Rana ${id}`;
  const doctor = await api.post('/employees', {
    name: doctorName, employeeType: 'Doctor', email: `rana${id.toLowerCase()}@alnoor.test`, identity: `D-${id}`, clinics: [clinic._id],
    contactInfos: [{ type: 'phone', value: '0500000000' }], dateOfBirth: '1985-01-01', gender: 'female', address: 'Riyadh', hireDate: '2020-01-01',
    medicalLicenseNumber: `L-${id}`, certifications: ['Board certified'],
    workingHours: DAYS.map((day) => ({ day, startTime: '00:00', endTime: '23:59' })),
  });
  const serviceName = `Quick check ${id}`;
  const service = await api.post('/services', { name: serviceName, description: 'A short visit', price: 50, durationMinutes: 15, clinic: clinic._id, doctors: [doctor._id] });
  const patients: Desk['patients'] = [];
  for (const first of ['Huda', 'Karim', 'Salma']) {
    const name = `${first} ${id}`;
    const made = await api.post('/patients', {
      name, identity: `P-${first}-${id}`, phone: '0501234567', dateOfBirth: '1990-01-01', gender: first === 'Karim' ? 'male' : 'female',
      nationality: 'Saudi', marital_status: 'Single', blood_type: 'O+', address: 'Riyadh', Smoking: 'no', professiona_experi: 'Teacher',
    });
    patients.push({ _id: made._id, name });
  }
  return {
    api,
    desk: { token, clinic: { _id: clinic._id, name: clinicName }, doctor: { _id: doctor._id, name: doctorName }, service: { _id: service._id, name: serviceName }, patients },
  };
}

async function openBoard(page: Page, desk: Desk) {
  await page.goto('/frontdesk');
  await expect(page.getByTestId('frontdesk-board')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('frontdesk-clinic').click();
  await page.getByRole('option', { name: desk.clinic.name }).click();
  await expect(page.getByTestId('frontdesk-loading')).toHaveCount(0, { timeout: 30_000 });
}

const cardOf = (page: Page, section: string, name: string) => page.getByTestId(`board-section-${section}`).getByTestId('board-card').filter({ hasText: name });
const clinicTime = (iso: string) => iso.slice(11, 16);

test('a day at the front desk: check in, consultation, completion with a note, a no-show and a walk-in', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page);
  const { api, desk } = await setUpDesk(page);
  const [huda, karim, salma] = desk.patients as [Desk['patients'][number], Desk['patients'][number], Desk['patients'][number]];
  // Huda later today; Karim in a few seconds (a no-show once that has passed).
  const visit = await api.book(desk, 0, new Date(Date.now() + 45 * 60_000), 'Blood pressure check');
  const soon = new Date(Math.ceil((Date.now() + 12_000) / 1000) * 1000);
  const missed = await api.book(desk, 1, soon, 'Results review');

  await openBoard(page, desk);
  const expected = page.getByTestId('board-section-scheduled');
  await expect(expected.getByTestId('board-card')).toHaveCount(2);
  await expect(cardOf(page, 'scheduled', huda.name)).toContainText(clinicTime(visit.datetime));

  // Check in (one click): the card moves to Checked in, with minutes waiting.
  await cardOf(page, 'scheduled', huda.name).getByTestId('appointment-check-in').click();
  await expect(page.getByText('Patient checked in').first()).toBeVisible();
  const waiting = cardOf(page, 'arrived', huda.name);
  await expect(waiting.getByTestId('board-card-waiting')).toContainText('min waiting');
  // The search box narrows the board to one patient.
  await page.getByTestId('frontdesk-search').fill(karim.name);
  await expect(page.getByTestId('board-card')).toHaveCount(1);
  await page.getByTestId('frontdesk-search').fill('');

  // Called in, then completed with a visit note from the appointment's details.
  await waiting.getByTestId('appointment-start').click();
  await expect(page.getByText('Patient called in').first()).toBeVisible();
  const consulting = cardOf(page, 'in_consultation', huda.name);
  await expect(consulting).toBeVisible();
  await consulting.getByTestId('board-card-open').click();
  const details = page.getByTestId('appointment-details');
  await expect(details.getByTestId('appointment-status')).toHaveText('In consultation');
  await details.getByTestId('appointment-complete').click();
  await details.getByTestId('appointment-visit-note').fill('Blood pressure 120/80; review in three months');
  await details.getByTestId('appointment-complete-confirm').click();
  await expect(details.getByTestId('appointment-status')).toHaveText('Completed');
  await expect(details.getByTestId('appointment-visit-note-text')).toContainText('review in three months');
  await page.keyboard.press('Escape');
  await expect(cardOf(page, 'completed', huda.name)).toBeVisible();

  // Karim's start has passed: No-show is offered now (it was not before).
  const karimCard = cardOf(page, 'scheduled', karim.name);
  const left = soon.getTime() - Date.now();
  if (left > 0) await expect(karimCard.getByTestId('appointment-no-show')).toHaveCount(0);
  if (left > -1000) await page.waitForTimeout(left + 1500);
  await page.reload();
  await openBoard(page, desk);
  await cardOf(page, 'scheduled', karim.name).getByTestId('appointment-no-show').click();
  await expect(page.getByText('Marked as a no-show').first()).toBeVisible();
  await expect(cardOf(page, 'no_show', karim.name)).toBeVisible();
  const record = await api.get<{ status: string; noShowAt: string | null }>(`/appointments/${missed._id}`);
  expect(record.status).toBe('no_show');

  // A walk-in: Salma, into the doctor's first free slot.
  await page.getByTestId('frontdesk-walk-in').click();
  const dialog = page.getByRole('dialog');
  const patient = dialog.getByTestId('walk-in-patient');
  await patient.click();
  await patient.fill(salma.name);
  await page.getByRole('option', { name: new RegExp(salma.name) }).click();
  await dialog.getByTestId('walk-in-service').click();
  await page.getByRole('option', { name: desk.service.name }).click();
  await dialog.getByTestId('walk-in-doctor').click();
  await page.getByRole('option', { name: desk.doctor.name }).click();
  await expect(dialog.getByTestId('walk-in-slot')).toContainText('First free slot');
  const [first] = await api.get<Array<{ datetime: string }>>(`/appointments/next-free?clinic=${desk.clinic._id}&service=${desk.service._id}&doctor=${desk.doctor._id}&limit=1`);
  await expect(dialog.getByTestId('walk-in-slot')).toContainText(clinicTime(first!.datetime));
  await expect(dialog.getByTestId('walk-in-slot')).toContainText(desk.doctor.name);
  await dialog.getByTestId('walk-in-book').click();
  await expect(page.getByText('Appointment booked').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(cardOf(page, 'scheduled', salma.name)).toContainText(clinicTime(first!.datetime));
  // Close the messages still on screen; one that closes by itself meanwhile is not waited for (a short click timeout).
  for (const close of await page.locator('.mantine-Notification-root button').all()) await close.click({ timeout: 2_000 }).catch(() => undefined);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('board-en-light.png'), fullPage: true });

  // The note is in Huda's treatment history.
  await page.goto(`/patients/details/${huda._id}`);
  const treatment = page.getByTestId('treatment-card');
  await expect(treatment.getByTestId('treatment-visit-note')).toContainText('review in three months');
});

test('the board in Arabic and dark, and on a phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, { lang: 'ar', theme: 'dark' });
  const { api, desk } = await setUpDesk(page);
  await api.book(desk, 0, new Date(Date.now() + 30 * 60_000), 'Follow-up');
  const arrived = await api.book(desk, 1, new Date(Date.now() + 60 * 60_000), 'Follow-up');
  const res = await page.request.patch(`/api/appointments/${arrived._id}`, { headers: { authorization: `Bearer ${desk.token}` }, data: { status: 'arrived', version: 1 } });
  expect(res.status(), await res.text()).toBe(200);
  await api.book(desk, 2, new Date(Date.now() + 90 * 60_000), 'Follow-up');

  await openBoard(page, desk);
  await expect(page.getByTestId('board-section-scheduled').getByTestId('board-card')).toHaveCount(2);
  await expect(page.getByTestId('board-section-arrived')).toContainText('بدء الكشف');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.screenshot({ path: testInfo.outputPath('board-ar-dark.png'), fullPage: true });

  // On a phone the sections stack, one under the other, none wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('board-section-arrived')).toBeVisible();
  await expect.poll(async () => {
    const expectedBox = (await page.getByTestId('board-section-scheduled').boundingBox())!;
    const arrivedBox = (await page.getByTestId('board-section-arrived').boundingBox())!;
    return arrivedBox.y >= expectedBox.y + expectedBox.height - 1 && expectedBox.width <= 375;
  }).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('board-ar-dark-375.png'), fullPage: true });
});

test('the board on a phone in English', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page);
  const { api, desk } = await setUpDesk(page);
  await api.book(desk, 0, new Date(Date.now() + 30 * 60_000), 'Follow-up');
  await openBoard(page, desk);
  await expect(page.getByTestId('board-section-scheduled').getByTestId('board-card')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('board-en-375.png'), fullPage: true });
});
