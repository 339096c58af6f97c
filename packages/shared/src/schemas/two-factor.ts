import { z } from 'zod';
import { idSchema } from './common.js';

/*
 * Second factors by authenticator app (TOTP, RFC 6238) and recovery codes: enrolment, the sign-in's second step,
 * step-up, and the organisation's rule of which roles must use a second factor.
 */

/** A six-digit authenticator code (spaces tolerated: some apps show "123 456"). */
export const totpCode = z
  .string({ error: 'validation.security.mfa.codeRequired' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'validation.security.mfa.codeFormat' }));

/** A recovery code as printed (`xxxxx-xxxxx`): case, spaces and dashes do not matter. */
export const recoveryCode = z
  .string({ error: 'validation.security.mfa.recoveryRequired' })
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, { error: 'validation.security.mfa.recoveryFormat' }));

const ticket = z.string({ error: 'validation.security.mfa.ticketRequired' }).min(1).max(200, { error: 'validation.tooLong' });

export const totpSignInInput = z.strictObject({ ticket, code: totpCode });
export const recoverySignInInput = z.strictObject({ ticket, code: recoveryCode });

export const twoFactorStatus = z.object({
  /** The authenticator app: off, being set up (not confirmed yet), or on since `confirmedAt`. */
  totp: z.object({ state: z.enum(['off', 'pending', 'on']), confirmedAt: z.string().nullable() }),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.number().int(),
  /** The organisation requires a second factor of one of the user's roles. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** A new authenticator secret: shown once, as a QR code and as text to type in. */
export const totpEnrolment = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const totpConfirmInput = z.strictObject({ code: totpCode });
export const recoveryCodesResult = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResult = z.infer<typeof recoveryCodesResult>;

const password = z.string({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }).max(200, { error: 'validation.tooLong' });

/** Turning the authenticator off: the password and a current code, or a recovery code. */
export const totpDisableInput = z.strictObject({ password, code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .refine((v) => v.code !== undefined || v.recoveryCode !== undefined, { error: 'validation.security.mfa.codeRequired', path: ['code'] });
export type TotpDisableInput = z.infer<typeof totpDisableInput>;

/** Proving who one is again: an authenticator code, a recovery code, or (with no second factor at all) the password. */
export const stepUpInput = z.strictObject({ code: totpCode.optional(), recoveryCode: recoveryCode.optional(), password: password.optional() })
  .refine((v) => [v.code, v.recoveryCode, v.password].filter((x) => x !== undefined).length === 1, {
    error: 'validation.security.mfa.codeRequired', path: ['code'],
  });
export type StepUpInput = z.infer<typeof stepUpInput>;
export const stepUpResult = z.object({ verifiedAt: z.string() });

export const STEP_UP_MINUTES_MIN = 1;
export const STEP_UP_MINUTES_MAX = 720;

/** The organisation's rule: holders of these roles must use a second factor; sensitive changes ask again after `stepUpMinutes`. */
export const secondFactorPolicy = z.object({ roleIds: z.array(z.string()), stepUpMinutes: z.number().int() });
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicy>;
export const secondFactorPolicyInput = z.strictObject({
  roleIds: z.array(idSchema).max(100, { error: 'validation.tooLong' }),
  stepUpMinutes: z.coerce.number({ error: 'validation.security.mfa.stepUpMinutes' }).int({ error: 'validation.security.mfa.stepUpMinutes' })
    .min(STEP_UP_MINUTES_MIN, { error: 'validation.security.mfa.stepUpMinutes' }).max(STEP_UP_MINUTES_MAX, { error: 'validation.security.mfa.stepUpMinutes' }),
});
export type SecondFactorPolicyInput = z.infer<typeof secondFactorPolicyInput>;
