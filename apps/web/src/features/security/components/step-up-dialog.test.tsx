import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { request } from '@/lib/http';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { StepUpHost } from './step-up-dialog';

const status = (on: boolean) => ({
  success: true, data: { totp: { state: on ? 'on' : 'off', confirmedAt: null }, recoveryCodesLeft: on ? 10 : 0, passkeys: 0, required: false },
});

/** A refund the API refuses until a step-up has been made. */
function api(hasFactor: boolean) {
  let verified = false;
  const fetchMock = mockFetch((url, init) => {
    if (url.pathname === '/api/security/two-factor') return jsonResponse(200, status(hasFactor));
    if (url.pathname === '/api/security/step-up') {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      if (body.code === '654321' || body.password === 'Demo@1234') {
        verified = true;
        return jsonResponse(200, { success: true, data: { verifiedAt: new Date().toISOString() } });
      }
      return jsonResponse(422, errorBody('That code is not right, or was already used. Try the next code.', 'SECOND_FACTOR_CODE_INVALID'));
    }
    if (url.pathname === '/api/invoices/1/refunds') {
      return verified ? jsonResponse(201, { success: true, data: { refunded: true } }) : jsonResponse(403, errorBody('Confirm it is you to continue.', 'STEP_UP_REQUIRED'));
    }
    return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
  });
  return fetchMock;
}

const refunds = (fetchMock: ReturnType<typeof api>) => fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/api/invoices/1/refunds')).length;

describe('step-up dialog', () => {
  it('answers a refused sensitive change with the dialog, then sends the change again once confirmed', async () => {
    signIn();
    const fetchMock = api(true);
    renderWithProviders(<StepUpHost />);
    const user = userEvent.setup();
    const refund = request<{ data: { refunded: boolean } }>('/invoices/1/refunds', { method: 'POST', body: { amount: 10 } });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(dialog).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not right, or was already used. Try the next code.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: '6-digit code' }));
    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(refund).resolves.toMatchObject({ data: { refunded: true } });
    expect(refunds(fetchMock)).toBe(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers a recovery code, and asks a user without a second factor for the password', async () => {
    signIn();
    api(false);
    renderWithProviders(<StepUpHost />);
    const user = userEvent.setup();
    const refund = request('/invoices/1/refunds', { method: 'POST', body: {} });
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(await screen.findByText('This change needs a recent confirmation. Enter your password.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Your password'), 'Demo@1234');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(refund).resolves.toBeTruthy();
  });

  it('leaves the refusal in place when the user cancels', async () => {
    signIn();
    const fetchMock = api(true);
    renderWithProviders(<StepUpHost />);
    const user = userEvent.setup();
    const refund = request('/invoices/1/refunds', { method: 'POST', body: {}, silent: true }).catch((error: unknown) => error);
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await refund).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect(refunds(fetchMock)).toBe(1);
  });
});
