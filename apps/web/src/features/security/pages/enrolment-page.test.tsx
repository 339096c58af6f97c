import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useEnrolmentHeld } from '@/app/shell/enrolment-gate';
import { demoUser, errorBody, jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import EnrolmentPage from './enrolment-page';

/** The app as a held sign-in sees it: the enrolment screen until the profile says otherwise. */
function Gate() {
  return useEnrolmentHeld() ? <EnrolmentPage /> : <p>The app is open</p>;
}

/**
 * A person held to enrolment. `factorElsewhere`: they set up the authenticator in another sign-in already. The API
 * releases this sign-in on a right code, as a step-up or as the first code of a setup made here.
 */
function api(userId: string, factorElsewhere: boolean) {
  let held = true;
  let on = factorElsewhere;
  return mockFetch((url, init) => {
    if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: { ...demoUser, _id: userId, ...(held && { enrolmentRequired: true }) } });
    if (url.pathname === '/api/security/two-factor') {
      return jsonResponse(200, { success: true, data: { totp: { state: on ? 'on' : 'off', confirmedAt: null }, recoveryCodesLeft: on ? 10 : 0, passkeys: 0, required: true } });
    }
    if (url.pathname === '/api/passkeys') return jsonResponse(200, { success: true, data: [] });
    if (url.pathname === '/api/security/step-up') {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      if (body.code !== '654321') return jsonResponse(422, errorBody('That code is not right, or was already used. Try the next code.', 'SECOND_FACTOR_CODE_INVALID'));
      held = false;
      return jsonResponse(200, { success: true, data: { verifiedAt: new Date().toISOString() } });
    }
    if (url.pathname === '/api/security/two-factor/totp') {
      return jsonResponse(200, { success: true, data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Clinic?secret=JBSWY3DPEHPK3PXP', qrSvg: '<svg></svg>' } });
    }
    if (url.pathname === '/api/security/two-factor/totp/confirm') {
      on = true;
      held = false;
      return jsonResponse(200, { success: true, data: { recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] } });
    }
    return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
  });
}

/** Signs the person in, held, and shows what their sign-in sees. */
function open(userId: string, factorElsewhere: boolean) {
  signIn({ _id: userId });
  api(userId, factorElsewhere);
  renderWithProviders(<Gate />);
  return userEvent.setup();
}

describe('the enrolment screen', () => {
  it('asks a sign-in whose person set up a factor elsewhere to prove it, and then opens the app', async () => {
    const user = open('enrolment-elsewhere', true);
    expect(await screen.findByText('Your second step is already set up')).toBeInTheDocument();
    // Nothing to set up here: the authenticator is on, and its controls would be refused to a held sign-in.
    expect(screen.queryByRole('button', { name: 'Set up the authenticator app' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Confirm it's me" }));
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not right, or was already used. Try the next code.')).toBeInTheDocument();
    expect(screen.queryByText('The app is open')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: '6-digit code' }));
    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The app is open')).toBeInTheDocument();
  });

  it('keeps the recovery codes of a setup made here on screen until they are put away', async () => {
    const user = open('enrolment-here', false);
    await user.click(await screen.findByRole('button', { name: 'Set up the authenticator app' }));
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('aaaa-bbbb')).toBeInTheDocument();
    // The authenticator is on now, and the screen still shows the codes rather than asking for a proof.
    await waitFor(() => expect(screen.queryByText('Your second step is already set up')).not.toBeInTheDocument());
    expect(screen.getByText('aaaa-bbbb')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('The app is open')).toBeInTheDocument();
  });
});
