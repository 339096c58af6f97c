import type { Page } from '@playwright/test';
import { ALWAYS_OPEN, Api, daytimeZone, expect, type Practice, runId, shot, signIn, test } from './fixtures';

/*
 * The waiting room for staff: patients checked in on the front desk board get their ticket numbers (prefixed by
 * doctor), the waiting room lists them in call order with their estimates, "Call next" calls the first, and the
 * clinic's displays are added with a one-time code and revoked. Each test makes its own clinic (open around the
 * clock, in a zone where it is daytime now), doctor, service and patients through the API.
 */


/** A practice open now with three patients booked later today, and the clinic's tickets prefixed "A" for its doctor in "Room 3". */
async function setUp(page: Page): Promise<{ api: Api; practice: Practice; visits: Array<{ _id: string; version: number }> }> {
  const api = await Api.signIn(page.request);
  const id = runId();
  const clinic = await api.clinic(`Waiting Room ${id}`, { hours: ALWAYS_OPEN, timeZone: daytimeZone() });
  const doctor = await api.doctor(clinic, `Dr. Rana ${id}`);
  const service = await api.service(clinic, [doctor], `Check-up ${id}`);
  const patients = [];
  for (const first of ['Huda', 'Karim', 'Salma']) patients.push(await api.patient(`${first} ${id}`));
  const practice: Practice = { id, clinic, service, doctors: [doctor], patients };
  const visits = [];
  for (const [i] of patients.entries()) visits.push(await api.book(practice, { patient: i, datetime: new Date(Date.now() + (30 + i * 20) * 60_000).toISOString() }));
  await api.put(`/clinics/${clinic._id}/waiting-room-settings`, {
    prefixBy: 'doctor', prefixes: { [doctor._id]: 'A' }, rooms: { [doctor._id]: 'Room 3' }, showNames: false, sendLink: false, announce: 'both',
  });
  return { api, practice, visits };
}

async function openBoard(page: Page, clinicName: string) {
  await page.goto('/frontdesk');
  await expect(page.getByTestId('frontdesk-board')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('frontdesk-clinic').click();
  await page.getByRole('option', { name: clinicName }).click();
  await expect(page.getByTestId('frontdesk-loading')).toHaveCount(0, { timeout: 30_000 });
}

const cardOf = (page: Page, section: string, name: string) => page.getByTestId(`board-section-${section}`).getByTestId('board-card').filter({ hasText: name });

/** Closes every toast, again if one arrives while the others close (a call's answer, then the live refresh's). */
async function closeToasts(page: Page) {
  await expect(async () => {
    for (const close of await page.locator('.mantine-Notification-root button').all()) await close.click({ timeout: 1_000 }).catch(() => undefined);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test('check-in gives ticket numbers on the board, and the waiting room calls the next patient', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const { practice } = await setUp(page);
  const [huda, karim] = practice.patients as [Practice['patients'][number], Practice['patients'][number]];

  await openBoard(page, practice.clinic.name);
  await cardOf(page, 'scheduled', huda.name).getByTestId('appointment-check-in').click();
  await expect(cardOf(page, 'arrived', huda.name).getByTestId('ticket-label')).toHaveText('A-001');
  await cardOf(page, 'scheduled', karim.name).getByTestId('appointment-check-in').click();
  await expect(cardOf(page, 'arrived', karim.name).getByTestId('ticket-label')).toHaveText('A-002');
  const strip = page.getByTestId('queue-strip');
  await expect(strip.getByTestId('queue-strip-doctor')).toContainText('2 waiting');

  await strip.getByTestId('queue-strip-open').click();
  await expect(page).toHaveURL(new RegExp(`/waiting-room\\?clinic=${practice.clinic._id}`));
  const line = page.getByTestId('doctor-queue').filter({ hasText: practice.doctors[0]!.name });
  await expect(line.getByTestId('queue-ticket').getByTestId('ticket-label')).toHaveText(['A-001', 'A-002']);
  await expect(line).toContainText('Room 3');
  await expect(line.getByTestId('queue-ticket-estimate').first()).toContainText('Next');

  await line.getByTestId('doctor-queue-call-next').click();
  await expect(page.getByText(`A-001 called: ${huda.name}`).first()).toBeVisible();
  await expect(line.getByTestId('doctor-queue-current')).toContainText('A-001');
  await expect(line.getByTestId('doctor-queue-current')).toContainText('Called');
  await expect(line.locator('[data-testid="queue-ticket"][data-state="waiting"]').getByTestId('ticket-label')).toHaveText(['A-002']);

  // Karim is urgent now; his history says who changed it.
  await line.locator('[data-testid="queue-ticket"][data-state="waiting"]').getByTestId('ticket-menu').click();
  await page.getByTestId('ticket-priority-urgent').click();
  await expect(line.getByTestId('ticket-priority')).toHaveText('Urgent');
  await line.locator('[data-testid="queue-ticket"][data-state="waiting"]').getByTestId('ticket-menu').click();
  await page.getByTestId('ticket-history').click();
  await expect(page.getByTestId('ticket-history-event')).toHaveCount(2);
  await expect(page.getByTestId('ticket-history-event').last()).toContainText('Priority changed');
  await page.keyboard.press('Escape');
  await closeToasts(page);
  await shot(page, 'waiting-room-en-light');

  // The ticket on the 80 mm printer.
  await line.locator('[data-testid="queue-ticket"][data-state="waiting"]').getByTestId('ticket-menu').click();
  await page.getByTestId('ticket-print').click();
  await expect(page.getByTestId('print-ticket-label')).toHaveText('A-002');
  await expect(page.getByTestId('print-ticket-place')).toContainText('You are next');
});

test('the waiting room in Arabic and dark, and on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, { lang: 'ar', theme: 'dark' });
  const { api, practice, visits } = await setUp(page);
  for (const visit of visits) await api.patch(`/appointments/${visit._id}`, { status: 'arrived', version: visit.version });

  await page.goto(`/waiting-room?clinic=${practice.clinic._id}`);
  const line = page.getByTestId('doctor-queue').filter({ hasText: practice.doctors[0]!.name });
  await expect(line.getByTestId('queue-ticket').getByTestId('ticket-label')).toHaveText(['A-001', 'A-002', 'A-003'], { timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(line.getByTestId('doctor-queue-call-next')).toHaveText('نداء التالي');
  await line.getByTestId('doctor-queue-call-next').click();
  await expect(line.getByTestId('doctor-queue-current')).toContainText('A-001');
  await closeToasts(page);
  await shot(page, 'waiting-room-ar-dark');

  // On a phone the doctors' lines stack, none wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(line).toBeVisible();
  // Once the shell has settled into its phone layout (its menu slides away), nothing is wider than the screen.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'waiting-room-375');
});

test("an administrator adds a display with a one-time code and revokes it; the clinic's settings are saved", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const { practice } = await setUp(page);

  await page.goto(`/waiting-room/settings?clinic=${practice.clinic._id}`);
  const form = page.getByTestId('waiting-room-settings-form');
  await expect(form.getByLabel(`Rooms: ${practice.doctors[0]!.name}`)).toHaveValue('Room 3', { timeout: 30_000 });
  await form.getByTestId('settings-show-names').click();
  await form.getByTestId('settings-save').click();
  await expect(page.getByText('Waiting room settings saved').first()).toBeVisible();

  const displays = page.getByTestId('waiting-room-displays');
  await displays.getByTestId('display-add').click();
  const create = page.getByTestId('display-create-form');
  await create.getByTestId('display-name').fill('Hall TV');
  await create.getByTestId('display-create').click();
  const code = page.getByTestId('pairing-code');
  await expect(code).toHaveText(/^[A-HJ-NP-Z2-9-]{8,9}$/);
  await expect(page.getByTestId('pairing-code-expiry')).toBeVisible();
  await shot(page, 'waiting-room-display-code');
  await page.getByTestId('pairing-code-done').click();
  const row = displays.getByTestId('display-row').filter({ hasText: 'Hall TV' });
  await expect(row.getByTestId('display-status')).toHaveText('Waiting for pairing');

  await row.getByTestId('display-revoke').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row.getByTestId('display-status')).toHaveText('Revoked');
});
