import { z } from 'zod';
import { EMPLOYEE_TYPES, PLANS } from '../constants.js';
import { preferencesSchema } from './display.js';

export const loginInput = z.strictObject({
  /** The user name or the e-mail address. */
  email: z.string({ error: 'validation.usernameRequired' }).trim().min(1, { error: 'validation.usernameRequired' }).max(200, { error: 'validation.tooLong' }),
  password: z.string({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }).min(6, { error: 'validation.passwordMin6' }).max(200, { error: 'validation.tooLong' }),
});
export type LoginInput = z.infer<typeof loginInput>;

export const refreshInput = z.strictObject({
  refreshToken: z.string({ error: 'validation.refreshTokenRequired' }).min(1, { error: 'validation.refreshTokenRequired' }).max(500, { error: 'validation.tooLong' }),
});
export const logoutInput = z.strictObject({ refreshToken: z.string().max(500).optional() });

export const sessionUserSchema = z.object({
  _id: z.string(),
  publicId: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  plan: z.enum(PLANS).nullable(),
  employeeType: z.enum(EMPLOYEE_TYPES),
  permissions: z.array(z.string()),
  companyId: z.string(),
  image: z.string().nullable(),
  /** Display settings: Hijri dates (the user's own or the company's) and the Arabic interface's digits. */
  preferences: preferencesSchema,
  /** This sign-in must enrol a second factor before anything else (the organisation requires one of the user's roles). */
  enrolmentRequired: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResult = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
});
export type LoginResult = z.infer<typeof loginResult>;

/** How a second sign-in step can be made: an authenticator-app code, a passkey, a recovery code. */
export const SECOND_FACTOR_KINDS = ['totp', 'passkey', 'recovery'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];
/** How a sign-in began: a password, a passkey alone (passwordless), the organisation's identity provider. */
export const SIGN_IN_METHODS = ['password', 'passkey', 'sso'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/**
 * The first step was right and the account has a second factor: the client completes the sign-in with one of
 * `methods`, presenting `ticket` (single use, valid five minutes, five tries).
 */
export const secondFactorChallenge = z.object({
  secondFactor: z.object({ ticket: z.string(), methods: z.array(z.enum(SECOND_FACTOR_KINDS)), expiresAt: z.string() }),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

/** A sign-in's answer: signed in, or the second step to make. */
export const loginAnswer = z.union([loginResult, secondFactorChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const refreshResult = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const profileUpdateInput = z.strictObject({
  plan: z.enum(PLANS, { error: 'validation.invalidPlan' }),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateInput>;
