import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setDisplay } from '@/lib/format/display';
import { demoUser, employeeRecord, errorBody, jsonResponse, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import MyProfilePage from './my-profile-page';

afterEach(async () => {
  setDisplay({ hijriMode: 'off', digits: 'latn' });
  await setLanguage('en');
});

describe('the digits setting', () => {
  it('saves the digits setting on the server, then shows Arabic-Indic digits in the Arabic interface', async () => {
    const sent: unknown[] = [];
    let preferences = demoUser.preferences;
    mockFetch((url, init) => {
      if (url.pathname === '/api/profile/preferences') {
        const body = JSON.parse(String(init.body)) as { hijriMode: null; digits: 'arab' };
        sent.push(body);
        preferences = { ...preferences, digits: body.digits };
        return jsonResponse(200, { success: true, message: 'تم حفظ إعدادات العرض', data: { ...demoUser, preferences } });
      }
      if (url.pathname === '/api/profile/details') return jsonResponse(200, ok(profileRecord));
      return jsonResponse(404, errorBody('Not found'));
    }, { profile: () => ({ preferences }) });
    await setLanguage('ar');
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<MyProfilePage />, '/myProfile', { route: '/myProfile' });
    expect(await screen.findByText('5 يناير 1990')).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: 'عربية هندية (٠١٢٣)' }));
    await user.click(screen.getByTestId('display-save'));
    await waitFor(() => expect(sent).toEqual([{ hijriMode: null, digits: 'arab', startScreen: null }]));
    expect(await screen.findByText('٥ يناير ١٩٩٠')).toBeInTheDocument();
  });

});

const profileRecord = employeeRecord({
  username: 'nurse', email: 'n@demo.clinic', employeeType: 'Nurse', roleIds: [{ _id: 'r2', name: 'Nurse' }], jobTitle: 'Nurse',
});
