import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

const HEARTBEAT_MS = 25_000;

export interface EventStream {
  raw: FastifyReply['raw'];
  send(event: string, data?: unknown): void;
}

/**
 * Starts a server-sent event stream on a route's reply (after its caller or credential was checked): the headers that
 * keep proxies from buffering or caching it, the `ready` event (a client refetches what it shows on it, which is how it
 * catches up after a reconnection), and a comment every 25 seconds so idle connections stay open. Events carry ids
 * only: the client refetches through the API.
 *
 * The only place a stream's cleanup is registered: `onClose` runs once, when the connection closes. A client may
 * leave while the route still awaited its checks, and then `close` has fired already and would never fire again: the
 * stream is not opened, `onClose` runs at once and the answer is null (the route stops there). So a route creates its
 * timers, subscriptions and watchers only after a non-null answer, and releases them all in `onClose`.
 */
export function openEventStream(req: FastifyRequest, reply: FastifyReply, onClose: () => void): EventStream | null {
  const raw = reply.raw;
  reply.hijack();
  if (raw.destroyed || raw.closed || req.raw.destroyed || req.raw.socket?.destroyed === true) {
    onClose();
    return null;
  }
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': req.id,
  });
  raw.write(': live\n\nevent: ready\ndata: {}\n\n');
  // Nothing is written once the stream was ended (the close that follows stops the rest).
  const write = (text: string) => {
    if (!raw.writableEnded && !raw.destroyed) raw.write(text);
  };
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  raw.once('close', () => {
    clearInterval(heartbeat);
    onClose();
  });
  return { raw, send: (event, data = {}) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`) };
}

/**
 * Counts of open streams by key ("display:<id>", "ip:<address>", ...), each with its own most. `take` reserves one
 * of each key or none (all in one synchronous step, so two requests cannot both take the last one) and answers the
 * release, which gives them back once however often it is called: from the stream's `onClose`, which also runs when
 * the client left before the stream opened.
 */
export class StreamSlots {
  private readonly held = new Map<string, number>();

  take(keys: ReadonlyArray<{ key: string; max: number }>): (() => void) | null {
    if (keys.some(({ key, max }) => (this.held.get(key) ?? 0) >= max)) return null;
    for (const { key } of keys) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const { key } of keys) {
        const n = (this.held.get(key) ?? 0) - 1;
        if (n > 0) this.held.set(key, n);
        else this.held.delete(key);
      }
    };
  }

  count(key: string): number {
    return this.held.get(key) ?? 0;
  }
}

const publicSlots = new WeakMap<object, StreamSlots>();

/** The open public streams of one server (shared by the routes of the displays and of the patient's page). */
export function publicStreamSlots(server: object): StreamSlots {
  let slots = publicSlots.get(server);
  if (!slots) publicSlots.set(server, (slots = new StreamSlots()));
  return slots;
}

/**
 * Takes a public stream's slots: one of the client's address (at most `perAddress`: the operator's
 * PUBLIC_STREAMS_PER_ADDRESS, generous because a clinic's screens and the patients on its Wi-Fi share one address) and
 * one of the credential's own key (a display, a ticket). 429 TOO_MANY_STREAMS, taking nothing, when either is at its
 * most.
 */
export function takePublicStream(req: FastifyRequest, own: { key: string; max: number }, perAddress: number): () => void {
  const release = publicStreamSlots(req.server.server).take([{ key: `ip:${req.ip}`, max: perAddress }, own]);
  if (!release) throw new AppError(429, 'TOO_MANY_STREAMS', 'errors.waitingRoom.tooManyStreams');
  return release;
}
