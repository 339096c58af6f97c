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
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResult = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
});
export type LoginResult = z.infer<typeof loginResult>;

export const refreshResult = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const profileUpdateInput = z.strictObject({
  plan: z.enum(PLANS, { error: 'validation.invalidPlan' }),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateInput>;
