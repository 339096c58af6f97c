import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyList, jsonResponse, mockFetch, renderApp, signIn } from '@/test/utils';

function api() {
  return mockFetch((url) => {
    if (url.pathname === '/api/auth/logout') return jsonResponse(200, { success: true });
    return jsonResponse(200, emptyList());
  }, { profile: {} });
}

describe('user menu', () => {
  it("shows the user's role and name", async () => {
    api();
    signIn();
    renderApp('/');
    const menu = await screen.findByTestId('user-menu');
    expect(menu).toHaveTextContent('Admin');
    expect(menu).toHaveTextContent('Amina Haddad');
  });

  it('asks before logging out, and Cancel keeps the session', async () => {
    api();
    signIn();
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByTestId('logout'));
    expect(await screen.findByText('Are you sure you want to log out?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to log out?')).not.toBeInTheDocument());
    expect(localStorage.getItem('token')).toBe('access-1');
  });

  it('logs out: revokes the refresh token, clears the session but keeps preferences, goes to /login', async () => {
    const fetchMock = api();
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('usedEmails', '["admin"]');
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByTestId('logout'));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/logout')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: 'refresh-1' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('permissions')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('usedEmails')).toBe('["admin"]');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('links to My profile', async () => {
    api();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'My profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/myProfile'));
  });
});
