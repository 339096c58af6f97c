import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, directionOf, i18n, switchLanguage } from './i18n';
import { setDisplay } from './format/display';

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

  it('picks the plural form of a counted text (Arabic has six) and writes its number in the user\'s digits', async () => {
    await switchLanguage('en');
    expect(i18n.t('waitlist.waitingDays', { count: 1 })).toBe('1 day');
    expect(i18n.t('waitlist.waitingDays', { count: 12 })).toBe('12 days');
    await switchLanguage('ar');
    const days = (count: number) => i18n.t('waitlist.waitingDays', { count });
    expect([0, 1, 2, 3, 11, 100].map(days)).toEqual(['أقل من يوم', 'يوم واحد', 'يومان', '3 أيام', '11 يومًا', '100 يوم']);
    setDisplay({ hijriMode: 'off', digits: 'arab' });
    expect(days(3)).toBe('٣ أيام');
    expect(i18n.t('errors.roleInUse', { count: 11 })).toContain('١١ مستخدمًا');
    setDisplay({ hijriMode: 'off', digits: 'latn' });
    await switchLanguage('en');
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
