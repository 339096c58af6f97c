/**
 * A server-sent event stream for the tests, controlled from the test: send an event, end the stream, or make the
 * connection fail. Each `response()` is a fresh connection; `connections` counts them.
 */
export function eventStreams() {
  let current: ReadableStreamDefaultController<Uint8Array> | null = null;
  const encoder = new TextEncoder();
  const state = {
    connections: 0,
    response(): Response {
      state.connections += 1;
      const body = new ReadableStream<Uint8Array>({ start: (controller) => { current = controller; } });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    },
    send(name: string, data = '{}') {
      current?.enqueue(encoder.encode(`event: ${name}\ndata: ${data}\n\n`));
    },
    /** The connection drops (the network went away). */
    fail() {
      current?.error(new TypeError('network error'));
      current = null;
    },
  };
  return state;
}
