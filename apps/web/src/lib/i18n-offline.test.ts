import { describe, expect, it, vi } from 'vitest';
import { i18n, switchLanguage } from './i18n';

// Arabic's texts cannot be fetched (offline, or an old tab after a deployment).
vi.mock('@/locales/ar', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('switching language without its texts', () => {
  it('keeps the current language rather than showing keys', async () => {
    await expect(switchLanguage('ar')).rejects.toThrow();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('auth.login.title')).toBe('Welcome back');
  });
});
