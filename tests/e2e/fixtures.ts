import { test as base, expect, type Page } from '@playwright/test';

export const DEMO = { username: 'admin', email: 'admin@demo.clinic', password: 'Demo@1234' } as const;

export interface SignInOptions {
  username?: string;
  password?: string;
  /** Interface language for the session ('en' default). */
  lang?: 'en' | 'ar';
  /** Colour scheme to start with. */
  theme?: 'light' | 'dark';
  remember?: boolean;
}

/** Presets language and theme the way the app stores them, before any page script runs. */
export async function presetPreferences(page: Page, opts: { lang?: 'en' | 'ar'; theme?: 'light' | 'dark' }) {
  await page.addInitScript(({ lang, theme }) => {
    if (lang && !window.localStorage.getItem('lang')) {
      window.localStorage.setItem('lang', lang);
      window.localStorage.setItem('i18nextLng', lang);
    }
    if (theme && !window.localStorage.getItem('theme')) window.localStorage.setItem('theme', theme);
  }, { lang: opts.lang, theme: opts.theme });
}

/** Signs in through the sign-in screen, as a person would, and waits until the app has left /login. */
export async function signIn(page: Page, opts: SignInOptions = {}) {
  await presetPreferences(page, opts);
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(opts.username ?? DEMO.username);
  await form.locator('input[name="password"]').fill(opts.password ?? DEMO.password);
  const remember = form.getByRole('checkbox');
  if ((opts.remember ?? true) !== (await remember.isChecked())) await remember.click();
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

export const test = base;
export { expect };
