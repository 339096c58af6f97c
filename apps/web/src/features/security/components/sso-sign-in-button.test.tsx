import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage } from '@/test/utils';
import { SsoSignInButton } from './sso-sign-in-button';

describe('sign in with your organisation', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    await setLanguage('en');
  });

  it('asks the organisation\'s address, remembers it, and goes to its start address', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    const user = userEvent.setup();
    renderWithProviders(<SsoSignInButton />);
    await user.click(screen.getByRole('button', { name: 'Sign in with your organisation' }));
    await user.click(screen.getByRole('button', { name: 'Continue to your organisation' }));
    expect(await screen.findByText('Enter your organisation\'s address or your work e-mail.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /Organisation address or work e-mail/ }), ' North-Clinic {Enter}');
    expect(assign).toHaveBeenCalledWith('/api/auth/sso/start?org=north-clinic');
    expect(localStorage.getItem('clinic.ssoOrganisation')).toBe('north-clinic');
  });

  it('offers the organisation signed in with last time under its own label, one click away', async () => {
    localStorage.setItem('clinic.ssoOrganisation', 'north-clinic');
    mockFetch((url) => jsonResponse(200, { success: true, data: url.searchParams.get('org') === 'north-clinic'
      ? { available: true, label: 'Sign in with Contoso' } : { available: false, label: null } }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    const user = userEvent.setup();
    renderWithProviders(<SsoSignInButton />);
    await user.click(await screen.findByRole('button', { name: 'Sign in with Contoso' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/sso/start?org=north-clinic');
    await user.click(screen.getByRole('button', { name: 'Another organisation' }));
    expect(screen.getByRole('textbox', { name: /Organisation address/ })).toHaveValue('north-clinic');
  });

  it('tells, in Arabic, why a round trip came back refused', async () => {
    await setLanguage('ar');
    window.history.replaceState(null, '', '/login?sso_error=domain');
    renderWithProviders(<SsoSignInButton />);
    expect(await screen.findByTestId('sso-error')).toHaveTextContent('بريدك الإلكتروني ليس من النطاقات التي تقبلها هذه المؤسسة.');
  });

  it('ignores a reason it does not know', () => {
    window.history.replaceState(null, '', '/login?sso_error=<script>');
    renderWithProviders(<SsoSignInButton />);
    expect(screen.queryByTestId('sso-error')).toBeNull();
  });
});
