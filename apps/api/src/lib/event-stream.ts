import type { FastifyReply, FastifyRequest } from 'fastify';

const HEARTBEAT_MS = 25_000;

/**
 * Starts a server-sent event stream on a route's reply (after its caller or credential was checked): the headers that
 * keep proxies from buffering or caching it, the `ready` event (a client refetches what it shows on it, which is how it
 * catches up after a reconnection), and a comment every 25 seconds so idle connections stay open. Events carry ids
 * only: the client refetches through the API.
 */
export function openEventStream(req: FastifyRequest, reply: FastifyReply) {
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': req.id,
  });
  raw.write(': live\n\nevent: ready\ndata: {}\n\n');
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
  raw.on('close', () => clearInterval(heartbeat));
  return { raw, send: (event: string, data: unknown = {}) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`) };
}
