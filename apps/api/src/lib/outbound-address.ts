import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';

/*
 * Which addresses a request the server makes for an organisation (a webhook, its identity provider) may reach. A
 * host is resolved and every address it has is checked: loopback, private, link-local, carrier-grade NAT, multicast,
 * unspecified, reserved, IPv6 unique-local and link-local, NAT64, 6to4 and Teredo, and IPv6 addresses carrying a
 * private IPv4 address are refused unless the operator allows them. The request then connects to the address that
 * was checked (`pinnedLookup`), never resolving the name a second time. A name that does not resolve within 5 s is
 * unresolvable.
 */

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // Unspecified and loopback; unique-local, site-local (deprecated), link-local, multicast; NAT64 (well-known and
  // local-use); Teredo; documentation; discard-only.
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fec0::', 10], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['64:ff9b:1::', 48],
  ['2001::', 32], ['2001:db8::', 32], ['100::', 64],
] as const) blocked.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 part as two groups), else null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /^(.*:)((?:\d+\.){3}\d+)$/.exec(text);
  if (dotted) {
    if (isIP(dotted[2]!) !== 4) return null;
    const [a, b, c, d] = dotted[2]!.split('.').map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (h: string) => (h === '' ? [] : h.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<number>(Math.max(fill, 0)).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => !Number.isNaN(g)) && fill >= 0 ? groups : null;
}

const v4Of = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');

/**
 * The IPv4 address an IPv6 address carries and routes to: IPv4-compatible (::a.b.c.d, so ::1 and :: too), mapped
 * (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d) and 6to4 (2002:aabb:ccdd::); else null.
 */
function embeddedIpv4(g: number[]): string | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 6)) return v4Of(g[6]!, g[7]!);
  if (zeros(0, 5) && g[5] === 0xffff) return v4Of(g[6]!, g[7]!);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return v4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4Of(g[1]!, g[2]!);
  return null;
}

/** True when an address is one the server may not reach for an organisation (without the operator's setting). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const v4 = embeddedIpv4(groups);
  if (v4 && blocked.check(v4, 'ipv4')) return true;
  return blocked.check(groups.map((x) => x.toString(16)).join(':'), 'ipv6');
}

/** How long a target's name may take to resolve. */
export const LOOKUP_TIMEOUT_MS = 5_000;

/** Every address of `host`, or a rejection once `ms` have passed (the system resolver has no deadline of its own). */
export async function resolveWithin(host: string, ms: number): Promise<Array<{ address: string; family: number }>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('lookup timed out')), ms); });
  try {
    return await Promise.race([lookup(host, { all: true, verbatim: true }), late]);
  } finally {
    clearTimeout(timer);
  }
}

export type AddressRefusal = 'targetRefused' | 'unresolvable';

export interface CheckedAddress { address: string; family: 4 | 6 }

/** Resolves `host` (a name or an address literal, IPv6 without brackets): the address to connect to, or why not. */
export async function checkHost(host: string, allowPrivate: boolean): Promise<CheckedAddress | AddressRefusal> {
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveWithin(host, LOOKUP_TIMEOUT_MS);
  } catch {
    return 'unresolvable';
  }
  if (!addresses.length) return 'unresolvable';
  // Every address the name has is checked: a name with one public and one private address is refused.
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) return 'targetRefused';
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The host of a URL as `checkHost` takes it (an IPv6 literal without its brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export type TargetRefusal = AddressRefusal | 'httpsOnly' | 'urlInvalid';

export interface CheckedTarget extends CheckedAddress { url: URL }

/**
 * Checks a full address the server is asked to reach: https (or http, with the operator's setting), no user name or
 * password in it, and its host checked as above. The address to connect to, or why it is refused.
 */
export async function checkTarget(raw: string, allowPrivate: boolean): Promise<CheckedTarget | TargetRefusal> {
  if (!URL.canParse(raw)) return 'urlInvalid';
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivate)) return url.protocol === 'http:' ? 'httpsOnly' : 'urlInvalid';
  if (url.username || url.password) return 'urlInvalid';
  const checked = await checkHost(hostOf(url), allowPrivate);
  return typeof checked === 'string' ? checked : { url, ...checked };
}

/** A `lookup` for http(s).request that answers the checked address, whatever the name resolves to now. */
export function pinnedLookup(checked: CheckedAddress): LookupFunction {
  return (_host, options, cb) => {
    const o = options as { all?: boolean };
    if (o.all) (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: checked.address, family: checked.family }]);
    else cb(null, checked.address, checked.family);
  };
}
