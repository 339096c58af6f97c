import { Api, expect, signIn, test } from './fixtures';

/*
 * Sign-in sessions in the browser: a person signed in from two browsers sees both on the Security page and ends the
 * other one, which is signed out at its next request; the idle warning counts down the last minute on the web's clock
 * (the organisation's shortest timeout is five minutes) and the sign-in after an idle sign-out continues on the same
 * page without a reload.
 */

test.describe.configure({ mode: 'serial' });

async function person(api: Api) {
  const practice = await api.practice({ patients: 0, label: 'Sessions Clinic' });
  return api.signInUser(['patient_read', 'clinic_read'], [practice.clinic._id], 'Nurse');
}

test('the sessions list shows both browsers; ending the other one signs it out at its next request', async ({ browser, request }) => {
  const api = await Api.signIn(request);
  const creds = await person(api);
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const a = await first.newPage();
    const b = await second.newPage();
    await signIn(a, creds);
    await signIn(b, creds);
    await b.goto('/security');
    await expect(b.getByTestId('sessions-section')).toBeVisible();

    await a.goto('/security');
    const rows = a.getByTestId('my-sessions').getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(a.locator('[data-testid="session-row"][data-current]')).toContainText('This device');
    await a.locator('[data-testid="session-row"]:not([data-current])').getByTestId('end-session').click();
    await a.getByRole('dialog').getByRole('button', { name: 'End' }).click();
    await expect(a.locator('[data-testid="session-row"][data-live]')).toHaveCount(1);

    // The other browser's next request is refused: it is signed out (the sign-in page, or the sign-in over the page
    // when the page was already shown).
    await b.reload();
    await expect(b.getByTestId('idle-sign-in').or(b.locator('form input[name="password"]'))).toBeVisible({ timeout: 20_000 });
    expect(await b.evaluate(() => localStorage.getItem('token') === null || document.querySelector('[data-testid="idle-sign-in"]') !== null)).toBe(true);
  } finally {
    await first.close();
    await second.close();
  }
});

test('the idle warning counts down the last minute, and the sign-in after the timeout continues on the same page', async ({ page, request }) => {
  const api = await Api.signIn(request);
  const creds = await person(api);
  await page.clock.install();
  await signIn(page, creds);
  await page.goto('/security');
  await expect(page.getByTestId('sessions-section')).toBeVisible();
  await page.evaluate(() => { (window as unknown as { samePage: boolean }).samePage = true; });

  // The organisation's default idle timeout is 30 minutes: the warning comes at 29.
  await page.clock.fastForward('29:01');
  await expect(page.getByTestId('idle-countdown')).toContainText(/You will be signed out in 0:5\d/);
  await page.getByTestId('idle-stay').click();
  await expect(page.getByTestId('idle-countdown')).toBeHidden();

  await page.clock.fastForward('30:05');
  const overlay = page.getByTestId('idle-sign-in');
  await expect(overlay).toBeVisible();
  await expect(page.getByTestId('security-page')).toBeHidden();
  await overlay.getByLabel('User name or e-mail').fill(creds.username);
  await overlay.getByRole('textbox', { name: 'Password' }).fill(creds.password);
  await overlay.getByTestId('idle-sign-in-submit').click();
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId('security-page')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});
