import { describe, expect, it } from 'vitest';
import { pageTitleKey } from './page-title';

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
});
