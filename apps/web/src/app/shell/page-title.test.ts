import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { setLanguage } from '@/test/utils';
import { pageTitleKey } from './page-title';

afterEach(async () => {
  await setLanguage('en');
});

describe('page titles', () => {
  it('gives detail pages their own titles', () => {
    expect(pageTitleKey('/patients/details/8f1c')).toBe('shell.titles.patientDetails');
    expect(pageTitleKey('/employees/details/8f1c')).toBe('shell.titles.employeeDetails');
    expect(pageTitleKey('/users/details/8f1c')).toBe('shell.titles.userDetails');
  });

  it('names the lists, the users list at / included', () => {
    expect(pageTitleKey('/')).toBe('shell.titles.users');
    expect(pageTitleKey('/users')).toBe('shell.titles.users');
    expect(pageTitleKey('/departements')).toBe('shell.titles.departments');
    // In the sign-in bundle, so the top bar names the page before the page's own texts arrive.
    expect(pageTitleKey('/audit')).toBe('shell.titles.audit');
  });

  it('knows nothing of unknown paths', () => {
    expect(pageTitleKey('/patients/details')).toBeNull();
    expect(pageTitleKey('/nowhere')).toBeNull();
  });

  it.each(['en', 'ar'] as const)('calls the dashboard by one name in the menu, the top bar and the page (%s)', async (lang) => {
    await setLanguage(lang);
    const page = i18n.t('dashboard.title');
    expect(i18n.t(pageTitleKey('/dashboard')!)).toBe(page);
    expect(i18n.t('shell.nav.dashboard')).toBe(page);
    if (lang === 'ar') expect(page).toBe('لوحة المعلومات');
  });
});
