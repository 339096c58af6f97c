import { describe, expect, it } from 'vitest';
import { routes } from '@clinic/shared';
import { ssoStartUrl } from './sso-sign-in';

describe('the sign-in page\'s single sign-on link', () => {
  it('is the contract\'s start route with the organisation as the server finds it', () => {
    expect(ssoStartUrl('  North-Clinic ')).toBe(`${routes.sso.start.path}?org=north-clinic`);
    expect(ssoStartUrl('مجمع & co')).toBe(`${routes.sso.start.path}?org=${encodeURIComponent('مجمع & co')}`);
  });
});
