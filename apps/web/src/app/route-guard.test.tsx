import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoUser, emptyList, jsonResponse, mockFetch, renderApp, signIn } from '@/test/utils';

function api() {
  return mockFetch((url) =>
    url.pathname === '/api/profile' ? jsonResponse(200, { success: true, data: demoUser }) : jsonResponse(200, emptyList()),
  );
}

describe('route guard', () => {
  it('sends a visitor without a session to the sign-in page, without the shell', async () => {
    api();
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(screen.queryByTestId('page-title')).not.toBeInTheDocument();
  });

  it('accepts a session kept for this tab only', async () => {
    api();
    signIn({}, false);
    const { router } = renderApp('/users');
    expect(await screen.findByTestId('users-table')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
  });

  it('lets a visitor in the registration wizard through', async () => {
    api();
    localStorage.setItem('loginToRegister', 'true');
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in user away from the sign-in page', async () => {
    api();
    signIn();
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByTestId('users-table')).toBeInTheDocument();
  });

  it.each(['/register', '/SelectPlan', '/companyPlan'])('sends a signed-in user away from %s', async (path) => {
    api();
    signIn();
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a friendly not-found page with a way home for unknown paths', async () => {
    api();
    signIn();
    renderApp('/no/such/page');
    const notFound = await screen.findByTestId('not-found');
    expect(notFound).toHaveTextContent('Page not found');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Page not found');
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
  });

  it('names the current page in the top bar', async () => {
    api();
    signIn();
    const { router } = renderApp('/dashboard');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Dashboard');
    await router.navigate('/users');
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('Users'));
  });
});
