import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { addDays, ALWAYS_OPEN, Api, chooseCalendarClinic, expect, runId, signIn, test } from './fixtures';
import { stubBookingApi } from './booking-stubs';
import { chooseFirstFreeDay, chooseFirstTime, chooseOption, fillDetails, stepTitle } from './booking-walk';

/*
 * Patients booking themselves, in Arabic at phone width: the public address, the one-time code read from the local SMS
 * sink (sms-sink.mjs, the API's SMS gateway in these tests), the visit on the staff calendar, the move through the
 * patient's link, and a limit hit and explained. Then the page's looks at 375 px, English light and Arabic dark.
 */

const PHONE = { width: 375, height: 812 };
const smsSink = () => `http://127.0.0.1:${process.env.E2E_SMS_PORT}`;

async function phonePage(browser: Browser, opts: { lang: 'ar' | 'en'; theme?: 'light' | 'dark' }): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: opts.lang === 'ar' ? 'ar-SA' : 'en-US', colorScheme: opts.theme ?? 'light', isMobile: true, hasTouch: true });
  return context.newPage();
}

/** The newest code texted to the number (the sink records the API's generic JSON body: to, from, text). */
async function codeFor(phone: string, after: number): Promise<string> {
  const digits = phone.replace(/\D/g, '').slice(-8);
  let code = '';
  await expect.poll(async () => {
    const messages = (await (await fetch(`${smsSink()}/messages`)).json()) as Array<{ at: string; body: { to?: string; text?: string } }>;
    const mine = messages.filter((m) => Date.parse(m.at) >= after && String(m.body.to ?? '').replace(/\D/g, '').endsWith(digits));
    code = /\b(\d{6})\b/.exec(mine.at(-1)?.body.text ?? '')?.[1] ?? '';
    return code;
  }, { timeout: 15_000, message: `a code texted to ${phone}` }).toMatch(/^\d{6}$/);
  return code;
}

/** A clinic of the test's own, open every day, its service and doctor bookable online at once; the organisation's address. */
async function bookablePractice(api: Api) {
  const practice = await api.practice({ doctors: 1, patients: 0, hours: ALWAYS_OPEN, label: 'Online' });
  await api.put(`/clinics/${practice.clinic._id}/online-booking`, {
    enabled: true, mode: 'instant', services: [practice.service._id], doctors: practice.doctors.map((d) => d._id), minNoticeMinutes: 60, horizonDays: 30,
    maxPerPhoneDay: 2, maxPerPhoneWeek: 5, cancellationPolicy: { ar: 'يمكن الإلغاء حتى 12 ساعة قبل الموعد.', en: 'Cancel up to 12 hours before.' },
  });
  let { slug } = await api.get<{ slug: string | null }>(`/companies/${api.companyId}/booking-page`);
  if (!slug) slug = (await api.put<{ slug: string }>(`/companies/${api.companyId}/booking-page`, { slug: `e2e-${runId().toLowerCase()}` })).slug;
  return { practice, slug };
}

test('a patient books in Arabic on a phone, with the code from the SMS, and the visit is on the staff calendar; then moves it through the link', async ({ browser, page: staff, request }) => {
  test.setTimeout(180_000);
  const api = await Api.signIn(request);
  const { practice, slug } = await bookablePractice(api);
  const patient = { name: `مريم ${practice.id}`, phone: `05${String(Date.now()).slice(-8)}`, dateOfBirth: '1991-04-12', female: true };

  const page = await phonePage(browser, { lang: 'ar' });
  await page.goto(`/book/${slug}?clinic=${practice.clinic._id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // One service and one doctor: the link's clinic goes straight to the day.
  await expect(stepTitle(page)).toHaveText('اختر اليوم');
  const date = await chooseFirstFreeDay(page);
  await expect(stepTitle(page)).toHaveText('اختر الوقت');
  const datetime = await chooseFirstTime(page);
  await expect(page.getByTestId('book-policy')).toHaveText('يمكن الإلغاء حتى 12 ساعة قبل الموعد.');
  const asked = Date.now() - 1000;
  await fillDetails(page, patient);
  await expect(stepTitle(page)).toHaveText('أدخل الرمز');
  await expect(page.getByTestId('book-code-limits')).toContainText('3');

  // A wrong code is refused on the code field; the right one books.
  await page.getByTestId('book-code').fill('000000');
  await page.getByTestId('book-confirm').click();
  await expect(page.getByTestId('book-code')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('book-code').fill(await codeFor(patient.phone, asked));
  await page.getByTestId('book-confirm').click();
  await expect(page.getByTestId('book-done-status')).toHaveAttribute('data-status', 'scheduled');
  await expect(page.getByTestId('book-done-status')).toContainText('تم حجز موعدك');
  await expect(page.getByTestId('book-done-ics')).toHaveAttribute('href', /\/api\/public\/visit\/ics\?token=/);
  const link = (await page.getByTestId('book-done-link').getAttribute('href'))!;

  // The desk sees it on the calendar, marked as booked online.
  await signIn(staff);
  const from = new Date(Date.parse(datetime) - 3_600_000).toISOString();
  const to = new Date(Date.parse(datetime) + 3_600_000).toISOString();
  const booked = (await api.get<Array<{ _id: string; datetime: string; source?: string; patient: { name: string } }>>(
    `/appointments?clinic=${practice.clinic._id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&view=calendar`,
  )).find((a) => a.patient.name === patient.name);
  expect(booked?.source).toBe('online');
  expect(Date.parse(booked!.datetime)).toBe(Date.parse(datetime));
  await staff.goto(`/appointments/calendar?view=day&date=${date}`);
  await chooseCalendarClinic(staff, practice.clinic.name);
  await expect(staff.getByText(patient.name).first()).toBeVisible();

  // The patient's link: another time, in one step.
  await page.goto(new URL(link, page.url()).toString().replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByTestId('visit-card')).toBeVisible();
  await page.getByTestId('visit-move-open').click();
  const move = page.getByTestId('visit-move');
  // The day after the booked one (today is offered too, but late in the clinic's evening it has no time left); on the
  // clinic's month end it is in the next month.
  const other = addDays(date);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: practice.clinic.timeZone }).format(new Date());
  const monthIndex = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  const title = move.getByTestId('book-month-title');
  await expect(move.getByTestId('book-month')).toBeVisible();
  for (let i = monthIndex(today); i < monthIndex(other); i++) {
    const shown = (await title.textContent())!;
    await move.getByTestId('book-month-next').click();
    await expect(title).not.toHaveText(shown);
  }
  await move.locator(`[data-testid="book-month"] [data-free][data-date="${other}"]`).click();
  await move.getByTestId('book-times').getByRole('button').first().click();
  await page.screenshot({ path: test.info().outputPath('visit-move-ar.png'), fullPage: true });
  await move.getByTestId('visit-move-confirm').click();
  await expect(page.getByTestId('visit-moved')).toBeVisible();
  const moved = await api.get<{ datetime: string }>(`/appointments/${booked!._id}`);
  expect(Date.parse(moved.datetime)).not.toBe(Date.parse(datetime));
  await page.context().close();
});

test('asking for too many codes is refused and explained, in Arabic', async ({ browser, request }) => {
  const api = await Api.signIn(request);
  const { practice, slug } = await bookablePractice(api);
  const page = await phonePage(browser, { lang: 'ar' });
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`/book/${slug}?clinic=${practice.clinic._id}`);
  await chooseFirstFreeDay(page);
  await chooseFirstTime(page);
  const patient = { name: `سلمى ${practice.id}`, phone: `05${String(Date.now() + 7).slice(-8)}`, dateOfBirth: '1988-02-03', female: true };
  // Three codes an hour per number and per address (this test's address has sent codes before): asking again until
  // refused takes at most four tries, and the refusal says why and what the limits are.
  const refusal = page.getByTestId('book-details-error');
  for (let i = 0; i < 4 && !(await refusal.isVisible()); i++) {
    if (i > 0) await page.getByTestId('book-back').click();
    await fillDetails(page, patient);
    await expect.poll(async () => (await refusal.isVisible()) || (await stepTitle(page).textContent()) === 'أدخل الرمز').toBe(true);
  }
  await expect(refusal).toContainText('لا يُرسَل أكثر من 3 رموز في الساعة');
  await expect(stepTitle(page)).toHaveText('بياناتك');
  // Nothing at 320 px is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.context().close();
});

for (const mode of [{ lang: 'en', theme: 'light' }, { lang: 'ar', theme: 'dark' }] as const) {
  test(`the booking page at 375 px, ${mode.lang} ${mode.theme}: every step, and the embed without its header`, async ({ browser }, info) => {
    const page = await phonePage(browser, mode);
    await stubBookingApi(page);
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode.theme);
    // What the first step costs: every script the browser fetched, gzipped, within the page's 120 KB budget.
    const scripts: Array<Promise<number>> = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
    });
    const shot = (name: string) => page.screenshot({ path: info.outputPath(`booking-${mode.lang}-${mode.theme}-${name}.png`), fullPage: true });
    await page.goto(`/book/al-noor?lang=${mode.lang}`);
    await expect(page.locator('html')).toHaveAttribute('dir', mode.lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode.theme);
    await shot('1-clinic');
    const kb = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024;
    expect(kb, `JavaScript of the booking page's first step: ${kb.toFixed(1)} KB gzipped`).toBeLessThanOrEqual(120);
    console.log(`booking page, ${mode.lang}: ${kb.toFixed(1)} KB of JavaScript gzipped in ${scripts.length} files`);
    await chooseOption(page, /Olaya/);
    await shot('2-service');
    await chooseOption(page, /General|consultation/);
    await shot('3-doctor');
    await page.getByTestId('book-options').getByRole('button').first().click();
    await chooseFirstFreeDay(page);
    await shot('4-day-back');
    await page.getByTestId('book-back').click();
    await expect(page.getByTestId('book-month')).toBeVisible();
    await shot('4-day');
    await chooseFirstFreeDay(page);
    await shot('5-time');
    await chooseFirstTime(page);
    await page.getByTestId('book-send-code').click();
    await expect(page.getByTestId('book-phone')).toHaveAttribute('aria-invalid', 'true');
    await shot('6-details-errors');
    await fillDetails(page, { name: mode.lang === 'ar' ? 'مريم العتيبي' : 'Maryam Al-Otaibi', phone: '0551234567', dateOfBirth: '1991-04-12', female: true });
    await page.getByTestId('book-code').fill('123456');
    await shot('7-code');
    await page.getByTestId('book-confirm').click();
    await expect(page.getByTestId('book-done')).toBeVisible();
    await shot('8-done');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto(`/book/al-noor?embed=1&lang=${mode.lang}&clinic=11111111-1111-4111-8111-111111111111&service=22222222-2222-4222-8222-222222222222`);
    await expect(stepTitle(page)).toBeVisible();
    await expect(page.getByText('Al-Noor Medical')).toHaveCount(0);
    await shot('9-embed');
    await page.context().close();
  });
}
