import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, directionOf, i18n, switchLanguage } from './i18n';

describe('language', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads only the active language at start, and another one before switching to it', async () => {
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('ar', 'translation')).toBe(false);
    const switching = i18n.changeLanguage('ar');
    expect(i18n.language).toBe('en');
    await switching;
    expect(i18n.language).toBe('ar');
    expect(i18n.t('auth.login.title')).toBe('مرحبًا بعودتك');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('switches from the language menu only once every loaded namespace has its texts', async () => {
    await switchLanguage('ar');
    expect(i18n.language).toBe('ar');
    expect(i18n.hasResourceBundle('ar', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('ar', 'pages')).toBe(true);
    await switchLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('prefers the stored `lang`, then `i18nextLng`, then the browser, then English', () => {
    localStorage.clear();
    vi.stubGlobal('navigator', { languages: ['fr-FR', 'ar-SA'], language: 'fr-FR' });
    expect(detectLanguage()).toBe('ar');

    localStorage.setItem('i18nextLng', 'en-GB');
    expect(detectLanguage()).toBe('en');

    localStorage.setItem('lang', 'ar');
    expect(detectLanguage()).toBe('ar');

    localStorage.clear();
    vi.stubGlobal('navigator', { languages: ['de-DE'], language: 'de-DE' });
    expect(detectLanguage()).toBe('en');
  });

  it('turns the page right-to-left for Arabic and remembers the choice', async () => {
    await i18n.changeLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem('lang')).toBe('ar');
    expect(localStorage.getItem('i18nextLng')).toBe('ar');

    await i18n.changeLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(directionOf('ar-EG')).toBe('rtl');
  });

  it('translates the shared validation keys used by the schemas', async () => {
    expect(i18n.t('validation.usernameRequired')).toBe('Username is required');
    await i18n.changeLanguage('ar');
    expect(i18n.t('validation.passwordMin6')).toBe('يجب أن تتكون كلمة المرور من 6 أحرف على الأقل');
  });
});
