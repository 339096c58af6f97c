import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvitationView } from '@clinic/shared';
import { demoUser, errorBody, jsonResponse, mockFetch, renderApp, setLanguage } from '@/test/utils';

const view: InvitationView = { name: 'Huda Nasser', email: 'huda@clinic.test', companyName: 'Riyadh Care', expiresAt: '2030-01-04T10:00:00Z', suggestedUsername: 'huda' };
const cashier = { ...demoUser, username: 'huda.n', role: 'Cashier', roles: ['Cashier'], permissions: ['billing_read', 'billing_write'] };

function inviteApi({ lookup = () => jsonResponse(200, { success: true, data: view }), accept = () => jsonResponse(200, { success: true, data: { username: 'huda.n' } }) }: { lookup?: () => Response; accept?: () => Response } = {}) {
  const bodies: Record<string, unknown[]> = {};
  const fetchMock = mockFetch((url, init) => {
    if (init.body) (bodies[url.pathname] ??= []).push(JSON.parse(String(init.body)));
    if (url.pathname === '/api/invitations/lookup') return lookup();
    if (url.pathname === '/api/invitations/accept') return accept();
    if (url.pathname === '/api/auth/login') return jsonResponse(200, { success: true, data: { accessToken: 'access-9', refreshToken: 'refresh-9', user: cashier } });
    return jsonResponse(200, { success: true, data: [], pagination: { current_page: 1, items_per_page: 10, has_next_page: false, has_previous_page: false, total_items: 0, total_pages: 1 } });
  }, { profile: cashier });
  return { bodies, fetchMock };
}

afterEach(async () => {
  await setLanguage('en');
});

describe('the invitation page', { timeout: 30_000 }, () => {
  it('shows who is invited, by which company, with the suggested user name and the password rules', async () => {
    inviteApi();
    renderApp('/invite?token=tok-1');
    expect(await screen.findByText('Welcome, Huda Nasser')).toBeInTheDocument();
    expect(screen.getByTestId('invite-company')).toHaveTextContent('Riyadh Care');
    expect(screen.getByText('huda@clinic.test')).toBeInTheDocument();
    expect(screen.getByText('Choose your user name and password')).toBeInTheDocument();
    expect(screen.getByTestId('invite-username')).toHaveValue('huda');
    expect(screen.getByTestId('invite-password')).toHaveAccessibleDescription(/20 characters/);
  });

  it('sets up the account, signs in with the chosen user name and password, and lands on the screen of the role', async () => {
    const { bodies } = inviteApi();
    const user = userEvent.setup();
    const { router } = renderApp('/invite?token=tok-1');
    const username = await screen.findByTestId('invite-username');
    await user.clear(username);
    await user.type(username, 'huda.n');
    await user.type(screen.getByTestId('invite-password'), 'Strong@Pass1');
    await user.type(screen.getByTestId('invite-confirm-password'), 'Strong@Pass1');
    await user.click(screen.getByTestId('invite-accept'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/cash-boxes'));
    expect(bodies['/api/invitations/lookup']).toEqual([{ token: 'tok-1' }]);
    expect(bodies['/api/invitations/accept']).toEqual([{ token: 'tok-1', username: 'huda.n', password: 'Strong@Pass1', confirmPassword: 'Strong@Pass1' }]);
    expect(bodies['/api/auth/login']).toEqual([{ email: 'huda.n', password: 'Strong@Pass1' }]);
    expect(sessionStorage.getItem('token')).toBe('access-9');
  });

  it('checks the password and its confirmation before sending, and shows a taken user name on its field', async () => {
    const { bodies } = inviteApi({ accept: () => jsonResponse(422, errorBody('Validation failed', 'VALIDATION_ERROR', { username: 'This user name is already taken' })) });
    const user = userEvent.setup();
    renderApp('/invite?token=tok-1');
    await user.type(await screen.findByTestId('invite-password'), 'Strong@Pass1');
    await user.type(screen.getByTestId('invite-confirm-password'), 'Strong@Pass2');
    await user.click(screen.getByTestId('invite-accept'));
    expect(await screen.findByText('Password confirmation does not match. Please try again')).toBeInTheDocument();
    expect(bodies['/api/invitations/accept']).toBeUndefined();

    await user.clear(screen.getByTestId('invite-confirm-password'));
    await user.type(screen.getByTestId('invite-confirm-password'), 'Strong@Pass1');
    await user.click(screen.getByTestId('invite-accept'));
    await waitFor(() => expect(screen.getByTestId('invite-username')).toHaveAccessibleDescription(/This user name is already taken/));
    expect(bodies['/api/auth/login']).toBeUndefined();
  });

  it.each([
    [404, 'INVITATION_INVALID', 'invite-invalid', 'We could not open this invitation'],
    [410, 'INVITATION_EXPIRED', 'invite-expired', 'This link is no longer valid'],
    [409, 'INVITATION_USED', 'invite-used', 'Your account is already set up'],
  ])('a link the server answers %i %s shows why, with the way to sign in', async (status, code, testId, title) => {
    inviteApi({ lookup: () => jsonResponse(status, errorBody(`Server says ${code}`, code)) });
    renderApp('/invite?token=tok-1');
    const card = await screen.findByTestId(testId);
    expect(card).toHaveTextContent(title);
    expect(card).toHaveTextContent(`Server says ${code}`);
    expect(screen.getByTestId('invite-go-sign-in')).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('invite-accept')).not.toBeInTheDocument();
  });

  it('without a token says the link is not valid, and works in Arabic', async () => {
    inviteApi();
    await setLanguage('ar');
    renderApp('/invite');
    expect(await screen.findByTestId('invite-invalid')).toHaveTextContent('تعذّر فتح هذه الدعوة');
    expect(screen.getByTestId('invite-go-sign-in')).toHaveTextContent('الذهاب إلى تسجيل الدخول');
  });
});
