import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@clinic/shared';
import { PAGES } from '@/lib/pages';
import { routes } from './routes';
import { demoUser, emptyList, jsonResponse } from '@/test/mocks';
import { mockFetch, renderApp, signIn } from '@/test/utils';

function api() {
  return mockFetch(() => jsonResponse(200, emptyList()), { profile: {} });
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
    // Not sent to sign-in: the page's own gate answers (the dashboard needs dashboard_read, which nobody holds yet).
    expect(await screen.findByTestId('no-access')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in user away from the sign-in page', async () => {
    api();
    signIn();
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByTestId('users-table')).toBeInTheDocument();
  });

  it('leads a user who may not open the users list from the root to the screen of their day', async () => {
    const doctor = ['appointment_read', 'appointment_write', 'patient_read', 'my_day'];
    mockFetch(() => jsonResponse(200, emptyList()), { profile: { permissions: doctor } });
    signIn({ permissions: doctor });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-day'));
    expect(screen.queryByTestId('no-access')).not.toBeInTheDocument();
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

  it.each(['/company/edit', '/clinics/add', '/users/add', '/roles'])('shows a receptionist the no-access page at %s, not the form', async (path) => {
    const receptionist = DEFAULT_ROLES.find((r) => r.name === 'Receptionist')!.permissions;
    const requests: string[] = [];
    mockFetch((url, init) => {
      requests.push(`${init.method ?? 'GET'} ${url.pathname}`);
      return url.pathname === '/api/profile'
        ? jsonResponse(200, { success: true, data: { ...demoUser, roles: ['Receptionist'], permissions: receptionist } })
        : jsonResponse(200, emptyList());
    });
    signIn({ roles: ['Receptionist'], permissions: [...receptionist] });
    renderApp(path);
    const page = await screen.findByTestId('no-access');
    expect(page).toHaveTextContent('This page is not part of your role');
    expect(screen.getByTestId('page-title')).toHaveTextContent('No access');
    expect(within(page).getByRole('link', { name: 'Appointments' })).toHaveAttribute('href', '/appointments');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    // Only the shell's own requests (the session, its idle rules): the page's form loads nothing.
    expect(requests.filter((r) => !r.endsWith('/api/profile') && !r.endsWith('/api/sessions/rules'))).toEqual([]);
  });

  it('keeps the menu to the pages the role may open', async () => {
    const nurse = DEFAULT_ROLES.find((r) => r.name === 'Nurse')!.permissions;
    mockFetch(() => jsonResponse(200, emptyList()), { profile: { permissions: [...nurse] } });
    signIn({ permissions: [...nurse] });
    renderApp('/patients');
    const nav = within(await screen.findByTestId('sidebar'));
    expect(nav.getByRole('link', { name: 'Patients' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Roles' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });

  it('has a registry entry, with its title, for every page of the router', () => {
    const paths = (list: typeof routes): string[] => list.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);
    const routed = paths(routes).filter((p) => p !== '*');
    expect(routed.sort()).toEqual(PAGES.map((p) => p.path).sort());
  });
});
