import { describe, expect, it } from 'vitest';
import { translate } from '../messages/index.js';
import { loginInput } from './auth.js';
import { changePasswordInput } from './profile.js';
import { roleFormSchema } from './role.js';

/** Field path -> English message of the first issue on it. */
function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= translate(issue.message, 'en');
  return out;
}

describe('sign-in form', () => {
  it('needs the user name and a password of at least 6 characters', () => {
    expect(errorsOf(loginInput.safeParse({ email: ' ', password: '' }))).toEqual({ email: 'Username is required', password: 'Password is required' });
    expect(errorsOf(loginInput.safeParse({ email: 'admin', password: '12345' }))).toEqual({ password: 'Password must be at least 6 characters' });
    expect(loginInput.parse({ email: ' admin ', password: 'Demo@1234' })).toEqual({ email: 'admin', password: 'Demo@1234' });
  });
});

describe('change of password', () => {
  const change = { oldPassword: 'Demo@1234', newPassword: 'Fresh@Pass9', confirmPassword: 'Fresh@Pass9' };

  it('accepts a strong new password typed twice', () => {
    expect(changePasswordInput.safeParse(change).success).toBe(true);
  });

  it('refuses a confirmation that differs, a new password equal to the current one, and a weak one', () => {
    expect(errorsOf(changePasswordInput.safeParse({ ...change, confirmPassword: 'Fresh@Pass8' }))).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(errorsOf(changePasswordInput.safeParse({ ...change, newPassword: 'Demo@1234', confirmPassword: 'Demo@1234' }))).toEqual({
      newPassword: 'The new password must differ from the current one',
    });
    expect(errorsOf(changePasswordInput.safeParse({ oldPassword: '', newPassword: 'weakpassword', confirmPassword: 'weakpassword' }))).toEqual({
      oldPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters, use a mix of uppercase, lowercase, numbers, and symbols.',
    });
  });
});

describe('role form', () => {
  it('needs a name and at least one permission', () => {
    expect(errorsOf(roleFormSchema.safeParse({ name: '  ', permissions: [] }))).toEqual({
      name: 'Role name is required',
      permissions: 'Select at least one permission',
    });
    expect(roleFormSchema.parse({ name: ' Lab Technician ', permissions: ['patient_read'] })).toEqual({ name: 'Lab Technician', permissions: ['patient_read'] });
  });
});
