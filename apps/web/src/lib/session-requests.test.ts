import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { saveClinicChoice } from './clinic-choice';
import { storeTokens } from './session';
import { fetchProfile } from './session-context';
import { refreshOnce } from './session-refresh';

describe('the session requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => fetchProfile(),
      () => saveClinicChoice('c/1 2'),
      async () => {
        storeTokens('access-1', 'refresh 1/2');
        await refreshOnce();
      },
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/profile",
        "PUT /api/profile/clinic {"clinicId":"c/1 2"}",
        "POST /api/auth/refresh-token {"refreshToken":"refresh 1/2"}",
      ]
    `);
  });
});
