import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, ok } from '@/test/mocks';
import { errorBody, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { PasskeysSection } from './passkeys-section';
import { PasskeyStepButton } from './passkey-step-button';
import { StepUpHost } from './step-up-dialog';

// The device's side of a registration (the browser's passkey prompt).
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(async () => ({ id: 'new-credential', type: 'public-key', response: {} })),
  startAuthentication: vi.fn(async () => ({ id: 'p1-credential', type: 'public-key', response: {} })),
}));

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

  it('adds a passkey after the step-up the API asks for: the refused request is sent again, then the device registers it', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { credentials: { get: vi.fn(), create: vi.fn() } }));
    await setLanguage('en');
    const calls: string[] = [];
    let verified = false;
    const list = [LAPTOP];
    mockFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/security/two-factor') {
        return jsonResponse(200, ok({ totp: { state: 'off', confirmedAt: null }, recoveryCodesLeft: 0, passkeys: 1, required: false }));
      }
      // The person steps up with the passkey they have.
      if (url.pathname === '/api/passkeys/step-up/options') return jsonResponse(200, ok({ challengeId: 's1', options: { challenge: 'xyz' } }));
      if (url.pathname === '/api/passkeys/step-up') {
        verified = true;
        return jsonResponse(200, { success: true, message: 'Confirmed.' });
      }
      if (url.pathname.startsWith('/api/passkeys/register') && !verified) return jsonResponse(403, errorBody('Confirm it is you to continue.', 'STEP_UP_REQUIRED'));
      if (url.pathname === '/api/passkeys/register/options') return jsonResponse(200, ok({ challengeId: 'c1', options: { challenge: 'abc' } }));
      if (url.pathname === '/api/passkeys/register') {
        const added = { ...LAPTOP, id: 'p2', name: (JSON.parse(String(init.body)) as { name: string }).name };
        list.push(added);
        return jsonResponse(200, ok(added));
      }
      if (url.pathname === '/api/passkeys') return jsonResponse(200, ok(list));
      return jsonResponse(200, ok([]));
    });
    renderWithProviders(<><PasskeysSection /><StepUpHost /></>);
    const user = userEvent.setup();
    await screen.findByTestId('passkey-row');
    await user.click(screen.getByTestId('passkey-add'));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(await within(stepUp).findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(screen.getAllByTestId('passkey-row')).toHaveLength(2));
    expect(screen.getAllByTestId('passkey-row')[1]).toHaveTextContent('Phone');
    expect(calls.filter((c) => c.startsWith('POST /api/passkeys/'))).toEqual([
      'POST /api/passkeys/register/options', 'POST /api/passkeys/step-up/options', 'POST /api/passkeys/step-up',
      'POST /api/passkeys/register/options', 'POST /api/passkeys/register',
    ]);
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
