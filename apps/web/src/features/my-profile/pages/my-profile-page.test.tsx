import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EmployeeRecord } from '@clinic/shared';
import { getAccessToken, getRefreshToken } from '@/lib/session';
import { employeeRecord, errorBody, jsonResponse, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders, signIn } from '@/test/utils';
import MyProfilePage from './my-profile-page';

const record = employeeRecord();
const renderMyProfile = () => renderWithProviders(<MyProfilePage />, '/myProfile', { route: '/myProfile' });

function api(me: EmployeeRecord, password: (body: Record<string, string>) => Response) {
  const calls: Array<Record<string, string>> = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/profile/details') return jsonResponse(200, ok(me));
    if (url.pathname === '/api/profile/password') {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      calls.push(body);
      return password(body);
    }
    return jsonResponse(404, errorBody('Not found'));
  }, { profile: {} });
  return calls;
}

describe('my profile', () => {
  it('shows an Admin the reduced view, and a nurse the full one', async () => {
    api(record, () => jsonResponse(500, {}));
    signIn();
    const { unmount } = renderMyProfile();
    expect(await screen.findByTestId('my-profile-admin')).toBeInTheDocument();
    expect(screen.getByText('EMP-000001')).toBeInTheDocument();
    unmount();
    api({ ...record, employeeType: 'Nurse', roleIds: [{ _id: 'r2', name: 'Nurse' }] }, () => jsonResponse(500, {}));
    renderMyProfile();
    expect(await screen.findByTestId('my-profile-full')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
  });

  it('changes the password: checks the confirmation, shows the server\'s refusal, then keeps this session with new tokens', async () => {
    let attempt = 0;
    const calls = api(record, () => {
      attempt += 1;
      return attempt === 1
        ? jsonResponse(422, errorBody('The current password is incorrect', 'OLD_PASSWORD_WRONG', { oldPassword: 'The current password is incorrect' }))
        : jsonResponse(200, { success: true, message: 'Your password has been changed. Other sessions were signed out.', data: { accessToken: 'access-2', refreshToken: 'refresh-2' } });
    });
    signIn();
    const user = userEvent.setup();
    renderMyProfile();
    await user.click(await screen.findByTestId('open-change-password'));
    await user.type(screen.getByTestId('old-password'), 'Demo@1234');
    await user.type(screen.getByTestId('new-password'), 'Fresh@Pass9');
    await user.type(screen.getByTestId('confirm-password'), 'Fresh@Pass8');
    await user.click(screen.getByTestId('change-password-submit'));
    // A password field is not marked aria-invalid by Mantine; its message is linked to it all the same.
    await waitFor(() => expect(screen.getByTestId('confirm-password')).toHaveAccessibleDescription('Passwords do not match'));
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByTestId('confirm-password'));
    await user.type(screen.getByTestId('confirm-password'), 'Fresh@Pass9');
    await user.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('The current password is incorrect')).toBeInTheDocument();

    await user.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(getAccessToken()).toBe('access-2'));
    expect(getRefreshToken()).toBe('refresh-2');
    expect(calls.at(-1)).toEqual({ oldPassword: 'Demo@1234', newPassword: 'Fresh@Pass9', confirmPassword: 'Fresh@Pass9' });
    expect(await screen.findByText('Your password has been changed. Other sessions were signed out.')).toBeInTheDocument();
  });
});
