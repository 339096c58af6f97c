import type { Page } from '@playwright/test';
import { Api, expect, presetPreferences, runId, signInThroughForm, staffAccount, test } from './fixtures';

/**
 * Passkeys end to end, with Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): a platform
 * authenticator that keeps discoverable credentials and verifies its user, as a laptop's fingerprint reader does.
 * The server's public address is http://localhost:<port>, so the relying party is "localhost".
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { credentials };
}

test('a passkey is added on the security page and then signs its person in without a password', async ({ page, request }) => {
  const api = await Api.signIn(request);
  const clinic = await api.clinic(`Passkey clinic ${runId()}`);
  const nurse = await staffAccount(api, clinic._id, `Nadia ${runId()}`, 'Nurse', 'Nurse');
  const authenticator = await virtualAuthenticator(page);

  await signInThroughForm(page, { username: nurse.username, password: nurse.password, remember: false });
  await page.goto('/security');
  const section = page.getByTestId('passkeys-section');
  await expect(section).toContainText('You have no passkeys yet.');
  await section.getByTestId('passkey-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('passkey-name').fill('Work laptop');
  await dialog.getByTestId('passkey-name-submit').click();
  await expect(section.getByTestId('passkey-row')).toHaveCount(1);
  await expect(section.getByTestId('passkey-row')).toContainText('Work laptop');
  await expect(section.getByTestId('passkey-row')).toContainText('Not used yet');
  // The authenticator keeps a discoverable credential for this site.
  expect((await authenticator.credentials()).map((c) => [c.rpId, c.isResidentCredential])).toEqual([['localhost', true]]);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByTestId('passkey-sign-in').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  await page.goto('/security');
  await expect(page.getByTestId('passkey-row')).toContainText('Last used');

  // With a passkey, the password alone no longer signs this person in: it asks for the second step.
  const res = await request.post('/api/auth/login', { data: { email: nurse.username, password: nurse.password } });
  expect(((await res.json()) as { data: { secondFactor?: { methods: string[] } } }).data.secondFactor?.methods).toEqual(['passkey']);
});

test('the passkeys section in Arabic, dark, at phone width', async ({ page, request }) => {
  const api = await Api.signIn(request);
  const clinic = await api.clinic(`Passkey clinic ar ${runId()}`);
  const nurse = await staffAccount(api, clinic._id, `Nadia ar ${runId()}`, 'Nurse', 'Nurse');
  await virtualAuthenticator(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await presetPreferences(page, { lang: 'ar', theme: 'dark' });
  await signInThroughForm(page, { username: nurse.username, password: nurse.password, lang: 'ar', theme: 'dark', remember: false });
  await page.goto('/security');
  const section = page.getByTestId('passkeys-section');
  await section.getByTestId('passkey-add').click();
  await page.getByRole('dialog').getByTestId('passkey-name').fill('هاتفي');
  await page.getByRole('dialog').getByTestId('passkey-name-submit').click();
  await expect(section.getByTestId('passkey-row')).toContainText('هاتفي');
  await expect(section).toContainText('مفاتيح المرور');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await section.screenshot({ path: test.info().outputPath('passkeys-ar-dark-375.png') });
  await section.getByRole('button', { name: /إزالة/ }).click();
  await expect(page.getByRole('dialog')).toContainText('إزالة مفتاح المرور هذا؟');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'إزالة' })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('passkeys-remove-ar-dark-375.png') });
  await page.getByRole('dialog').getByRole('button', { name: 'إزالة' }).click();
  await expect(section).toContainText('ليس لديك مفاتيح مرور بعد.');

  // Signed out (the session was kept for this tab only), the sign-in page offers the passkey.
  await page.evaluate(() => window.sessionStorage.clear());
  await page.goto('/login');
  await expect(page.getByTestId('passkey-sign-in')).toHaveText('تسجيل الدخول بمفتاح مرور');
  await page.screenshot({ path: test.info().outputPath('sign-in-ar-dark-375.png') });
});
