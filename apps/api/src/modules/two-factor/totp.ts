import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from '../../lib/tokens.js';

/** Authenticator-app codes (RFC 6238): SHA-1, six digits, 30-second steps, one step of clock drift either way. */
export const TOTP_PERIOD = 30;
export const TOTP_DRIFT = 1;
export const RECOVERY_CODE_COUNT = 10;

function totpOf(base32: string, label = 'Clinic', issuer = 'Clinic'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(base32) });
}

/** A new secret (160 bits, base32, as authenticator apps take it). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function otpauthUrl(base32: string, label: string, issuer: string): string {
  return totpOf(base32, label, issuer).toString();
}

/** The time step of `code` within the allowed drift, or null when it matches none. */
export function matchingStep(base32: string, code: string, nowMs = Date.now()): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: nowMs, window: TOTP_DRIFT });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / TOTP_PERIOD) + delta;
}

/** A code for a time (tests, and nothing else, compute codes as an authenticator app would). */
export function codeAt(base32: string, nowMs = Date.now()): string {
  return totpOf(base32).generate({ timestamp: nowMs });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes as shown (`xxxxx-xxxxx`, about 49 bits each) and the hashes stored of them. */
export function newRecoveryCodes(): { shown: string[]; hashes: string[] } {
  const shown = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { shown, hashes: shown.map((c) => recoveryHash(c)) };
}

/** The stored hash of a recovery code, however it was typed (case, spaces and dashes do not matter). */
export function recoveryHash(code: string): string {
  return hashToken(`recovery:${code.toLowerCase().replace(/[\s-]+/g, '')}`);
}
