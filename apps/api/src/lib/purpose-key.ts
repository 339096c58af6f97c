import { createHmac } from 'node:crypto';

const keys = new Map<string, Uint8Array>();

/**
 * A signing key for one purpose (a patient link, an invitation), derived from the server's secret: a token signed
 * for one purpose never verifies for another, nor as a sign-in.
 */
export function purposeKey(secret: string, purpose: string): Uint8Array {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', secret).update(purpose).digest());
    keys.set(id, key);
  }
  return key;
}
