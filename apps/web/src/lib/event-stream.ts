/** Waits before reconnecting after the stream ended or failed: 1 s, doubling to 30 s. */
export const FIRST_WAIT_MS = 1000;
export const MAX_WAIT_MS = 30_000;

/** What to do when the server refuses the stream: stop for good, or wait and connect again (with fresh headers). */
export type RefusalAnswer = 'stop' | 'retry';

export interface EventStreamOptions {
  url: string;
  /**
   * Sent with each connection; a function is asked again before every connection (a token that was refreshed), and
   * answering null stops the stream (nobody to connect as).
   */
  headers?: Record<string, string> | (() => Record<string, string> | null);
  /** Each event's name (`ready`, `queue`, ...), as it arrives. */
  onEvent: (name: string) => void;
  /** Connected (true) or lost and waiting to reconnect (false). */
  onConnection?: (connected: boolean) => void;
  /**
   * The server refused the credential (401, 403, or 410 for a link that lapsed). By default the stream stops for good
   * and the page decides what to show; answering 'retry' (after refreshing a token, say) connects again after the wait.
   */
  onRefused?: (status: number) => void | RefusalAnswer | Promise<void | RefusalAnswer>;
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
 * (401, 403, 410) stops it unless `onRefused` answers 'retry'. Answers the function that closes it. The staff's live
 * events (`features/notifications`), the paired display and the patient's ticket page all read their streams here.
 */
export function openEventStream(options: EventStreamOptions): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let wait = FIRST_WAIT_MS;

  const connect = async () => {
    if (stopped) return;
    const headers = typeof options.headers === 'function' ? options.headers() : options.headers ?? {};
    if (!headers) {
      stopped = true;
      return;
    }
    controller = new AbortController();
    try {
      const res = await fetch(options.url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
      if (res.status === 401 || res.status === 403 || res.status === 410) {
        if ((await options.onRefused?.(res.status)) !== 'retry') {
          stopped = true;
          return;
        }
        throw new Error(`stream ${res.status}`);
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
