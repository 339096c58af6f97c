import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { purposeKey } from '../../lib/purpose-key.js';

/**
 * AES-256-GCM for a secret kept at rest (the provider's client secret), under a key derived from the server's secret
 * for one purpose: `v1.<iv>.<tag>.<ciphertext>` in base64url. A sealed value read with another purpose's key, or
 * altered, does not open.
 */
export function seal(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', purposeKey(secret, purpose), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function open(secret: string, purpose: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', purposeKey(secret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
