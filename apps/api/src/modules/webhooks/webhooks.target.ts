import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/*
 * Where a webhook may be sent, and the sending itself. A target's host is resolved and every address it has is
 * checked (loopback, private, link-local, carrier-grade NAT, multicast, unspecified, reserved, IPv6 unique-local and
 * link-local, and IPv4 addresses mapped into IPv6) at save and again at each delivery (DNS can change); the request
 * then connects to the address that was checked, never resolving the name a second time, follows no redirect, gives
 * up after 10 s and reads at most 2 KB of the answer.
 */

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32], ['100::', 64],
] as const) blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (`::ffff:10.0.0.1`, `::ffff:a00:1`), else null. */
function embeddedIpv4(address: string): string | null {
  const m = /^(?:0*:)*?(?:::)?ffff:(.+)$/i.exec(address) ?? /^::((?:\d+\.){3}\d+)$/.exec(address);
  if (!m) return null;
  const rest = m[1]!;
  if (isIP(rest) === 4) return rest;
  const parts = rest.split(':');
  if (parts.length !== 2) return null;
  const [hi, lo] = parts.map((p) => parseInt(p, 16));
  if (hi === undefined || lo === undefined || Number.isNaN(hi) || Number.isNaN(lo)) return null;
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** True when an address is one a webhook may not reach (without the operator's setting). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address.toLowerCase());
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export type TargetRefusal = 'httpsOnly' | 'targetRefused' | 'unresolvable' | 'urlInvalid';

export interface CheckedTarget { url: URL; address: string; family: 4 | 6 }

/** Resolves and checks a target: the address to connect to, or why it is refused. */
export async function checkTarget(raw: string, allowPrivate: boolean): Promise<CheckedTarget | TargetRefusal> {
  if (!URL.canParse(raw)) return 'urlInvalid';
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivate)) return url.protocol === 'http:' ? 'httpsOnly' : 'urlInvalid';
  if (url.username || url.password) return 'urlInvalid';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    return 'unresolvable';
  }
  if (!addresses.length) return 'unresolvable';
  // Every address the name has is checked: a name with one public and one private address is refused.
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) return 'targetRefused';
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export const TIMEOUT_MS = 10_000;
export const BODY_MAX = 2048;

export interface SendResult { status: number | null; body: string | null; error: string | null }

/** POSTs `body` to the checked target, connecting to its checked address. Never throws. */
export function postTo(target: CheckedTarget, headers: Record<string, string>, body: string): Promise<SendResult> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (!settled) {
        settled = true;
        resolve(r);
      }
    };
    const req = client.request(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Clinic-Webhooks/1', ...headers, 'content-length': String(Buffer.byteLength(body)) },
      // The connection goes to the address that was checked, whatever the name resolves to now.
      lookup: (_host, options, cb) => {
        const o = options as { all?: boolean };
        if (o.all) (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
        else cb(null, target.address, target.family);
      },
      timeout: TIMEOUT_MS,
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
    req.on('timeout', () => {
      req.destroy(new Error('timed out after 10 s'));
    });
    req.on('error', (e) => done({ status: null, body: null, error: e.message.slice(0, 300) }));
    req.end(body);
  });
}
