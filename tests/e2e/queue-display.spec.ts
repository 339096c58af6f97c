import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { ALWAYS_OPEN, Api, daytimeZone, expect, presetPreferences, runId, signIn, test, type Practice } from './fixtures';

/*
 * The waiting room seen from the room: an administrator makes a display for a clinic; a TV (a browser of its own, no
 * sign-in) pairs with the one-time code, in Arabic, its default; the front desk checks two patients in on Today's
 * board, and the waiting numbers appear on the screen; "call next" puts the number and the room on the screen within
 * two seconds of the call's answer, and the earlier call moves to the recent calls. The patient follows their place on
 * the page their text links to, live. Revoking the display sends the screen back to pairing. Screenshots: the board
 * in Arabic dark and English light, both pages at 375 px; axe (WCAG 2.1 AA) finds nothing serious on the board or the
 * patient's page.
 */

/** A zone where it is daytime now: bookings for later today stay on today's board and today's queue. */
const TZ = daytimeZone();
const ROOM = 'غرفة 3';
const smsSink = () => `http://127.0.0.1:${process.env.E2E_SMS_PORT}`;

interface Ticket { _id: string; label: string; state: string; room: string | null }

/** A clinic of the test's own, open around the clock, one doctor (prefix A, room 3), a service, two patients. */
async function waitingRoom(api: Api): Promise<Practice> {
  const id = runId();
  const clinic = await api.clinic(`Waiting Room ${id}`, { hours: ALWAYS_OPEN, timeZone: TZ });
  const doctor = await api.doctor(clinic, `Dr. Rana ${id}`);
  const service = await api.service(clinic, [doctor], `Check-up ${id}`);
  const patients = [await api.patient(`Huda ${id}`), await api.patient(`Karim ${id}`)];
  await api.put(`/clinics/${clinic._id}/waiting-room-settings`, {
    prefixBy: 'doctor', prefixes: { [doctor._id]: 'A' }, rooms: { [doctor._id]: ROOM }, showNames: false, sendLink: true, announce: 'both',
  });
  return { id, clinic, service, doctors: [doctor], patients };
}

/**
 * The queue links texted to the clinic's patients at check-in (the SMS sink keeps the texts), in the order the
 * tickets were given (by their numbers): the links that open a ticket of this clinic, `count` of them.
 */
async function queueLinksOf(api: Api, p: Practice, after: number, count: number): Promise<string[]> {
  let found: Array<{ link: string; label: string }> = [];
  await expect.poll(async () => {
    const messages = (await (await fetch(`${smsSink()}/messages`)).json()) as Array<{ at: string; body: { text?: string } }>;
    const links = messages.filter((m) => Date.parse(m.at) >= after).flatMap((m) => /\/queue\?token=[^\s"']+/.exec(m.body.text ?? '') ?? []);
    found = [];
    for (const link of new Set(links)) {
      const res = await api.request.get(`/api/public${link}`);
      const ticket = res.ok() ? ((await res.json()) as { data: { clinic: string; label: string } }).data : null;
      if (ticket?.clinic === p.clinic.name) found.push({ link, label: ticket.label });
    }
    return found.length;
  }, { timeout: 20_000, message: 'the queue links texted at check-in' }).toBe(count);
  return found.sort((a, b) => a.label.localeCompare(b.label)).map((f) => f.link);
}

/** WCAG 2.1 AA problems (serious or critical) axe finds on the page as it is, once its animations have ended. */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function checkIn(page: Page, name: string) {
  const card = page.getByTestId('board-section-scheduled').getByTestId('board-card').filter({ hasText: name });
  await card.getByTestId('appointment-check-in').click();
  await expect(page.getByTestId('board-section-arrived').getByTestId('board-card').filter({ hasText: name })).toBeVisible();
}

/** A phone (375 px) opening the patient's link, in a language and theme. */
async function phone(browser: Browser, link: string, lang: 'ar' | 'en', theme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: lang === 'ar' ? 'ar-SA' : 'en-US', colorScheme: theme, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await presetPreferences(page, { lang, theme });
  await page.goto(link);
  await expect(page.getByTestId('ticket-label')).toBeVisible();
  return page;
}

test('a check-in reaches the paired screen, a call shows there within 2 seconds in Arabic, and a revoked screen goes back to pairing', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(240_000);
  const api = await Api.signIn(request);
  const p = await waitingRoom(api);
  const [huda, karim] = p.patients as [Practice['patients'][number], Practice['patients'][number]];
  const doctor = p.doctors[0]!;
  await api.book(p, { patient: 0, datetime: new Date(Date.now() + 30 * 60_000).toISOString() });
  await api.book(p, { patient: 1, datetime: new Date(Date.now() + 45 * 60_000).toISOString() });

  // The administrator makes the display; its code is shown once.
  const made = await api.post<{ display: { _id: string }; code: string }>('/waiting-room/displays', { clinic: p.clinic._id, name: `Hall TV ${p.id}` });
  expect(made.code).toMatch(/^[A-Z2-9-]{8,9}$/);

  // The TV: a browser of its own, never signed in; Arabic and dark.
  const tvContext = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'dark' });
  const tv = await tvContext.newPage();
  await presetPreferences(tv, { theme: 'dark' });
  // What the screen says aloud, recorded (the browser's own voice may be silent on a test machine).
  await tv.addInitScript(() => {
    const spoken: Array<{ text: string; lang: string }> = [];
    Object.assign(window, { spoken });
    const synth = window.speechSynthesis as SpeechSynthesis | undefined;
    if (!synth) return;
    const speak = synth.speak.bind(synth);
    synth.speak = (u: SpeechSynthesisUtterance) => {
      if (u.text) spoken.push({ text: u.text, lang: u.lang });
      speak(u);
    };
  });
  await tv.goto('/display');
  const pairing = tv.getByTestId('display-pairing');
  await expect(pairing).toContainText('ربط هذه الشاشة');
  await expect(tv.locator('html')).toHaveAttribute('dir', 'rtl');
  await tv.getByTestId('display-pairing-code').fill(made.code);
  await tv.getByTestId('display-pairing-submit').click();
  await expect(tv.getByTestId('display-board')).toBeVisible();
  await expect(tv.getByTestId('display-clinic')).toHaveText(p.clinic.name);
  await expect(tv.getByTestId('display-no-calls')).toBeVisible();
  // Pairing was a tap: the sound is on, nothing asks for another.
  await expect(tv.getByTestId('display-enable-sound')).toHaveCount(0);

  // The front desk checks both patients in on Today's board; the screen lists their numbers as they arrive.
  await signIn(page);
  await page.goto('/frontdesk');
  await page.getByTestId('frontdesk-clinic').click();
  await page.getByRole('option', { name: p.clinic.name }).click();
  await expect(page.getByTestId('frontdesk-loading')).toHaveCount(0, { timeout: 30_000 });
  const checkedInAt = Date.now();
  await checkIn(page, huda.name);
  await expect(tv.getByTestId('display-waiting-number')).toHaveCount(1);
  await checkIn(page, karim.name);
  await expect(tv.getByTestId('display-waiting-number')).toHaveCount(2);

  // Karim follows his place on his phone, from the link texted at check-in: one patient ahead of him.
  const [hudaLink, karimLink] = (await queueLinksOf(api, p, checkedInAt, 2)) as [string, string];
  const karimPhone = await phone(browser, karimLink, 'en', 'light');
  await expect(karimPhone.getByTestId('ticket-position')).toHaveText('1 patient ahead of you');

  // Call next: the number and the room on the screen within 2 seconds of the answer, in Arabic; no patient's name.
  const first = await api.post<Ticket>('/waiting-room/call-next', { clinic: p.clinic._id, doctor: doctor._id });
  expect(first.label).toMatch(/^A-\d{3}$/);
  await expect(tv.getByTestId('display-current-label')).toHaveText(first.label, { timeout: 2000 });
  await expect(tv.getByTestId('display-current-place')).toHaveText(ROOM);
  await expect(tv.getByTestId('display-current')).toContainText('يُنادى الآن');
  await expect(tv.getByTestId('display-board')).not.toContainText(huda.name);
  // Announced once, Arabic then English (the clinic announces in both), the number read out character by character.
  const spoken = () => tv.evaluate(() => (window as unknown as { spoken: Array<{ text: string; lang: string }> }).spoken);
  const readOut = [...first.label.replace('-', '')].join(' ');
  await expect.poll(spoken).toEqual([{ text: `الرقم ${readOut}، ${ROOM}`, lang: 'ar-SA' }, { text: `Number ${readOut}, ${ROOM}`, lang: 'en-GB' }]);
  await expect(karimPhone.getByTestId('ticket-position')).toHaveText('You are next');

  const second = await api.post<Ticket>('/waiting-room/call-next', { clinic: p.clinic._id, doctor: doctor._id });
  expect(second.label).not.toBe(first.label);
  await expect(tv.getByTestId('display-current-label')).toHaveText(second.label, { timeout: 2000 });
  await expect(tv.getByTestId('display-recent-call').first()).toContainText(first.label);
  await expect(tv.getByTestId('display-waiting-number')).toHaveCount(0);
  await expect(karimPhone.getByTestId('ticket-called')).toContainText("It's your turn");
  await expect(karimPhone.getByTestId('ticket-place')).toHaveText(ROOM);

  await tv.screenshot({ path: testInfo.outputPath('display-ar-dark.png') });
  await karimPhone.screenshot({ path: testInfo.outputPath('queue-en-light-375.png'), fullPage: true });
  const hudaPhone = await phone(browser, hudaLink, 'ar', 'dark');
  await expect(hudaPhone.getByTestId('ticket-called')).toContainText('حان دورك');
  await hudaPhone.screenshot({ path: testInfo.outputPath('queue-ar-dark-375.png'), fullPage: true });
  const problems = [
    ...(await axeProblems(tv, 'the board, ar dark')),
    ...(await axeProblems(karimPhone, 'the queue page, en light')),
    ...(await axeProblems(hudaPhone, 'the queue page, ar dark')),
  ];

  // The same screen in English and light, after a reload: the browser asks for a tap before any sound.
  await tv.evaluate(() => {
    localStorage.setItem('displayLanguage', 'en');
    localStorage.setItem('theme', 'light');
  });
  await tv.reload();
  await expect(tv.getByTestId('display-current')).toContainText('Now calling');
  await expect(tv.getByTestId('display-current-label')).toHaveText(second.label);
  const gate = tv.getByTestId('display-enable-sound');
  if (await gate.isVisible()) await gate.click();
  await expect(gate).toHaveCount(0);
  await tv.screenshot({ path: testInfo.outputPath('display-en-light.png') });
  problems.push(...(await axeProblems(tv, 'the board, en light')));
  expect(problems, problems.join('\n')).toEqual([]);
  await tv.setViewportSize({ width: 375, height: 812 });
  await tv.screenshot({ path: testInfo.outputPath('display-en-light-375.png'), fullPage: true });

  // Revoked: the screen goes back to pairing and says why.
  await api.call('DELETE', `/waiting-room/displays/${made.display._id}`);
  await expect(tv.getByTestId('display-revoked')).toBeVisible({ timeout: 45_000 });
  await expect(tv.getByTestId('display-pairing-code')).toBeVisible();
  expect(await tv.evaluate(() => localStorage.getItem('displayToken'))).toBeNull();

  await Promise.all([tvContext.close(), karimPhone.context().close(), hudaPhone.context().close()]);
});
