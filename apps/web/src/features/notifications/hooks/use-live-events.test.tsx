import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/mocks';
import { mockFetch, signIn, testQueryClient } from '@/test/utils';
import { useLiveEvents } from './use-live-events';

/** A live stream that sends these events, then stays open. */
function stream(events: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(events.map((e) => `event: ${e}\ndata: {}\n\n`).join('')));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('the live stream', () => {
  beforeEach(() => {
    signIn();
  });

  it("refreshes the waiting room's views when a clinic's queue changed, and leaves the appointments alone", async () => {
    mockFetch((url) => (url.pathname === '/api/live' ? stream(['ready', 'queue']) : jsonResponse(200, { success: true, data: { unread: 0 } })), { shell: true });
    const client = testQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { unmount } = renderHook(() => useLiveEvents(), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['waiting-room'] }));
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['appointments'] });
    unmount();
  });

  it('refreshes the waiting room too when an appointment changed (a visit begun or completed moves its ticket)', async () => {
    mockFetch((url) => (url.pathname === '/api/live' ? stream(['appointment']) : jsonResponse(200, { success: true, data: { unread: 0 } })), { shell: true });
    const client = testQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { unmount } = renderHook(() => useLiveEvents(), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['appointments'] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['waiting-room'] });
    unmount();
  });
});
