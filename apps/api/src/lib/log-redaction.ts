/**
 * What the request log keeps of a URL: link tokens, sign-in codes and their state travel in the query string
 * (`/api/public/visit?token=…`, `/api/public/queue?token=…`, a single sign-on callback's `?code=…&state=…`) and would
 * otherwise be written to the logs with every request line, where anyone reading the logs could use them. A calendar
 * feed's secret is its path (`/api/calendars/<secret>.ics`), and a file link's signature its `s` parameter.
 */

/** Query parameters whose value never reaches the logs. */
const SECRET_PARAMETERS = new Set(['token', 'code', 'state']);
/** Query parameters whose value never reaches the logs on the paths they are secret on. */
const SECRET_PATH_PARAMETERS: Array<[RegExp, Set<string>]> = [[/^\/api\/files\//, new Set(['s'])]];
/** Paths that are themselves secrets: the secret part is replaced. */
const SECRET_PATHS = [/^(\/api\/calendars\/)[^/?#]+/];

export const REDACTED = '[redacted]';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * The URL with the value of each `token`, `code` and `state` query parameter (and `s` of a file link) replaced by
 * `[redacted]`, and a calendar feed's secret path too; the rest as it was.
 */
export function redactUrl(raw: string): string {
  let url = raw;
  for (const secret of SECRET_PATHS) url = url.replace(secret, `$1${REDACTED}`);
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  const secrets = new Set([...SECRET_PARAMETERS, ...SECRET_PATH_PARAMETERS.filter(([p]) => p.test(path)).flatMap(([, names]) => [...names])]);
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    return secrets.has(decodedName(name)) ? `${name}=${REDACTED}` : part;
  }).join('&');
  return `${url.slice(0, q + 1)}${redacted}${hash < 0 ? '' : url.slice(hash)}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
}

/** Fastify's own request serializer (the same fields), with the URL redacted. */
export function requestLogValue(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: [req.headers?.['accept-version']].flat()[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
