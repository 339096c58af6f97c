/**
 * Failures that mean "the database cannot answer right now" rather than "this request is wrong": the primary went
 * away (killed, restarting, demoted during a failover), no host accepts writes yet, or a connection or statement
 * timed out. A request failing this way is answered 503 with a retryable message, never 500.
 */

/** Thrown by the pool when no host of a multi-host URL accepts a read-write session. */
export class NoPrimaryError extends Error {
  readonly code = 'CLINIC_NO_PRIMARY';
  constructor(message = 'no database host accepts read-write sessions') {
    super(message);
    this.name = 'NoPrimaryError';
  }
}

/** Socket-level codes: the server refused, reset or stopped answering. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'CLINIC_NO_PRIMARY']);

/**
 * SQLSTATEs: 08* connection exceptions, 57P01..57P05 (server shutting down, crashed, not yet accepting connections,
 * idle-session timeout), 57014 (statement timeout or cancel), 25006 (a write reached a server that became a standby),
 * 53300 (too many connections while a node restarts).
 */
function unavailableSqlState(code: string): boolean {
  return /^08/.test(code) || /^57P0[1-5]$/.test(code) || code === '57014' || code === '25006' || code === '53300';
}

/** node-postgres and pg-pool report a lost or timed-out connection with these messages and no code. */
const LOST_CONNECTION = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || unavailableSqlState(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_CONNECTION.some((m) => message.includes(m))) return true;
  }
  return false;
}
