import { Api, expect, openDays, patientLink, signIn, test, zonedIso, type Practice } from './fixtures';

/*
 * Notifications and the patient's page: a cancellation by one member of staff rings another's bell in their open
 * browser, without a reload; a patient opens the link from a reminder on a phone, without signing in, and confirms.
 * Each test makes its own clinic, doctor, patient and appointment (on the clinic's next open day) through the API,
 * and the front-desk user who hears about it.
 */

test.describe.configure({ mode: 'serial' });

/** A practice of the test's own with one appointment at 10:00 on the clinic's next open day. */
async function withAppointment(api: Api) {
  const practice = await api.practice({ patients: 1, label: 'Notify Clinic' });
  const [day] = openDays(practice.clinic);
  const appointment = await api.book(practice, { datetime: zonedIso(day!.date, '10:00', practice.clinic.timeZone), reason: 'Follow-up' });
  return { practice, appointment };
}

/** A front-desk user of the practice's clinic, allowed to read and book appointments, with a password of its own. */
function deskUser(api: Api, practice: Practice) {
  return api.signInUser(['appointment_read', 'appointment_write', 'patient_read', 'clinic_read', 'service_read', 'employee_read'], [practice.clinic._id]);
}

test('a cancellation by one user rings another user\'s bell live, and the notification opens the appointment', async ({ browser, request }) => {
  const api = await Api.signIn(request);
  const { practice, appointment } = await withAppointment(api);
  const patient = practice.patients[0]!;
  const desk = await browser.newContext();
  try {
    const deskPage = await desk.newPage();
    await signIn(deskPage, await deskUser(api, practice));
    // The screen of a front-desk user's day, where they land after signing in.
    await deskPage.goto('/frontdesk');
    await expect(deskPage.getByTestId('notifications')).toBeVisible();

    // Opened once before the change, so what follows arrives through the live stream, not a fresh load.
    await deskPage.getByTestId('notifications').click();
    await expect(deskPage.getByTestId('notifications-list').or(deskPage.getByText('No notifications yet'))).toBeVisible();
    await deskPage.getByTestId('notifications').click();

    await api.patch(`/appointments/${appointment._id}`, { status: 'cancelled', cancellationReason: 'The patient called to cancel', version: appointment.version });

    const badge = deskPage.getByTestId('notifications-count').locator('.mantine-Indicator-indicator');
    await expect(badge).toBeVisible();
    await deskPage.getByTestId('notifications').click();
    const item = deskPage.getByTestId('notification-item').filter({ hasText: `cancelled ${patient.name}'s appointment` }).first();
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('data-read', 'false');
    await item.click();
    await expect(deskPage).toHaveURL(new RegExp(`/appointments\\?id=${appointment._id}`));
    await expect(deskPage.getByTestId('appointment-cancellation-reason')).toContainText('The patient called to cancel');
  } finally {
    await desk.close();
  }
});

test('a phone set to Arabic opens the patient\'s page in Arabic, with the visit for its calendar and buttons that fit 375 px', async ({ browser, request }, testInfo) => {
  const api = await Api.signIn(request);
  const { practice, appointment } = await withAppointment(api);
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'ar-SA' });
  try {
    const link = await patientLink(api.companyId, appointment._id, new Date(appointment.datetime));
    const page = await phone.newPage();
    await page.goto(`/visit#${link}`);
    await expect(page.getByTestId('visit-card')).toContainText(practice.clinic.name);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('visit-confirm')).toContainText('سأحضر');
    const calendarFile = await page.getByTestId('visit-add-to-calendar').getAttribute('href');
    expect(decodeURIComponent(calendarFile ?? '')).toMatch(/^data:text\/calendar;charset=utf-8,BEGIN:VCALENDAR/);
    expect(decodeURIComponent(calendarFile ?? '')).toContain(`DTSTART:${new Date(appointment.datetime).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
    // Every button's words are shown whole on a narrow phone.
    for (const id of ['visit-confirm', 'visit-cancel', 'visit-add-to-calendar']) {
      const cut = await page.getByTestId(id).evaluate((el) => Array.from(el.querySelectorAll('span')).some((s) => s.scrollWidth > s.clientWidth + 1));
      expect(cut, `${id} is cut`).toBe(false);
    }
    await page.screenshot({ path: testInfo.outputPath('visit-ar-375.png'), fullPage: true });
  } finally {
    await phone.close();
  }
});

test('the patient confirms on a phone through the link in the reminder, without signing in', async ({ browser, request }) => {
  const api = await Api.signIn(request);
  const { practice, appointment } = await withAppointment(api);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const link = await patientLink(api.companyId, appointment._id, new Date(appointment.datetime));

    const page = await phone.newPage();
    await page.goto(`/visit#${link}`);
    await expect(page.getByTestId('visit-card')).toContainText(practice.clinic.name);
    await expect(page.getByTestId('visit-card')).toContainText(practice.doctors[0]!.name);
    await expect(page.getByTestId('visit-time')).toContainText(appointment.datetime.slice(11, 16));
    // Nothing beyond the date, time, clinic and doctor.
    await expect(page.getByTestId('visit-card')).not.toContainText(practice.patients[0]!.name);
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
    await phone.close();
  }
});
