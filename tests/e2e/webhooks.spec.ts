import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from '@playwright/test';
import { ALWAYS_OPEN, Api, expect, presetPreferences, runId, signIn, test } from './fixtures';

/*
 * Webhooks, as an administrator sets them up: an endpoint pointing at a receiver this spec starts on the machine, its
 * secret shown once; a booking reaches the receiver signed with that secret, carrying the appointment; the delivery
 * log shows it delivered with the receiver's answer. Screenshots: English light, Arabic dark, and both at 375 px, where the
 * endpoints are cards whose delivery log opens without scrolling sideways.
 */

interface Received { headers: Record<string, string | string[] | undefined>; body: string }

async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => { text += c.toString('utf8'); });
    req.on('end', () => {
      received.push({ headers: req.headers, body: text });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const verified = (secret: string, r: Received) => {
  const mac = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(`v1,${mac}`);
};

/** The page at `width`; below a tablet the endpoints are cards whose log opens without scrolling sideways. */
async function shot(browser: Browser, lang: 'en' | 'ar', theme: 'light' | 'dark', width: number, path: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
  const page = await context.newPage();
  await presetPreferences(page, { lang, theme });
  await signIn(page);
  await page.goto('/settings/webhooks');
  if (width < 768) {
    const card = page.getByTestId('webhook-endpoint-card').first();
    await expect(card).toBeVisible();
    await expect(page.getByTestId('webhook-endpoints')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const log = card.getByRole('button', { name: lang === 'ar' ? 'سجل التسليم' : 'Delivery log' });
    await expect(log).toBeInViewport();
    await page.screenshot({ path, fullPage: true });
    await log.click();
    await expect(page.getByTestId('webhook-delivery').first()).toBeVisible();
  } else {
    await expect(page.getByTestId('webhook-endpoint').first()).toBeVisible();
    await page.screenshot({ path, fullPage: true });
  }
  await context.close();
}

test('an endpoint receives a signed booking and its log shows the delivery', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    const api = await Api.signIn(request);
    const id = runId();
    await signIn(page);
    await page.goto('/settings/webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByTestId('webhook-form');
    await form.getByLabel(/Endpoint address/).fill(receiver.url);
    await form.getByLabel('Description').fill(`Front office ${id}`);
    await form.getByTestId('webhook-group-appointment').getByLabel('Booked').check();
    await form.getByRole('button', { name: 'Save' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    const clinic = await api.clinic(`Hooks ${id}`, { hours: ALWAYS_OPEN, timeZone: 'UTC' });
    const doctor = await api.doctor(clinic, `Dr. Hook ${id}`);
    const service = await api.service(clinic, [doctor], `Check-up ${id}`);
    const patient = await api.patient(`Webhook Patient ${id}`);
    // Tomorrow at 10:00 in the clinic's zone (UTC): inside its hours whatever the hour the suite runs.
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCHours(10, 0, 0, 0);
    const booked = await api.book({ id, clinic, service, doctors: [doctor], patients: [patient] }, { patient: 0, datetime: tomorrow.toISOString() });

    await expect.poll(() => receiver.received.filter((r) => r.body.includes(booked._id)).length, { timeout: 30_000 }).toBe(1);
    const got = receiver.received.find((r) => r.body.includes(booked._id))!;
    expect(verified(secret, got)).toBe(true);
    const message = JSON.parse(got.body) as { type: string; data: { _id: string; patient: { name: string } } };
    expect(message).toMatchObject({ type: 'appointment.booked', data: { _id: booked._id, patient: { name: `Webhook Patient ${id}` } } });

    // The delivery is recorded once the receiver's answer is read, a moment after it arrived: the log is opened then.
    const endpoint = (await api.get<Array<{ _id: string; description: string }>>('/webhooks')).find((e) => e.description === `Front office ${id}`)!;
    await expect.poll(async () => (await api.get<Array<{ status: string }>>(`/webhooks/${endpoint._id}/deliveries`))[0]?.status, { timeout: 30_000 }).toBe('delivered');
    const row = page.getByTestId('webhook-endpoint').filter({ hasText: `Front office ${id}` });
    await page.reload();
    await row.getByRole('button', { name: 'Delivery log' }).click();
    const entry = page.getByTestId('webhook-delivery').first();
    await expect(entry).toContainText('appointment.booked');
    await expect(entry).toContainText('Delivered');
    await expect(entry).toContainText('thanks');
    // Once the drawer has finished sliding in.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: testInfo.outputPath('webhooks-log-en-light.png') });
    await page.keyboard.press('Escape');
    await shot(browser, 'en', 'light', 1280, testInfo.outputPath('webhooks-en-light.png'));
    await shot(browser, 'ar', 'dark', 1280, testInfo.outputPath('webhooks-ar-dark.png'));
    await shot(browser, 'en', 'light', 375, testInfo.outputPath('webhooks-en-light-375.png'));
    await shot(browser, 'ar', 'dark', 375, testInfo.outputPath('webhooks-ar-dark-375.png'));
  } finally {
    await receiver.close();
  }
});
