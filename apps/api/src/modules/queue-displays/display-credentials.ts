import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/*
 * What pairs a screen and what it presents afterwards. The pairing code is typed on a TV remote or a keyboard:
 * eight characters of an alphabet without look-alikes (no 0/O, no 1/I), read case-insensitively, spaces and dashes
 * ignored. The token names its company and display and carries a random secret, stored only as its hash.
 */

export const PAIRING_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;
/** How long a pairing code works. */
export const PAIRING_MINUTES = 10;
export const PAIRING_PURPOSE = 'display_pairing';

const TOKEN_VERSION = 'd1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export function newPairingCode(): string {
  return Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)]).join('');
}

/** The code as typed, in its stored form; null when it cannot be a code at all. */
export function normalisePairingCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== PAIRING_CODE_LENGTH || [...code].some((c) => !PAIRING_ALPHABET.includes(c))) return null;
  return code;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A new token for a display: the token the screen keeps, and the hash stored. */
export function newDisplayToken(companyId: string, displayId: string): { token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${TOKEN_VERSION}.${companyId}.${displayId}.${secret}`, hash: sha256(secret) };
}

/** The company, display and secret a token names; null for anything not shaped like a display token. */
export function parseDisplayToken(token: string | undefined): { companyId: string; displayId: string; secret: string } | null {
  if (!token || token.length > 200) return null;
  const [version, companyId, displayId, secret, ...rest] = token.split('.');
  if (version !== TOKEN_VERSION || rest.length || !companyId || !displayId || !secret) return null;
  if (!UUID.test(companyId) || !UUID.test(displayId) || !SECRET.test(secret)) return null;
  return { companyId, displayId, secret };
}

/** Whether a secret matches the stored hash, in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(sha256(secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
