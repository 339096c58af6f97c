import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, jsonResponse, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { PersonSessionsCard } from './person-sessions-card';

const SESSION = {
  _id: '11111111-1111-4111-8111-111111111111', method: 'password', secondFactor: null, device: 'Chrome on Windows', userAgent: null, ip: '10.0.0.5', createdAt: '2026-11-30T08:00:00.000Z',
  lastSeenAt: '2026-11-30T09:00:00.000Z', endedAt: null, endReason: null, live: true, current: false,
};

function api(sessions: () => Response) {
  const calls: string[] = [];
  mockFetch((url) => {
    calls.push(url.pathname);
    if (url.pathname.endsWith('/sessions')) return sessions();
    if (url.pathname.endsWith('/sign-in-history')) return jsonResponse(200, ok({ items: [], hasMore: false }));
    return jsonResponse(404, errorBody('no'));
  });
  return calls;
}

describe('a person\'s sessions on their page', () => {
  beforeEach(async () => {
    signIn();
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows their sessions, "end all sessions" and their sign-in history', async () => {
    const calls = api(() => jsonResponse(200, ok([SESSION])));
    renderWithProviders(<PersonSessionsCard employeeId="e1" />);
    expect(await screen.findByTestId('end-all-sessions')).toBeInTheDocument();
    await vi.waitFor(() => expect(calls).toContain('/api/employees/e1/sign-in-history'));
  });

  it('is not there for an administrator\'s page seen by someone who is not one: no card, no error, no history asked', async () => {
    const calls = api(() => jsonResponse(403, errorBody('Only an administrator can change or delete an administrator', 'ADMINISTRATOR_PROTECTED')));
    renderWithProviders(<PersonSessionsCard employeeId="e2" />);
    await vi.waitFor(() => expect(calls).toContain('/api/employees/e2/sessions'));
    await vi.waitFor(() => expect(screen.queryByTestId('person-sessions')).not.toBeInTheDocument());
    // The refusal is not shown, neither in the page nor as a notification.
    expect(screen.queryByText(/administrator/i)).toBeNull();
    expect(calls).not.toContain('/api/employees/e2/sign-in-history');
  });
});
