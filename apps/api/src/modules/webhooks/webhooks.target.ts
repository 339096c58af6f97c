import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, type CheckedTarget } from '../../lib/outbound-address.js';
import { storedMessage } from '../../lib/stored-message.js';

export { checkTarget, isPrivateAddress, type CheckedTarget, type TargetRefusal } from '../../lib/outbound-address.js';

/*
 * Where a webhook may be sent, and the sending itself. A target's addresses are checked (lib/outbound-address.ts) at
 * save and again at each delivery (DNS can change); the request then connects to the address that was checked, never
 * resolving the name a second time, follows no redirect, gives up 10 s after it began (however slowly the answer
 * trickles in) and reads at most 2 KB of the answer.
 */

export const TIMEOUT_MS = 10_000;
export const BODY_MAX = 2048;

/** `error`: why no answer came, as a stored message (see lib/stored-message.ts). */
export interface SendResult { status: number | null; body: string | null; error: string | null }

/** POSTs `body` to the checked target, connecting to its checked address. Never throws. */
export function postTo(target: CheckedTarget, headers: Record<string, string>, body: string, timeoutMs = TIMEOUT_MS): Promise<SendResult> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (!settled) {
        settled = true;
        clearTimeout(deadline);
        resolve(r);
      }
    };
    const req = client.request(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Clinic-Webhooks/1', ...headers, 'content-length': String(Buffer.byteLength(body)) },
      // The connection goes to the address that was checked, whatever the name resolves to now.
      lookup: pinnedLookup(target),
      // A connection of its own: a kept-alive socket is found by name and port, not by the address checked.
      agent: false,
      // Idle sockets time out; a receiver trickling its answer byte by byte meets the deadline below.
      timeout: timeoutMs,
      maxHeaderSize: 8192,
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < BODY_MAX) chunks.push(chunk.subarray(0, BODY_MAX - size));
        size += chunk.length;
        if (size >= BODY_MAX) {
          finish();
          res.destroy();
        }
      });
      const finish = () => done({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8').slice(0, BODY_MAX), error: null });
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    const giveUp = () => {
      done({ status: null, body: null, error: storedMessage('errors.webhooks.timedOut', { count: timeoutMs / 1000 }) });
      req.destroy();
    };
    // The whole attempt, answer included, ends 10 s after it began.
    const deadline = setTimeout(giveUp, timeoutMs);
    req.on('timeout', giveUp);
    req.on('error', (e) => done({ status: null, body: null, error: storedMessage('errors.webhooks.connectionFailed', { detail: e.message.slice(0, 300) }) }));
    req.end(body);
  });
}
