import { z } from 'zod';
import { EMPLOYEE_TYPES } from '../constants.js';
import { idSchema } from './common.js';
import { ACCOUNT_USERNAME_PATTERN, accountPasswordSchema, employeeRequiredText, isEmployeeEmail } from './employee.js';

/*
 * Inviting a member of staff by e-mail: the quick path beside the full user form. The invitation makes the
 * employee (marked incomplete, their HR record completed later) with the roles it grants; the invited person
 * chooses a user name and password from the link, which works once and lapses (INVITATION_TTL_HOURS).
 */

/** POST /api/invitations (user_create). */
export const invitationCreateInput = z.strictObject({
  name: employeeRequiredText(100, 'validation.employeeNameRequired'),
  email: z.string({ error: 'validation.accountEmailRequired' }).trim().toLowerCase()
    .min(1, { error: 'validation.accountEmailRequired' }).max(200, { error: 'validation.tooLong' })
    .refine(isEmployeeEmail, { error: 'validation.invalidEmail' }),
  employeeType: z.enum(EMPLOYEE_TYPES, { error: 'validation.employeeTypeRequired' }),
  roleIds: z.array(idSchema, { error: 'validation.rolesMin' }).min(1, { error: 'validation.rolesMin' }).max(20),
  clinics: z.array(idSchema).max(200).optional(),
});
export type InvitationCreateInput = z.output<typeof invitationCreateInput>;

/** What the inviter gets back: the link (to copy and send when the server has no e-mail) and whether it was e-mailed. */
export const invitationSent = z.object({
  _id: z.string(),
  employee: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  link: z.string(),
  /** The server sends e-mail: the invitation is on its way (a job, retried until the mail server takes it). */
  emailed: z.boolean(),
});
export type InvitationSent = z.infer<typeof invitationSent>;

const tokenInput = z.string({ error: 'errors.invitationInvalid' }).min(1, { error: 'errors.invitationInvalid' }).max(2000, { error: 'errors.invitationInvalid' });

/** POST /api/invitations/lookup (public): what the invitation page shows before the person chooses a password. */
export const invitationLookupInput = z.strictObject({ token: tokenInput });
export const invitationView = z.object({
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  expiresAt: z.string(),
  /** A free user name suggested from the e-mail address. */
  suggestedUsername: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** POST /api/invitations/accept (public): the person's own user name and password; the link is used up. */
export const invitationAcceptInput = z.strictObject({
  token: tokenInput,
  username: z.string({ error: 'validation.usernameRequired' }).trim().min(1, { error: 'validation.usernameRequired' })
    .regex(ACCOUNT_USERNAME_PATTERN, { error: 'validation.usernameInvalid' }),
  password: accountPasswordSchema,
  confirmPassword: z.string({ error: 'validation.passwordConfirmMismatch' }).max(200),
}).superRefine((v, ctx) => {
  if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordConfirmMismatch' });
});
export type InvitationAcceptInput = z.output<typeof invitationAcceptInput>;
export const invitationAccepted = z.object({ username: z.string() });
