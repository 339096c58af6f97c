import { useEffect, useRef, useState } from 'react';
import { openEventStream } from '../lib/event-stream';

interface UseEventStreamOptions {
  /** No stream while null. */
  url: string | null;
  headers?: Record<string, string>;
  onEvent: (name: string) => void;
  onRefused?: (status: number) => void;
}

/**
 * Keeps a server-sent event stream open while mounted (reconnecting on loss) and tells whether it is connected now.
 * The callbacks may change between renders without reopening the stream.
 */
export function useEventStream({ url, headers, onEvent, onRefused }: UseEventStreamOptions): { connected: boolean } {
  const [connected, setConnected] = useState(true);
  const handlers = useRef({ onEvent, onRefused });
  handlers.current = { onEvent, onRefused };
  const headerKey = JSON.stringify(headers ?? {});

  useEffect(() => {
    if (!url) return undefined;
    const close = openEventStream({
      url,
      headers: JSON.parse(headerKey) as Record<string, string>,
      onEvent: (name) => handlers.current.onEvent(name),
      onRefused: (status) => handlers.current.onRefused?.(status),
      onConnection: setConnected,
    });
    return () => {
      close();
      setConnected(true);
    };
  }, [url, headerKey]);

  return { connected };
}
