import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/utils';
import { openEventStream, splitEvents } from './event-stream';
import { eventStreams } from '@/test/event-stream.fixtures';

afterEach(() => {
  vi.useRealTimers();
});

describe('reading an event stream', () => {
  it('splits whole events by name and keeps an unfinished one for later', () => {
    expect(splitEvents('event: ready\ndata: {}\n\n: heartbeat\n\nevent: queue\r\ndata: {}\r\n\r\nevent: que')).toEqual({ names: ['ready', 'queue'], rest: 'event: que' });
  });

  it('passes each event on, reconnects after the connection drops, and says when it is down and back', async () => {
    const streams = eventStreams();
    const fetchMock = mockFetch(() => streams.response());
    const events: string[] = [];
    const connection: boolean[] = [];
    const close = openEventStream({ url: '/api/public/display/live', headers: { 'x-display-token': 't1' }, onEvent: (n) => events.push(n), onConnection: (c) => connection.push(c) });

    await vi.waitFor(() => expect(connection).toEqual([true]));
    streams.send('ready');
    streams.send('queue');
    await vi.waitFor(() => expect(events).toEqual(['ready', 'queue']));
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('x-display-token')).toBe('t1');

    streams.fail();
    await vi.waitFor(() => expect(connection).toEqual([true, false]));
    // Back after a second's wait: connected again, and the new connection's events arrive.
    await vi.waitFor(() => expect(connection).toEqual([true, false, true]), { timeout: 3000 });
    expect(streams.connections).toBe(2);
    streams.send('ready');
    await vi.waitFor(() => expect(events).toEqual(['ready', 'queue', 'ready']));
    close();
  });

  it('stops for good when the credential is refused, and tells the page', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch(() => new Response(null, { status: 401 }));
    const refused: number[] = [];
    openEventStream({ url: '/api/public/display/live', onEvent: () => undefined, onRefused: (s) => { refused.push(s); } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused).toEqual([401]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits longer after each failure, up to half a minute', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch(() => Promise.reject(new TypeError('offline')));
    const close = openEventStream({ url: '/x', onEvent: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // 4 s, 8 s, 16 s, then 30 s at most.
    await vi.advanceTimersByTimeAsync(4000 + 8000 + 16000);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(7);
    close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });
  it('connects again with fresh headers when the refusal is to be waited out, and stops when there is nobody to connect as', async () => {
    vi.useFakeTimers();
    const streams = eventStreams();
    let token: string | null = 'old';
    const fetchMock = mockFetch((_url, init) => (new Headers(init.headers).get('authorization') === 'Bearer old' ? new Response(null, { status: 401 }) : streams.response()));
    const events: string[] = [];
    const close = openEventStream({
      url: '/api/staff/live',
      headers: () => (token ? { authorization: `Bearer ${token}` } : null),
      onEvent: (n) => events.push(n),
      onRefused: () => {
        token = 'new';
        return 'retry';
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchMock.mock.calls[1]![1]!.headers).get('authorization')).toBe('Bearer new');
    streams.send('notification');
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['notification']);

    // Signed out: the stream ends and is not opened again.
    token = null;
    streams.fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    close();
  });
});
