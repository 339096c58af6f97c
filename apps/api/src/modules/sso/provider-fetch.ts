import http from 'node:http';
import https from 'node:https';
import type { CustomFetch } from 'openid-client';
import { checkTarget, pinnedLookup, type TargetRefusal } from '../../lib/outbound-address.js';

/*
 * Every request the server makes to an organisation's identity provider (discovery, the keys, the code exchange,
 * userinfo) goes through `providerFetch`. The provider's address is typed by the organisation's administrator, and so
 * are the addresses its discovery document names: each request's host is resolved and checked as a webhook's is
 * (lib/outbound-address.ts), the connection goes to the checked address, and plain http is refused. The operator
 * setting `SSO_ALLOW_PRIVATE_ISSUERS` allows loopback and private addresses, and http (a provider on the clinic's own
 * network, a local trial, the tests). An answer may be at most 1 MB; the caller's signal ends the request.
 */

export const ANSWER_MAX = 1024 * 1024;

/** A request refused before it was sent: the address is not one the server may reach for an organisation. */
export class ProviderAddressRefused extends Error {
  constructor(readonly reason: TargetRefusal) {
    super(`identity provider address refused: ${reason}`);
  }
}

/** Why the server would not reach `raw`, or null when it would. */
export async function providerAddressRefusal(raw: string, allowPrivate: boolean): Promise<TargetRefusal | null> {
  const target = await checkTarget(raw, allowPrivate);
  return typeof target === 'string' ? target : null;
}

type Body = string | URLSearchParams | Uint8Array | undefined | null;

function bodyBytes(body: unknown): Buffer | undefined {
  const b = body as Body;
  if (b == null) return undefined;
  if (typeof b === 'string') return Buffer.from(b);
  if (b instanceof URLSearchParams) return Buffer.from(b.toString());
  if (b instanceof Uint8Array) return Buffer.from(b);
  throw new TypeError('unsupported request body');
}

/** The answer as a fetch `Response` (which refuses a status outside 200 to 599: the request then fails). */
function responseOf(res: http.IncomingMessage, bytes: Buffer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const status = res.statusCode ?? 0;
  const empty = status === 204 || status === 205 || status === 304;
  return new Response(empty ? null : new Uint8Array(bytes), { status, statusText: res.statusMessage ?? '', headers });
}

/** A `fetch` for openid-client that reaches only addresses the operator allows (see above). Redirects are not followed. */
export function providerFetch(allowPrivate: boolean): CustomFetch {
  return async (raw, options) => {
    const target = await checkTarget(raw, allowPrivate);
    if (typeof target === 'string') throw new ProviderAddressRefused(target);
    const { url } = target;
    const body = bodyBytes(options.body);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const req = client.request(url, {
        method: options.method,
        headers: { ...options.headers, ...(body && { 'content-length': String(body.length) }) },
        lookup: pinnedLookup(target),
        // A connection of its own: a kept-alive socket of the shared agent is found by name and port, not by the
        // address checked, and could lead to an address another check allowed (a webhook's).
        agent: false,
        signal: options.signal,
        maxHeaderSize: 16 * 1024,
      }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > ANSWER_MAX) {
            res.destroy();
            reject(new Error('identity provider answer too large'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve(responseOf(res, Buffer.concat(chunks)));
          } catch (e) {
            reject(e as Error);
          }
        });
      });
      req.on('error', reject);
      // A 101 answer hands the socket over and would leave the request without an end: refused. The caller's signal
      // ends the request however far it got.
      req.on('upgrade', (_res, socket) => {
        socket.destroy();
        reject(new Error('identity provider switched protocols'));
      });
      options.signal?.addEventListener('abort', () => {
        req.destroy();
        reject(options.signal!.reason instanceof Error ? options.signal!.reason : new Error('aborted'));
      }, { once: true });
      req.end(body);
    });
  };
}
