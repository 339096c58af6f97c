import { useEffect, useRef, useState } from 'react';
import { openEventStream } from '@/lib/event-stream';

interface UseEventStreamOptions {
  /** No stream while null. */
  url: string | null;
  headers?: Record<string, string>;
  onEvent: (name: string) => void;
  onRefused?: (status: number) => void;
}

/** A stream that is back within this long never shows as lost (a reconnection, a server's restart). */
export const LOST_AFTER_MS = 3000;

/**
 * Keeps a server-sent event stream open while mounted (reconnecting on loss) and tells whether it is connected: lost
 * only once it has been down for 3 s. The callbacks may change between renders without reopening the stream.
 */
export function useEventStream({ url, headers, onEvent, onRefused }: UseEventStreamOptions): { connected: boolean } {
  const [connected, setConnected] = useState(true);
  const handlers = useRef({ onEvent, onRefused });
  handlers.current = { onEvent, onRefused };
  const headerKey = JSON.stringify(headers ?? {});

  useEffect(() => {
    if (!url) return undefined;
    let lost: ReturnType<typeof setTimeout> | null = null;
    const onConnection = (up: boolean) => {
      if (up) {
        if (lost) clearTimeout(lost);
        lost = null;
        setConnected(true);
      } else {
        // Counted from the first failure: the failed reconnections after it do not start the count again.
        lost ??= setTimeout(() => setConnected(false), LOST_AFTER_MS);
      }
    };
    const close = openEventStream({
      url,
      headers: JSON.parse(headerKey) as Record<string, string>,
      onEvent: (name) => handlers.current.onEvent(name),
      onRefused: (status) => handlers.current.onRefused?.(status),
      onConnection,
    });
    return () => {
      if (lost) clearTimeout(lost);
      close();
      setConnected(true);
    };
  }, [url, headerKey]);

  return { connected };
}
