import { createHmac, randomBytes } from 'node:crypto';

/*
 * Standard Webhooks signatures: `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed
 * with the base64-decoded part of the secret after `whsec_`.
 */

export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 24 random bytes in base64. */
export function newSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

export function sign(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The headers of one signed message. */
export function signedHeaders(secret: string, messageId: string, timestamp: number, body: string): Record<string, string> {
  return { 'webhook-id': messageId, 'webhook-timestamp': String(timestamp), 'webhook-signature': sign(secret, messageId, timestamp, body) };
}

/** A new message id. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}
