import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { DEMO, expect, signIn, test } from './fixtures';

/*
 * Notifications and the patient's page: a cancellation by one member of staff rings another's bell in their open
 * browser, without a reload; a patient opens the link from a reminder on a phone, without signing in, and confirms.
 */

test.describe.configure({ mode: 'serial' });

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '');
}

interface Appointment { _id: string; version: number; datetime: string; patient: { name: string }; clinic: { name: string }; doctor: { name: string } }

/** Scheduled appointments of the demo organisation in the coming weeks, soonest first. */
async function upcoming(request: APIRequestContext, token: string): Promise<Appointment[]> {
  const from = new Date(Date.now() + 2 * 3_600_000).toISOString();
  const to = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const res = await request.get(`/api/appointments?status=scheduled&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: Appointment[] }).data;
}

/** The link a reminder carries, signed the way the server signs it, with the server's secret from its data folder. */
async function patientLink(companyId: string, appointmentId: string, expiresAt: Date): Promise<string> {
  const secret = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'jwt-secret'), 'utf8').trim();
  const key = new Uint8Array(createHmac('sha256', secret).update('patient-visit-link').digest());
  return new SignJWT({ cid: companyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience('clinic-patient-visit')
    .setSubject(appointmentId)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

test('a cancellation by one user rings another user\'s bell live, and the notification opens the appointment', async ({ browser }) => {
  const desk = await browser.newContext();
  const admin = await browser.newContext();
  try {
    const deskPage = await desk.newPage();
    await signIn(deskPage, { username: 'hibrahim', password: DEMO.password });
    await expect(deskPage.getByTestId('notifications')).toBeVisible();

    const adminPage = await admin.newPage();
    await signIn(adminPage);
    const token = await tokenOf(adminPage);
    const [appointment] = await upcoming(adminPage.request, token);
    expect(appointment, 'the demo has an upcoming appointment').toBeTruthy();

    // Opened once before the change, so what follows arrives through the live stream, not a fresh load.
    await deskPage.getByTestId('notifications').click();
    await expect(deskPage.getByTestId('notifications-list').or(deskPage.getByText('No notifications yet'))).toBeVisible();
    await deskPage.getByTestId('notifications').click();

    const res = await adminPage.request.patch(`/api/appointments/${appointment!._id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'cancelled', cancellationReason: 'The patient called to cancel', version: appointment!.version },
    });
    expect(res.ok(), await res.text()).toBeTruthy();

    const badge = deskPage.getByTestId('notifications-count').locator('.mantine-Indicator-indicator');
    await expect(badge).toBeVisible();
    await deskPage.getByTestId('notifications').click();
    const item = deskPage.getByTestId('notification-item').filter({ hasText: `cancelled ${appointment!.patient.name}'s appointment` }).first();
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('data-read', 'false');
    await item.click();
    await expect(deskPage).toHaveURL(new RegExp(`/appointments\\?id=${appointment!._id}`));
    await expect(deskPage.getByTestId('appointment-cancellation-reason')).toContainText('The patient called to cancel');
  } finally {
    await desk.close();
    await admin.close();
  }
});

test('the patient confirms on a phone through the link in the reminder, without signing in', async ({ browser }) => {
  const staff = await browser.newContext();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const staffPage = await staff.newPage();
    await signIn(staffPage);
    const token = await tokenOf(staffPage);
    const companyId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { cid: string }).cid;
    const list = await upcoming(staffPage.request, token);
    const appointment = list[list.length - 1]!;
    const link = await patientLink(companyId, appointment._id, new Date(appointment.datetime));

    const page = await phone.newPage();
    await page.goto(`/visit#${link}`);
    await expect(page.getByTestId('visit-card')).toContainText(appointment.clinic.name);
    await expect(page.getByTestId('visit-card')).toContainText(appointment.doctor.name);
    await expect(page.getByTestId('visit-time')).toContainText(appointment.datetime.slice(11, 16));
    // Nothing beyond the date, time, clinic and doctor.
    await expect(page.getByTestId('visit-card')).not.toContainText(appointment.patient.name);
    await page.getByTestId('visit-confirm').click();
    await expect(page.getByTestId('visit-confirmed')).toBeVisible();
    await expect(page.getByTestId('visit-confirm')).toHaveCount(0);

    // The link has done its work: opened again, it shows the answer and offers nothing more.
    await page.reload();
    await expect(page.getByTestId('visit-confirmed')).toBeVisible();
    await expect(page.getByTestId('visit-cancel')).toHaveCount(0);

    // A link changed by hand is refused, in the page's language.
    await page.goto(`/visit#${link.slice(0, -3)}abc`);
    await expect(page.getByTestId('visit-error')).toBeVisible();
  } finally {
    await staff.close();
    await phone.close();
  }
});
