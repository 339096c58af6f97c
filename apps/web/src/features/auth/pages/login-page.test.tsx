import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, emptyList, errorBody, jsonResponse } from '@/test/mocks';
import { expectFieldError, mockFetch, renderWithProviders, setLanguage } from '@/test/utils';
import LoginPage from './login-page';

function loginApi(user = demoUser) {
  return mockFetch((url) => {
    if (url.pathname === '/api/auth/login') {
      return jsonResponse(200, { success: true, data: { accessToken: 'access-1', refreshToken: 'refresh-1', user } });
    }
    return jsonResponse(200, emptyList());
  }, { profile: user });
}

const renderLogin = () => renderWithProviders(<LoginPage />, '/login', { route: '/login' });

async function fillAndSubmit(username: string, password: string, remember = false) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /username/i }), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  if (remember) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('sign-in screen', () => {
  it('explains what is missing before sending anything', async () => {
    const fetchMock = loginApi();
    const user = userEvent.setup();
    renderLogin();

    await user.click(await screen.findByRole('button', { name: 'Login' }));
    await expectFieldError(screen.getByRole('textbox', { name: /username/i }), 'Username is required');
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/auth/login'), expect.anything());
  });

  it('shows the validation messages in Arabic, right to left', async () => {
    loginApi();
    await setLanguage('ar');
    const user = userEvent.setup();
    renderLogin();

    await user.click(await screen.findByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('اسم المستخدم مطلوب')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });

  it('signs an administrator in to the dashboard, keeping the session for this tab only', async () => {
    const fetchMock = loginApi();
    const { router } = renderLogin();

    await fillAndSubmit('admin', 'Demo@1234');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/login')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'admin', password: 'Demo@1234' });
    expect(sessionStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('role')).toBe('Admin');
    expect(JSON.parse(sessionStorage.getItem('permissions') ?? '[]')).toEqual(['admin']);
  });

  it('remembers the session across browser restarts when asked', async () => {
    loginApi();
    const { router } = renderLogin();
    await fillAndSubmit('admin', 'Demo@1234', true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('sends a doctor to their own day', async () => {
    loginApi({ ...demoUser, employeeType: 'Doctor', roles: ['Doctor'], permissions: ['patient_read', 'appointment_read', 'appointment_write', 'my_day'] });
    const { router } = renderLogin();
    await fillAndSubmit('dr.amin', 'Demo@1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-day'));
  });

  it('sends a receptionist to the board, a cashier to the cash boxes, and anyone to the start screen they chose', async () => {
    loginApi({ ...demoUser, employeeType: 'Nurse', roles: ['Reception'], permissions: ['patient_read', 'appointment_read', 'appointment_write'] });
    const first = renderLogin();
    await fillAndSubmit('desk', 'Demo@1234');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/frontdesk'));
    first.unmount();
    sessionStorage.clear();
    loginApi({ ...demoUser, employeeType: 'Employee', roles: ['Cashier'], permissions: ['billing_read', 'billing_write'] });
    const second = renderLogin();
    await fillAndSubmit('cash', 'Demo@1234');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/billing/cash-boxes'));
    second.unmount();
    sessionStorage.clear();
    loginApi({ ...demoUser, permissions: ['admin'], preferences: { ...demoUser.preferences, startScreen: '/frontdesk' } });
    const third = renderLogin();
    await fillAndSubmit('admin', 'Demo@1234');
    await waitFor(() => expect(third.router.state.location.pathname).toBe('/frontdesk'));
  });

  it("shows the server's reason when sign-in is refused, and stays on the page", async () => {
    mockFetch(() => jsonResponse(401, errorBody('Incorrect user name or password', 'INVALID_CREDENTIALS')));
    const { router } = renderLogin();
    await fillAndSubmit('admin', 'wrong-password');
    expect(await screen.findByText('Incorrect user name or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('token')).toBeNull();
    // A refused sign-in is not an expired session.
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
  });

  it('falls back to a generic message when the server gives none', async () => {
    mockFetch(() => new Response('', { status: 502 }));
    renderLogin();
    await fillAndSubmit('admin', 'Demo@1234');
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('switches language and theme from the top bar, the menu opening on the first click', async () => {
    loginApi();
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByTestId('language-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'العربية' }));
    expect(await screen.findByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');

    const theme = screen.getByTestId('theme-toggle');
    const before = theme.getAttribute('aria-label');
    await user.click(theme);
    await waitFor(() => expect(screen.getByTestId('theme-toggle').getAttribute('aria-label')).not.toBe(before));
  });

  it('offers a way to start registration', async () => {
    loginApi();
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/SelectPlan');
  });
});
