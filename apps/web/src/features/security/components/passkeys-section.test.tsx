import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { PasskeysSection } from './passkeys-section';
import { PasskeyStepButton } from './passkey-step-button';

const LAPTOP = { id: 'p1', name: 'Work laptop', createdAt: '2026-01-05T10:00:00.000Z', lastUsedAt: null, deviceType: 'singleDevice', backedUp: false };

function api() {
  const calls: string[] = [];
  let list = [LAPTOP];
  mockFetch((url, init) => {
    calls.push(`${init.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/api/passkeys/p1' && init.method === 'DELETE') {
      list = [];
      return jsonResponse(200, { success: true, message: 'Passkey removed.' });
    }
    if (url.pathname === '/api/passkeys') return jsonResponse(200, ok(list));
    return jsonResponse(200, ok([]));
  });
  return calls;
}

describe('the passkeys section', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the passkeys and removes one only after a confirmation', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    await setLanguage('en');
    const calls = api();
    renderWithProviders(<PasskeysSection />);
    const row = await screen.findByTestId('passkey-row');
    expect(row).toHaveTextContent('Work laptop');
    expect(row).toHaveTextContent('Not used yet');
    await userEvent.click(within(row).getByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('“Work laptop” will no longer sign you in.');
    expect(calls).not.toContain('DELETE /api/passkeys/p1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByTestId('passkeys-section')).toHaveTextContent('You have no passkeys yet.'));
    expect(calls).toContain('DELETE /api/passkeys/p1');
  });

  it('says so, in Arabic too, when the browser cannot use passkeys, instead of offering the buttons', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    await setLanguage('ar');
    api();
    renderWithProviders(<><PasskeysSection /><PasskeyStepButton onVerified={() => undefined} /></>);
    expect(await screen.findByTestId('passkeys-unsupported')).toHaveTextContent('لا يدعم هذا المتصفح مفاتيح المرور');
    expect(screen.getByTestId('passkey-add')).toBeDisabled();
    expect(screen.getByTestId('passkey-step-unsupported')).toHaveTextContent('لا يدعم هذا المتصفح مفاتيح المرور.');
    expect(screen.queryByTestId('passkey-step')).toBeNull();
  });
});
