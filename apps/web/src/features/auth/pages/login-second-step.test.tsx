import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, emptyList, errorBody, jsonResponse } from '@/test/mocks';
import { mockFetch, renderWithProviders } from '@/test/utils';
import LoginPage from './login-page';

const challenge = (expiresAt = new Date(Date.now() + 5 * 60_000)) => ({
  success: true,
  data: { secondFactor: { ticket: 'ticket-1', methods: ['totp', 'recovery'], expiresAt: expiresAt.toISOString() } },
});

function api(secondStep: (url: URL, body: Record<string, string>) => Response) {
  return mockFetch((url, init) => {
    if (url.pathname === '/api/auth/login') return jsonResponse(200, challenge());
    if (url.pathname.startsWith('/api/auth/second-factor/')) return secondStep(url, JSON.parse(String(init?.body)) as Record<string, string>);
    return jsonResponse(200, emptyList());
  }, { profile: demoUser });
}

async function passwordStep() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /username/i }), 'admin');
  await user.type(screen.getByLabelText(/^Password/), 'Demo@1234');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('the sign-in second step', () => {
  it('asks for the authenticator code after the password and signs in with it', async () => {
    const fetchMock = api(() => jsonResponse(200, { success: true, data: { accessToken: 'access-2', refreshToken: 'refresh-2', user: demoUser } }));
    const { router } = renderWithProviders(<LoginPage />, '/login', { route: '/login' });
    const user = await passwordStep();
    expect(sessionStorage.getItem('token')).toBeNull();
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/second-factor/')) ?? [];
    expect(String(url)).toContain('/api/auth/second-factor/totp');
    expect(JSON.parse(String(init?.body))).toEqual({ ticket: 'ticket-1', code: '123456' });
    expect(sessionStorage.getItem('token')).toBe('access-2');
  });

  it('takes a recovery code instead, and shows a wrong code\'s message', async () => {
    const fetchMock = api(() => jsonResponse(422, errorBody('That code is not right, or was already used. Try the next code.', 'SECOND_FACTOR_CODE_INVALID')));
    renderWithProviders(<LoginPage />, '/login', { route: '/login' });
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right, or was already used. Try the next code.')).toBeInTheDocument();
    const [url] = fetchMock.mock.calls.find(([u]) => String(u).includes('/second-factor/')) ?? [];
    expect(String(url)).toContain('/api/auth/second-factor/recovery');
  });

  it('goes back to the password step with a message when the ticket has expired', async () => {
    api(() => jsonResponse(401, errorBody('This sign-in step has expired. Sign in again.', 'SECOND_FACTOR_TICKET_INVALID')));
    renderWithProviders(<LoginPage />, '/login', { route: '/login' });
    const user = await passwordStep();
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('sign-in-notice')).toHaveTextContent('This sign-in step has expired. Sign in again.');
    expect(screen.getByRole('textbox', { name: /username/i })).toBeInTheDocument();
  });
});
