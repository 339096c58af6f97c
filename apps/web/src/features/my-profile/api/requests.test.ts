import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { changePassword } from './change-password';
import { getMyProfile } from './get-my-profile';
import { savePreferences } from './save-preferences';

describe('the my profile requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => getMyProfile(),
      () => changePassword({ oldPassword: 'old pass', newPassword: 'New#pass1', confirmPassword: 'New#pass1' }),
      () => savePreferences({ hijriMode: null, digits: 'arab', startScreen: '/my-day' }),
      () => savePreferences({ hijriMode: 'beside', digits: 'latn', startScreen: null }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/profile/details",
        "PUT /api/profile/password {"oldPassword":"old pass","newPassword":"New#pass1","confirmPassword":"New#pass1"}",
        "PUT /api/profile/preferences {"hijriMode":null,"digits":"arab","startScreen":"/my-day"}",
        "PUT /api/profile/preferences {"hijriMode":"beside","digits":"latn","startScreen":null}",
      ]
    `);
  });
});
