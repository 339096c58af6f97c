import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORAGE_KEYS } from '@clinic/shared';
import { expect, presetPreferences, signIn, test, DEMO } from './fixtures';
import { startProvider, type LocalProvider } from '../../apps/api/src/modules/sso/fixtures.js';

/**
 * Single sign-on in the browser, against a local OpenID provider (never a real one): the administrator sets it up on
 * the organisation's sign-in rules, a person signs in with "Sign in with your organisation", and a refused round trip
 * lands on the sign-in page with its reason. Screens at phone width, in Arabic and dark, are kept for review.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts', 'sso');
let idp: LocalProvider;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  mkdirSync(shots, { recursive: true });
  idp = await startProvider([{ clientId: 'clinic-e2e', clientSecret: 'e2e-secret', redirectUri: `${baseURL}/api/auth/sso/callback` }]);
  idp.people.set('demo-admin', { email: DEMO.email, email_verified: true, name: 'Demo Admin' });
  idp.people.set('outsider', { email: 'someone@elsewhere.test', email_verified: true });
});
test.afterAll(async () => { await idp?.close(); });

test('an administrator sets up single sign-on, then signs in through the organisation\'s provider', async ({ page }) => {
  await signIn(page);
  await page.goto('/organisation/security');
  const card = page.getByTestId('sso-settings');
  await card.getByTestId('sso-issuer').fill(idp.issuer);
  await card.getByTestId('sso-test').click();
  await expect(card.getByTestId('sso-test-ok')).toContainText(idp.issuer);
  await card.getByTestId('sso-client-id').fill('clinic-e2e');
  await card.getByTestId('sso-client-secret').fill('e2e-secret');
  await card.getByTestId('sso-domains').fill('demo.clinic');
  await card.getByTestId('sso-domains').press('Enter');
  await card.getByTestId('sso-label').fill('Sign in with Demo Health');
  await card.getByTestId('sso-enabled').check({ force: true });
  await card.getByTestId('sso-save').click();
  await expect(page.getByText('Single sign-on settings saved')).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'settings-en.png'), fullPage: true });
  const [companyId, name] = await page.evaluate((keys) => [window.localStorage.getItem(keys.companyId), window.localStorage.getItem(keys.userName)], STORAGE_KEYS);

  const context = await page.context().browser()!.newContext({ baseURL: page.url().replace(/\/organisation.*$/, '') });
  const guest = await context.newPage();
  await guest.goto('/login');
  await guest.getByTestId('sso-sign-in-button').click();
  await guest.getByTestId('sso-organisation').fill(companyId ?? '');
  idp.nextLogin = 'demo-admin';
  await guest.getByTestId('sso-sign-in-button').click();
  await guest.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  // Signed in as the organisation's administrator, the one whose verified e-mail the provider gave.
  await expect(guest.getByText(name ?? '').first()).toBeVisible();
  await context.close();

  // A person whose e-mail domain the organisation does not accept lands back on the sign-in page, told why.
  const other = await page.context().browser()!.newContext({ baseURL: page.url().replace(/\/organisation.*$/, ''), viewport: { width: 375, height: 800 } });
  const refused = await other.newPage();
  await presetPreferences(refused, { lang: 'ar', theme: 'dark' });
  await refused.goto('/login');
  await refused.getByTestId('sso-sign-in-button').click();
  await refused.getByTestId('sso-organisation').fill(companyId ?? '');
  idp.nextLogin = 'outsider';
  await refused.getByTestId('sso-sign-in-button').click();
  await expect(refused.getByTestId('sso-error')).toContainText('بريدك الإلكتروني ليس من النطاقات التي تقبلها هذه المؤسسة');
  // The organisation is remembered: its own button, under its label, and a way to choose another.
  await expect(refused.getByTestId('sso-sign-in-button')).toHaveText('Sign in with Demo Health');
  await refused.screenshot({ path: path.join(shots, 'login-remembered-ar-dark-375.png'), fullPage: true });
  await refused.getByTestId('sso-other-organisation').click();
  await refused.screenshot({ path: path.join(shots, 'login-ar-dark-375.png'), fullPage: true });
  await other.close();
});

test('the settings card and the landing page at phone width, in Arabic and dark', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, { lang: 'ar', theme: 'dark' });
  await page.goto('/organisation/security');
  await expect(page.getByTestId('sso-settings-form')).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'settings-ar-dark-375.png'), fullPage: true });
  await page.goto('/login/sso#code=spent-or-made-up');
  await expect(page.getByTestId('sso-landing-message')).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'landing-ar-dark-375.png'), fullPage: true });
});
