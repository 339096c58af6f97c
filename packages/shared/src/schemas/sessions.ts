import { z } from 'zod';
import { idSchema } from './common.js';

/*
 * Sign-in sessions (each sign-in on a device), the sign-in history of a person, and the organisation's session rules.
 */

/** Why a session ended; a live one has none. 'idle' and 'expired' are also computed for a session past its limits. */
export const SESSION_END_REASONS = [
  'signed_out', 'ended_by_user', 'ended_by_admin', 'idle', 'expired', 'password_changed', 'deactivated', 'deleted', 'company_closed', 'refresh_reused',
] as const;

export const sessionRecord = z.object({
  _id: idSchema,
  /** The session this request comes from. */
  current: z.boolean(),
  live: z.boolean(),
  /** A short label such as "Chrome · Windows"; null when the device is not recognised. */
  device: z.string().nullable(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.string(),
  secondFactor: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type SessionRecord = z.infer<typeof sessionRecord>;

export const signInHistoryRecord = z.object({
  _id: z.number().int(),
  at: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  method: z.string(),
  result: z.string(),
  newDevice: z.boolean(),
});
export type SignInHistoryRecord = z.infer<typeof signInHistoryRecord>;

/** The session list and the history are bounded: the newest first, at most `limit`. */
export const signInHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const signInHistoryPage = z.object({
  items: z.array(signInHistoryRecord),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type SignInHistoryPage = z.infer<typeof signInHistoryPage>;

export const sessionsEnded = z.object({ ended: z.number().int() });

/** The limits match the database's checks: idle 5 minutes to a day, lifetime 1 hour to 30 days. */
export const IDLE_TIMEOUT_RANGE = { min: 5, max: 1440 } as const;
export const ABSOLUTE_LIFETIME_RANGE = { min: 1, max: 720 } as const;

export const sessionPolicyRecord = z.object({
  idleTimeoutMinutes: z.number().int(),
  absoluteLifetimeHours: z.number().int(),
});
export type SessionPolicy = z.infer<typeof sessionPolicyRecord>;

export const sessionPolicyInput = z.strictObject({
  idleTimeoutMinutes: z.coerce.number({ message: 'validation.security.idleTimeoutRange' }).int('validation.security.idleTimeoutRange')
    .min(IDLE_TIMEOUT_RANGE.min, 'validation.security.idleTimeoutRange').max(IDLE_TIMEOUT_RANGE.max, 'validation.security.idleTimeoutRange'),
  absoluteLifetimeHours: z.coerce.number({ message: 'validation.security.lifetimeRange' }).int('validation.security.lifetimeRange')
    .min(ABSOLUTE_LIFETIME_RANGE.min, 'validation.security.lifetimeRange').max(ABSOLUTE_LIFETIME_RANGE.max, 'validation.security.lifetimeRange'),
});
export type SessionPolicyInput = z.infer<typeof sessionPolicyInput>;

export const sessionIdParams = z.object({ sessionId: idSchema });
