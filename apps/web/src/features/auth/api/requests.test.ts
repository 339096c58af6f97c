import { describe, expect, it } from 'vitest';
import { storeTokens } from '@/lib/session';
import { requestLines } from '@/test/request-pins';
import { login } from './login';
import { logout } from './logout';

describe('the sign-in requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => login({ email: 'admin@example.com', password: 'pass word' }),
      () => logout(),
      async () => {
        storeTokens('access-1', 'refresh-1');
        await logout();
      },
    ])).toMatchInlineSnapshot(`
      [
        "POST /api/auth/login {"email":"admin@example.com","password":"pass word"}",
        "POST /api/auth/logout {}",
        "POST /api/auth/logout {"refreshToken":"refresh-1"}",
      ]
    `);
  });
});
