import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@clinic/shared';
import { clearSession, getSessionSnapshot, readSession, storeProfile, storeSignIn } from './session';

const user: SessionUser = {
  _id: 'u1',
  publicId: 'EMP-000001',
  name: 'Sara Al-Harbi',
  username: 'admin',
  email: 'sara@demo.clinic',
  roles: ['Admin', 'Doctor'],
  plan: 'complex',
  employeeType: 'Admin',
  permissions: ['admin'],
  companyId: 'c1',
  image: null,
  preferences: { hijriMode: 'off', hijriModeOverride: null, companyHijriMode: 'off', digits: 'latn', startScreen: null, clinicId: null },
};

describe('stored session', () => {
  it('keeps the first role, the permissions as JSON and the e-mail in base64', () => {
    storeSignIn({ accessToken: 'a', refreshToken: 'r', user }, true);
    expect(localStorage.getItem('role')).toBe('Admin');
    expect(localStorage.getItem('permissions')).toBe('["admin"]');
    expect(localStorage.getItem('userEmail')).toBe(btoa('sara@demo.clinic'));
    expect(readSession()).toMatchObject({ userId: 'u1', userName: 'Sara Al-Harbi', role: 'Admin', userEmail: 'sara@demo.clinic', plan: 'complex', employeeType: 'Admin' });
  });

  it('keeps the registration wizard flags when signing in', () => {
    localStorage.setItem('loginToRegister', 'true');
    localStorage.setItem('selectedPlan', '3');
    storeSignIn({ accessToken: 'a', refreshToken: 'r', user }, false);
    expect(localStorage.getItem('loginToRegister')).toBe('true');
    expect(localStorage.getItem('selectedPlan')).toBe('3');
  });

  it('takes fresh permissions and plan from the profile, in the same storage', () => {
    storeSignIn({ accessToken: 'a', refreshToken: 'r', user }, false);
    storeProfile({ ...user, plan: 'clinic', permissions: ['patient_read'] });
    expect(sessionStorage.getItem('plan')).toBe('clinic');
    expect(readSession()?.permissions).toEqual(['patient_read']);
    expect(localStorage.getItem('plan')).toBeNull();
  });

  it('gives the same snapshot object until something changes', () => {
    storeSignIn({ accessToken: 'a', refreshToken: 'r', user }, true);
    const first = getSessionSnapshot();
    expect(getSessionSnapshot()).toBe(first);
    localStorage.setItem('permissions', '["user_read"]');
    expect(getSessionSnapshot()).not.toBe(first);
    expect(getSessionSnapshot()?.permissions).toEqual(['user_read']);
  });

  it('clears everything but the preferences and used e-mails on sign-out', () => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('lang', 'ar');
    localStorage.setItem('i18nextLng', 'ar');
    localStorage.setItem('usedEmails', '["admin"]');
    localStorage.setItem('loginToRegister', 'true');
    storeSignIn({ accessToken: 'a', refreshToken: 'r', user }, true);
    sessionStorage.setItem('token', 'b');

    clearSession();

    expect(readSession()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(Object.keys(localStorage).sort()).toEqual(['i18nextLng', 'lang', 'theme', 'usedEmails']);
  });
});
