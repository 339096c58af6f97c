import { describe, expect, it } from 'vitest';
import { pathAfterLogin } from './login-redirect';

describe('where sign-in leads', () => {
  it('continues the registration wizard when signing in from it', () => {
    expect(pathAfterLogin({ permissions: ['admin'] }, true)).toBe('/register');
  });

  it('lands on the screen of the user\'s day, or the start screen they chose', () => {
    expect(pathAfterLogin({ permissions: ['admin'] }, false)).toBe('/dashboard');
    expect(pathAfterLogin({ permissions: ['appointment_read', 'appointment_write', 'my_day'] }, false)).toBe('/my-day');
    expect(pathAfterLogin({ permissions: ['appointment_read', 'appointment_write', 'my_day'], preferences: { startScreen: '/frontdesk' } }, false)).toBe('/frontdesk');
  });
});
