import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { presetPreferences, runId } from './fixtures';

/*
 * An authenticator app end to end, in a new organisation of its own (its rule and step-up window touch no other
 * test): set it up on /security with a code computed as the phone's app would, sign out, sign in with a code, then
 * with a recovery code, then a sensitive change after the step-up window asks for the code again.
 */

const PASSWORD = 'Mfa@Pass123';

const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function signOut(page: Page) {
  await page.evaluate(() => {
    localStorage.removeItem('token');
    localStorage.removeItem('refreshToken');
    sessionStorage.clear();
  });
  await page.goto('/login');
}

async function passwordStep(page: Page, username: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('second-step-form')).toBeVisible();
}

/** A new organisation of the test's own, on the company plan: its administrator's user name and the sign-up's headers. */
async function newOrganisation(page: Page, prefix: string) {
  const id = runId().replace(/[^a-z0-9]/gi, '').toLowerCase();
  const username = `${prefix}${id}`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { companyName: `${prefix} ${id}`, name: `${prefix} Admin`, username, email: `${username}@example.test`, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const headers = { authorization: `Bearer ${((await signup.json()) as { data: { accessToken: string } }).data.accessToken}` };
  expect((await page.request.put('/api/profile', { headers, data: { plan: 'company' } })).status()).toBe(200);
  return { username, headers };
}

test('authenticator app: enrol, sign in with a code and with a recovery code, step up after the window', async ({ page }) => {
  test.setTimeout(180_000);
  const { username } = await newOrganisation(page, 'mfa');

  // Enrol on /security.
  await presetPreferences(page, { lang: 'en' });
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/security');
  await page.getByRole('button', { name: 'Set up the authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await expect(page.getByTestId('totp-setup').locator('svg')).toBeVisible();
  await page.getByRole('textbox', { name: '6-digit code' }).fill(codeAt(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes').locator('code');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.first().innerText();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('two-factor-section')).toContainText('10 recovery codes left');

  // Sign in again: the password, then a code (the next step's: this step's code was just used).
  await signOut(page);
  await passwordStep(page, username);
  await page.getByRole('textbox', { name: '6-digit code' }).fill(codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  // And with a recovery code.
  await signOut(page);
  await passwordStep(page, username);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  // The organisation asks again after one minute: past it, new recovery codes (a sensitive change) ask for a code.
  const session = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const policy = await page.request.put('/api/security/second-factor-policy', { headers: { authorization: `Bearer ${session}` }, data: { roleIds: [], stepUpMinutes: 1 } });
  expect(policy.status(), await policy.text()).toBe(200);
  await page.waitForTimeout(62_000);
  await page.goto('/security');
  await page.getByRole('button', { name: 'New recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: '6-digit code' }).fill(codeAt(secret));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  await expect(page.getByTestId('recovery-codes')).not.toContainText(recovery);
});

test('a second sign-in held to set up a second step, once it is set up in the first, confirms it with a code and opens', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { username, headers } = await newOrganisation(page, 'held');
  // The organisation asks its administrators for a second step: both sign-ins below are held to setting one up.
  const roles = ((await (await page.request.get('/api/roles?allData=true', { headers })).json()) as { data: Array<{ _id: string; name: string }> }).data;
  const adminRole = roles.find((r) => r.name === 'Admin')!;
  expect((await page.request.put('/api/security/second-factor-policy', { headers, data: { roleIds: [adminRole._id], stepUpMinutes: 15 } })).status()).toBe(200);

  const signInHeld = async (p: Page) => {
    await p.goto('/login');
    await p.locator('input[name="email"]').fill(username);
    await p.locator('input[name="password"]').fill(PASSWORD);
    await p.locator('button[type="submit"]').click();
    await expect(p.getByTestId('enrolment-page')).toBeVisible();
  };
  await presetPreferences(page, { lang: 'en' });
  await signInHeld(page);
  const other = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const second = await other.newPage();
  await presetPreferences(second, { lang: 'ar', theme: 'dark' });
  await signInHeld(second);

  // The first sets up the authenticator and goes on.
  await page.getByRole('button', { name: 'Set up the authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await page.getByRole('textbox', { name: '6-digit code' }).fill(codeAt(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('enrolment-page')).toBeHidden();

  // The second, on a phone in Arabic, finds nothing left to set up: it confirms with the next code and opens.
  await second.reload();
  const already = second.getByTestId('enrolment-already');
  await expect(already).toBeVisible();
  await expect(second.getByTestId('two-factor-section')).toHaveCount(0);
  await already.getByRole('button').click();
  const dialog = second.getByRole('dialog');
  await dialog.getByRole('textbox').fill(codeAt(secret, 1));
  await dialog.locator('button[type="submit"]').click();
  await expect(second.getByTestId('enrolment-page')).toBeHidden();
  await expect(second.getByTestId('sidebar').or(second.getByRole('banner'))).toBeVisible();
  await other.close();
});
