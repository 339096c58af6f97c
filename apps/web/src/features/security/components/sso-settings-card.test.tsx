import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SsoSettingsRecord } from '@clinic/shared';
import { emptyList, errorBody, jsonResponse } from '@/test/mocks';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { SsoSettingsCard } from './sso-settings-card';

const record: SsoSettingsRecord = {
  configured: true, enabled: false, issuer: 'https://login.north.example', clientId: 'clinic', clientSecretSet: true, allowedDomains: ['north.example'],
  groupRoles: [], provisioning: 'invite', label: null, passwordSignIn: true, breakGlassEmployeeId: null,
  redirectUri: 'https://clinic.example/api/auth/sso/callback',
};

describe('single sign-on settings card', () => {
  it('shows the redirect address to register, never the secret, and keeps the stored secret when saved empty', async () => {
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/organisation/sso' && init.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse(422, errorBody('Check the fields', 'VALIDATION_FAILED', {
          passwordSignIn: 'Password sign-in can be turned off only while single sign-on is on.',
        }));
      }
      if (url.pathname === '/api/organisation/sso') return jsonResponse(200, { success: true, data: record });
      return jsonResponse(200, emptyList());
    });
    const user = userEvent.setup();
    renderWithProviders(<SsoSettingsCard />);
    expect(await screen.findByDisplayValue('https://clinic.example/api/auth/sso/callback')).toBeInTheDocument();
    expect(screen.getByText('A secret is stored. Leave empty to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Client secret')).toHaveValue('');

    await user.click(screen.getByTestId('sso-password-sign-in'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ enabled: false, passwordSignIn: false, clientSecret: '', allowedDomains: ['north.example'], label: null });
    expect(await screen.findByText('Password sign-in can be turned off only while single sign-on is on.')).toBeInTheDocument();
  });

  it('says on the issuer field why the connection test refused the address', async () => {
    const tested: unknown[] = [];
    const refused = 'This address is on a private network, which the server\'s operator has not opened to identity providers.';
    mockFetch((url, init) => {
      if (url.pathname === '/api/organisation/sso/test') {
        tested.push(JSON.parse(String(init.body)));
        return jsonResponse(422, errorBody('Check the fields', 'VALIDATION_FAILED', { issuer: refused }));
      }
      if (url.pathname === '/api/organisation/sso') return jsonResponse(200, { success: true, data: { ...record, issuer: 'https://10.0.0.7/realms/clinic' } });
      return jsonResponse(200, emptyList());
    });
    const user = userEvent.setup();
    renderWithProviders(<SsoSettingsCard />);
    expect(await screen.findByDisplayValue('https://10.0.0.7/realms/clinic')).toBeInTheDocument();
    await user.click(screen.getByTestId('sso-test'));
    await waitFor(() => expect(tested).toEqual([{ issuer: 'https://10.0.0.7/realms/clinic' }]));
    const issuer = screen.getByTestId('sso-issuer');
    await waitFor(() => expect(issuer).toHaveAccessibleDescription(expect.stringContaining(refused)));
    expect(issuer).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('sso-test-ok')).not.toBeInTheDocument();
  });
});
