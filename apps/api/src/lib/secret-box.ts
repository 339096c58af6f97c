import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { purposeKey } from './purpose-key.js';

/**
 * Secrets kept at rest (an authenticator-app secret, an identity provider's client secret): AES-256-GCM under a key
 * derived from the server's secret for one purpose, so a secret sealed for one purpose never opens for another and a
 * copy of the database alone reveals none of them. The sealed form is `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
const VERSION = 'v1';

export function seal(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', purposeKey(secret, purpose), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The plaintext of a sealed secret; throws when it was sealed under another key or purpose, or was altered. */
export function open(secret: string, purpose: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', purposeKey(secret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
