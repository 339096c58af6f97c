/** Waits before reconnecting after the stream ended or failed: 1 s, doubling to 30 s. */
export const FIRST_WAIT_MS = 1000;
export const MAX_WAIT_MS = 30_000;

export interface EventStreamOptions {
  url: string;
  headers?: Record<string, string>;
  /** Each event's name (`ready`, `queue`, ...), as it arrives. */
  onEvent: (name: string) => void;
  /** Connected (true) or lost and waiting to reconnect (false). */
  onConnection?: (connected: boolean) => void;
  /**
   * The server refused the credential (401, or 410 for a link that lapsed): the stream stops for good, and the page
   * decides what to show.
   */
  onRefused?: (status: number) => void;
}

/** The names of the complete events in `text`, and what is left of it (an event not yet whole). */
export function splitEvents(text: string): { names: string[]; rest: string } {
  const names: string[] = [];
  let rest = text.replace(/\r\n/g, '\n');
  let cut: number;
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    const name = /^event: ?(.+)$/m.exec(block)?.[1]?.trim();
    if (name) names.push(name);
  }
  return { names, rest };
}

/**
 * Reads a server-sent event stream with fetch (so a credential can travel in a header), and keeps it open: when it
 * ends or fails it reconnects after a wait that doubles up to 30 s, starting over at 1 s once connected. A refusal
 * (401, 403, 410) stops it. Answers the function that closes it.
 */
export function openEventStream(options: EventStreamOptions): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let wait = FIRST_WAIT_MS;

  const connect = async () => {
    if (stopped) return;
    controller = new AbortController();
    try {
      const res = await fetch(options.url, { headers: { accept: 'text/event-stream', ...options.headers }, signal: controller.signal });
      if (res.status === 401 || res.status === 403 || res.status === 410) {
        stopped = true;
        options.onRefused?.(res.status);
        return;
      }
      if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let text = '';
      wait = FIRST_WAIT_MS;
      options.onConnection?.(true);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const { names, rest } = splitEvents(text + decoder.decode(value, { stream: true }));
        text = rest;
        for (const name of names) if (!stopped) options.onEvent(name);
      }
    } catch {
      // Reconnect below.
    }
    if (stopped) return;
    options.onConnection?.(false);
    timer = setTimeout(() => void connect(), wait);
    wait = Math.min(wait * 2, MAX_WAIT_MS);
  };

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
