import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { SessionPolicyCard } from './session-policy-card';
import { SessionsSection } from './sessions-section';

const session = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id, current: false, live: true, device: 'Safari · iPhone', userAgent: null, ip: '203.0.113.9', method: 'password', secondFactor: null,
  createdAt: '2026-01-05T08:00:00.000Z', lastSeenAt: '2026-01-05T09:00:00.000Z', endedAt: null, endReason: null, ...extra,
});
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('sessions on the Security page', () => {
  it('marks this device, shows why an ended session ended, and ends all the others', async () => {
    let ended = false;
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/sessions/end-others' && init.method === 'POST') {
        ended = true;
        return jsonResponse(200, { success: true, message: '1 other session has ended.', data: { ended: 1 } });
      }
      if (url.pathname === '/api/sessions') {
        return jsonResponse(200, { success: true, data: [
          session(ID(1), { current: true, device: 'Chrome · Windows' }),
          session(ID(2), ended ? { live: false, endedAt: '2026-01-05T10:00:00.000Z', endReason: 'ended_by_user' } : {}),
          session(ID(3), { live: false, endedAt: '2026-01-04T10:00:00.000Z', endReason: 'idle' }),
        ] });
      }
      if (url.pathname === '/api/sessions/history') {
        return jsonResponse(200, { success: true, data: { items: [
          { _id: 1, at: '2026-01-05T08:00:00.000Z', ip: '203.0.113.9', device: 'Safari · iPhone', method: 'password', result: 'success', newDevice: true },
          { _id: 2, at: '2026-01-05T07:59:00.000Z', ip: '203.0.113.9', device: 'Safari · iPhone', method: 'password', result: 'bad_password', newDevice: false },
        ], page: 1, limit: 10, hasMore: false } });
      }
      return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
    }, { profile: {} });
    signIn();
    renderWithProviders(<SessionsSection />);
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Idle too long')).toBeInTheDocument();
    const history = await screen.findAllByTestId('history-row');
    expect(within(history[0]!).getByText('New device')).toBeInTheDocument();
    expect(within(history[1]!).getByText('Wrong password')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('end-other-sessions'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End all other sessions' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u).includes('/api/sessions/end-others') && i?.method === 'POST')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('end-other-sessions')).not.toBeInTheDocument());
  });

  it('the organisation\'s rules show the field errors the API answers', async () => {
    mockFetch((url, init) => {
      if (url.pathname === '/api/organisation/security/sessions' && init.method === 'PUT') {
        return jsonResponse(422, errorBody('Check the fields', 'VALIDATION_FAILED', { idleTimeoutMinutes: 'Enter a whole number of minutes from 5 to 1440.' }));
      }
      if (url.pathname === '/api/organisation/security/sessions') return jsonResponse(200, { success: true, data: { idleTimeoutMinutes: 30, absoluteLifetimeHours: 12 } });
      return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
    }, { profile: {} });
    signIn();
    renderWithProviders(<SessionPolicyCard />);
    const idle = await screen.findByRole('textbox', { name: /Idle timeout/ });
    await waitFor(() => expect(idle).toHaveValue('30'));
    fireEvent.change(idle, { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('save-session-policy'));
    expect(await screen.findByText('Enter a whole number of minutes from 5 to 1440.')).toBeInTheDocument();
  });
});
