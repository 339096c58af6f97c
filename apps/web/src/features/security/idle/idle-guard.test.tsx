import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { markActivity } from '@/lib/activity';
import { unlockAfterSignIn } from '@/lib/idle-lock';
import { demoUser, jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { IdleGuard } from './idle-guard';

/*
 * The idle warning and the sign-in over the page, on the web's clock: a minute before the organisation's idle timeout
 * a countdown; at the timeout the session is signed out on the server and a sign-in covers the page, whose unsaved
 * input is still there after the same person signs in again.
 */

function api(user = demoUser, refused = false) {
  return mockFetch((url) => {
    if (refused && url.pathname === '/api/auth/refresh-token') return jsonResponse(401, { success: false, message: { code: 'REFRESH_INVALID', message: 'Session ended' } });
    if (refused && url.pathname === '/api/patients') return jsonResponse(401, { success: false, message: { code: 'TOKEN_INVALID', message: 'Session ended' } });
    if (url.pathname === '/api/sessions/rules') return jsonResponse(200, { success: true, data: { idleTimeoutMinutes: 5, absoluteLifetimeHours: 12 } });
    if (url.pathname === '/api/auth/logout') return jsonResponse(200, { success: true });
    if (url.pathname === '/api/auth/login') return jsonResponse(200, { success: true, data: { accessToken: 'access-2', refreshToken: 'refresh-2', user } });
    return jsonResponse(404, { success: false, message: { code: 'NOT_FOUND', message: 'Not found' } });
  }, { profile: {} });
}

function Page() {
  return (
    <>
      <IdleGuard />
      <textarea aria-label="Clinical note" data-testid="note" />
    </>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  markActivity();
});

afterEach(() => {
  unlockAfterSignIn();
  vi.useRealTimers();
});

async function untilRulesRead(fetchMock: ReturnType<typeof api>) {
  await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/sessions/rules'))).toBe(true));
}

describe('idle warning', () => {
  it('counts down the last minute; "Stay signed in" keeps the session', async () => {
    const fetchMock = api();
    signIn();
    renderWithProviders(<Page />);
    await untilRulesRead(fetchMock);
    expect(screen.queryByTestId('idle-countdown')).not.toBeInTheDocument();
    await act(async () => { await vi.advanceTimersByTimeAsync(4 * 60_000 + 1_000); });
    expect(await screen.findByTestId('idle-countdown')).toHaveTextContent('You will be signed out in 0:59.');
    fireEvent.click(screen.getByTestId('idle-stay'));
    await waitFor(() => expect(screen.queryByTestId('idle-countdown')).not.toBeInTheDocument());
    await act(async () => { await vi.advanceTimersByTimeAsync(3 * 60_000); });
    expect(screen.queryByTestId('idle-countdown')).not.toBeInTheDocument();
    expect(screen.queryByTestId('idle-sign-in')).not.toBeInTheDocument();
  });

  it('signs out at the timeout and keeps unsaved input through the same person\'s sign-in', async () => {
    const fetchMock = api();
    signIn();
    renderWithProviders(<Page />);
    await untilRulesRead(fetchMock);
    fireEvent.change(screen.getByTestId('note'), { target: { value: 'Patient reports mild headache' } });
    await act(async () => { await vi.advanceTimersByTimeAsync(5 * 60_000 + 1_000); });
    expect(await screen.findByTestId('idle-sign-in')).toBeInTheDocument();
    expect(onlineManager.isOnline()).toBe(false);
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/auth/logout'))).toBe(true));
    // The page is still there under the sign-in, with what was typed.
    expect(screen.getByTestId('note')).toHaveValue('Patient reports mild headache');

    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret@123' } });
    fireEvent.click(screen.getByTestId('idle-sign-in-submit'));
    await waitFor(() => expect(screen.queryByTestId('idle-sign-in')).not.toBeInTheDocument());
    expect(screen.getByTestId('note')).toHaveValue('Patient reports mild headache');
    expect(localStorage.getItem('token')).toBe('access-2');
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('another person signing in gets a clean app', async () => {
    const fetchMock = api({ ...demoUser, _id: 'user-2', name: 'Omar' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    signIn();
    renderWithProviders(<Page />);
    await untilRulesRead(fetchMock);
    await act(async () => { await vi.advanceTimersByTimeAsync(5 * 60_000 + 1_000); });
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'Secret@123' } });
    fireEvent.click(screen.getByTestId('idle-sign-in-submit'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('a session ended elsewhere covers the page with the sign-in too, rather than leaving it', async () => {
    const fetchMock = api(demoUser, true);
    signIn();
    const { router } = renderWithProviders(<Page />, '/patients');
    await untilRulesRead(fetchMock);
    fireEvent.change(screen.getByTestId('note'), { target: { value: 'Unsaved' } });
    const { request } = await import('@/lib/http');
    await expect(request('/patients')).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByTestId('idle-sign-in')).toHaveTextContent('Your session has ended');
    await act(async () => { await vi.advanceTimersByTimeAsync(5_000); });
    expect(router.state.location.pathname).toBe('/patients');
    expect(screen.getByTestId('note')).toHaveValue('Unsaved');
  });
});
