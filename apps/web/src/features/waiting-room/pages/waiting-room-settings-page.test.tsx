import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DisplayRecord, WaitingRoomSettings } from '@clinic/shared';
import { drEmily, drOmar, emptyList, errorBody, jsonResponse, listOf, ok, olayaClinic } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import WaitingRoomSettingsPage from './waiting-room-settings-page';

const saved: WaitingRoomSettings = {
  clinic: olayaClinic._id, prefixBy: 'none', prefixes: {}, rooms: { [drOmar._id]: 'Room 3' }, showNames: false, sendLink: true, announce: 'ar', version: 2,
};
const display = (over: Partial<DisplayRecord> = {}): DisplayRecord => ({
  _id: 'disp-1', clinic: olayaClinic, name: 'Hall TV', room: null, status: 'paired', pairingExpiresAt: null, pairedAt: '2026-03-10T06:00:00.000Z',
  lastSeenAt: '2026-03-10T07:00:00.000Z', revokedAt: null, createdAt: '2026-03-09T06:00:00.000Z', ...over,
});

function settingsApi(options: { saveAnswer?: () => Response; loaded?: WaitingRoomSettings } = {}) {
  const state = { sent: [] as Array<{ method: string; path: string; body: unknown }>, displays: [display()] };
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) as unknown : null;
    if (method !== 'GET') state.sent.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/clinics') return jsonResponse(200, listOf([olayaClinic]));
    if (url.pathname === '/api/services') return jsonResponse(200, listOf([{ _id: 's1', name: 'Consultation', doctors: [drOmar, drEmily] }, { _id: 's2', name: 'Eye exam', doctors: [drEmily] }]));
    if (url.pathname.endsWith('/waiting-room-settings')) {
      if (method === 'PUT') return options.saveAnswer?.() ?? jsonResponse(200, ok({ ...saved, ...(body as object), clinic: olayaClinic._id, version: 3 }));
      return jsonResponse(200, ok(options.loaded ?? saved));
    }
    if (url.pathname === '/api/waiting-room/displays' && method === 'GET') return jsonResponse(200, listOf(state.displays));
    if (url.pathname === '/api/waiting-room/displays' && method === 'POST') {
      const created = display({ _id: 'disp-2', name: 'Room 3 screen', room: 'Room 3', status: 'pairing', lastSeenAt: null, pairedAt: null });
      state.displays = [...state.displays, created];
      return jsonResponse(201, ok({ display: created, code: 'K7WQ-M3XP', expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() }));
    }
    if (/\/displays\/disp-1$/.test(url.pathname) && method === 'DELETE') {
      state.displays = [display({ status: 'revoked', revokedAt: new Date().toISOString() })];
      return jsonResponse(200, { success: true, message: 'Display revoked' });
    }
    return jsonResponse(200, emptyList());
  }, { profile: {} });
  return state;
}

const renderPage = () => renderWithProviders(<WaitingRoomSettingsPage />, `/waiting-room/settings?clinic=${olayaClinic._id}`, { route: '/waiting-room/settings' });

describe("the clinic's waiting-room settings", () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('saves a prefix per doctor in capitals, the rooms filled in and the announcements, with the version loaded', async () => {
    const api = settingsApi();
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByTestId('waiting-room-settings-form');
    await waitFor(() => expect(within(form).getByLabelText(`Rooms: ${drOmar.name}`)).toHaveValue('Room 3'));
    expect(within(form).queryByTestId('settings-prefixes')).toBeNull();
    await user.click(within(form).getByText('By doctor (A-001…)'));
    const prefixes = await within(form).findAllByTestId('settings-prefix');
    expect(prefixes).toHaveLength(2);
    // The doctors by name: Dr. Emily Carter, then Dr. Omar Haddad.
    await user.type(prefixes[0]!, 'b');
    await user.type(prefixes[1]!, 'A');
    await user.click(within(form).getByLabelText('Arabic, then English'));
    await user.click(within(form).getByTestId('settings-show-names'));
    await user.click(within(form).getByTestId('settings-save'));
    await waitFor(() => expect(api.sent).toEqual([{
      method: 'PUT', path: `/api/clinics/${olayaClinic._id}/waiting-room-settings`,
      body: { prefixBy: 'doctor', prefixes: { [drEmily._id]: 'B', [drOmar._id]: 'A' }, rooms: { [drOmar._id]: 'Room 3' }, showNames: true, sendLink: true, announce: 'both', version: 2 },
    }]));
    expect(await screen.findByText('Waiting room settings saved')).toBeInTheDocument();
  });

  it('saves a clinic\'s first settings (the defaults, version 0) once, with no version', async () => {
    const defaults: WaitingRoomSettings = { clinic: olayaClinic._id, prefixBy: 'none', prefixes: {}, rooms: {}, showNames: false, sendLink: true, announce: 'both', version: 0 };
    const api = settingsApi({ loaded: defaults });
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByTestId('waiting-room-settings-form');
    await waitFor(() => expect(within(form).getByLabelText('Arabic, then English')).toBeChecked());
    await user.click(within(form).getByTestId('settings-show-names'));
    await user.click(within(form).getByTestId('settings-save'));
    expect(await screen.findByText('Waiting room settings saved')).toBeInTheDocument();
    expect(api.sent).toEqual([{
      method: 'PUT', path: `/api/clinics/${olayaClinic._id}/waiting-room-settings`,
      body: { prefixBy: 'none', prefixes: {}, rooms: {}, showNames: true, sendLink: true, announce: 'both' },
    }]);
    expect(within(form).queryByTestId('form-error')).toBeNull();
  });

  it('says so when a value no field shows is refused, instead of sending nothing in silence', async () => {
    const api = settingsApi({ loaded: { ...saved, version: 2.5 } });
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByTestId('waiting-room-settings-form');
    await waitFor(() => expect(within(form).getByLabelText(`Rooms: ${drOmar.name}`)).toHaveValue('Room 3'));
    await user.click(within(form).getByTestId('settings-save'));
    expect(await within(form).findByTestId('form-error')).toHaveTextContent('Some fields are invalid.');
    expect(api.sent).toEqual([]);
  });

  it("shows a refused save's message (someone saved in between)", async () => {
    settingsApi({ saveAnswer: () => jsonResponse(409, errorBody('Someone else saved these settings meanwhile.', 'STALE_VERSION')) });
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByTestId('waiting-room-settings-form');
    await waitFor(() => expect(within(form).getByLabelText(`Rooms: ${drOmar.name}`)).toHaveValue('Room 3'));
    await user.click(within(form).getByTestId('settings-save'));
    expect(await within(form).findByTestId('form-error')).toHaveTextContent('Someone else saved these settings meanwhile.');
  });

  it('adds a display and shows its one-time code large, then revokes the old one after a confirmation', async () => {
    const api = settingsApi();
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByTestId('waiting-room-displays');
    expect(await within(card).findByTestId('display-row')).toHaveTextContent('Hall TV');
    await user.click(within(card).getByTestId('display-add'));
    const form = await screen.findByTestId('display-create-form');
    await user.type(within(form).getByTestId('display-name'), 'Room 3 screen');
    await user.type(within(form).getByTestId('display-room'), 'Room 3');
    await user.click(within(form).getByTestId('display-create'));
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('K7WQ-M3XP');
    expect(screen.getByTestId('pairing-code-expiry')).toHaveTextContent('Expires at');
    expect(api.sent[0]).toEqual({ method: 'POST', path: '/api/waiting-room/displays', body: { clinic: olayaClinic._id, name: 'Room 3 screen', room: 'Room 3' } });
    await user.click(screen.getByTestId('pairing-code-done'));
    await waitFor(() => expect(within(card).getAllByTestId('display-row')).toHaveLength(2));

    await user.click(within(within(card).getAllByTestId('display-row')[0]!).getByTestId('display-revoke'));
    expect(api.sent.filter((s) => s.method === 'DELETE')).toEqual([]);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.sent.at(-1)).toEqual({ method: 'DELETE', path: '/api/waiting-room/displays/disp-1', body: null }));
    await waitFor(() => expect(within(card).getAllByTestId('display-status')[0]).toHaveTextContent('Revoked'));
  });

  it('shows the settings read-only, and no displays, to those who may only read the clinic', async () => {
    const reader = { permissions: ['clinic_read' as const], roles: ['Nurse'] };
    signIn(reader);
    mockFetch((url) => {
      if (url.pathname === '/api/clinics') return jsonResponse(200, listOf([olayaClinic]));
      if (url.pathname === '/api/services') return jsonResponse(200, listOf([{ _id: 's1', name: 'Consultation', doctors: [drOmar] }]));
      if (url.pathname.endsWith('/waiting-room-settings')) return jsonResponse(200, ok(saved));
      return jsonResponse(200, emptyList());
    }, { profile: reader });
    renderPage();
    const form = await screen.findByTestId('waiting-room-settings-form');
    await waitFor(() => expect(within(form).getAllByTestId('settings-room')[0]).toBeDisabled());
    expect(within(form).queryByTestId('settings-save')).toBeNull();
    expect(screen.queryByTestId('waiting-room-displays')).toBeNull();
  });
});
