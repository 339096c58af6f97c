/**
 * PostgreSQL connection URLs with several hosts, as libpq writes them:
 * `postgres://user@db1:5432,db2:5433/clinic?target_session_attrs=read-write`. node-postgres understands one host
 * only, so the URL is split here into one single-host URL per host; the pool tries them in order (see client.ts).
 */

export interface DatabaseHost {
  host: string;
  port: number;
}

export type TargetSessionAttrs = 'any' | 'read-write';

export interface DatabaseTarget {
  hosts: DatabaseHost[];
  targetSessionAttrs: TargetSessionAttrs;
  /** The URL for one of the hosts: the same user, password, database and options, without target_session_attrs. */
  urlFor(host: DatabaseHost): string;
}

const URL_SHAPE = /^(postgres(?:ql)?:\/\/)((?:[^@/?#]*@)?)([^/?#]*)(.*)$/i;

function splitHost(entry: string): DatabaseHost | null {
  // [::1]:5432, [::1], host:5432, host
  let host: string | undefined;
  let portText: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d*))?$/.exec(entry);
  if (bracketed) {
    [, host, portText] = bracketed;
  } else {
    const parts = entry.split(':');
    if (parts.length > 2) return null;
    [host, portText] = parts;
  }
  if (!host || /[\s,]/.test(host)) return null;
  const port = portText === undefined || portText === '' ? 5432 : Number(portText);
  if (!/^\d*$/.test(portText ?? '') || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { host, port };
}

/**
 * Parses a postgres:// URL with one or more comma-separated hosts. Returns null when the text is not such a URL.
 * `target_session_attrs` accepts `any` (the default) and `read-write`; other values are refused.
 */
export function parseDatabaseUrl(url: string): DatabaseTarget | null {
  const m = URL_SHAPE.exec(url.trim());
  if (!m) return null;
  const [, scheme = '', userinfo = '', hostList = '', rest = ''] = m;
  if (!hostList) return null;
  const hosts: DatabaseHost[] = [];
  for (const entry of hostList.split(',')) {
    const h = splitHost(entry);
    if (!h) return null;
    hosts.push(h);
  }
  const queryAt = rest.indexOf('?');
  const pathPart = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? '' : rest.slice(queryAt + 1));
  const attrs = params.get('target_session_attrs') ?? 'any';
  if (attrs !== 'any' && attrs !== 'read-write') return null;
  params.delete('target_session_attrs');
  const query = params.toString();
  // The single-host form must be a URL node-postgres (and the WHATWG parser) accepts.
  for (const h of hosts) {
    try {
      new URL(`${scheme}${userinfo}${h.host.includes(':') ? `[${h.host}]` : h.host}:${h.port}${pathPart}`);
    } catch {
      return null;
    }
  }
  return {
    hosts,
    targetSessionAttrs: attrs,
    urlFor: (h) => `${scheme}${userinfo}${h.host.includes(':') ? `[${h.host}]` : h.host}:${h.port}${pathPart}${query ? `?${query}` : ''}`,
  };
}

/** True when the URL needs the multi-host pool: several hosts, or a session requirement to check. */
export function needsHostChoice(target: DatabaseTarget): boolean {
  return target.hosts.length > 1 || target.targetSessionAttrs === 'read-write';
}

/**
 * The order to try hosts in: the one that answered as primary last time first, then the others in the URL's order.
 */
export function hostOrder(count: number, lastGood: number | null): number[] {
  const all = Array.from({ length: count }, (_, i) => i);
  if (lastGood === null || lastGood < 0 || lastGood >= count) return all;
  return [lastGood, ...all.filter((i) => i !== lastGood)];
}

/**
 * Whether a session found on a host is acceptable. `transaction_read_only` is `on` on a standby (and on a primary
 * told to refuse writes); a read-write target wants `off`.
 */
export function acceptsSession(attrs: TargetSessionAttrs, transactionReadOnly: string | undefined): boolean {
  if (attrs === 'any') return true;
  return transactionReadOnly === 'off';
}
