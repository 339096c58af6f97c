import { describe, expect, it } from 'vitest';
import { homePathFor, pathAfterLogin } from './login-redirect';

describe('where sign-in leads', () => {
  it('sends doctors to the doctors list', () => {
    expect(homePathFor('Doctor')).toBe('/doctors');
  });

  it('sends administrators to the users list', () => {
    expect(homePathFor('Admin')).toBe('/');
  });

  it('sends every other staff type to the staff list', () => {
    for (const type of ['Nurse', 'Technician', 'Administrative', 'Employee', 'PIC', 'Other']) {
      expect(homePathFor(type), type).toBe('/employees');
    }
  });

  it('continues the registration wizard when signing in from it', () => {
    expect(pathAfterLogin('Doctor', true)).toBe('/register');
    expect(pathAfterLogin('Doctor', false)).toBe('/doctors');
  });

  it('sends holders of dashboard_read to the dashboard, and administrators to the users list', () => {
    expect(pathAfterLogin('Employee', false, ['patient_read', 'dashboard_read'])).toBe('/dashboard');
    expect(pathAfterLogin('Admin', false, ['admin'])).toBe('/');
    expect(pathAfterLogin('Employee', true, ['dashboard_read'])).toBe('/register');
  });
});
