import { z } from 'zod';
import { ORG_EMAIL_RE, orgRequiredText } from './company.js';
import { isValidTimeZone } from '../dates/zone-name.js';

/** The user-form password rules: 8 to 20 characters mixing upper case, lower case, digits and symbols. */
export const strongPassword = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .min(8, { error: 'validation.org.passwordMin8' })
  .max(20, { error: 'validation.org.passwordMax20' })
  .refine((v) => v.length < 8 || v.length > 20 || (/[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v) && /[^A-Za-z0-9]/.test(v)), {
    error: 'validation.org.passwordStrength',
  });

/** Sign-in names: no '@' (sign-in accepts a user name or an e-mail address), no spaces. */
export const USERNAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{2,29}$/;

export const signupInput = z
  .strictObject({
    companyName: orgRequiredText('validation.org.organisationNameRequired', 200),
    name: orgRequiredText('validation.org.fullNameRequired', 120),
    username: z
      .string({ error: 'validation.usernameRequired' })
      .trim()
      .min(1, { error: 'validation.usernameRequired' })
      .refine((v) => v === '' || USERNAME_RE.test(v), { error: 'validation.org.usernameFormat' }),
    email: z
      .string({ error: 'validation.org.emailRequired' })
      .trim()
      .min(1, { error: 'validation.org.emailRequired' })
      .max(200, { error: 'validation.tooLong' })
      .refine((v) => v === '' || ORG_EMAIL_RE.test(v), { error: 'validation.org.invalidEmailAddress' }),
    password: strongPassword,
    confirmPassword: z.string({ error: 'validation.org.confirmPasswordRequired' }).min(1, { error: 'validation.org.confirmPasswordRequired' }),
    /** The organisation's IANA time zone (the browser's); UTC when not given. */
    timeZone: z
      .string()
      .trim()
      .refine(isValidTimeZone, { error: 'validation.org.invalidTimeZone' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.org.passwordMismatch' });
    }
  });
export type SignupInput = z.input<typeof signupInput>;
export type SignupValues = z.output<typeof signupInput>;
