import { z } from 'zod';
import { accountPasswordSchema } from './employee.js';

/** PUT /api/profile/password: the current password, the new one (same rules as new accounts) and its confirmation. */
export const changePasswordInput = z
  .strictObject({
    oldPassword: z.string({ error: 'validation.oldPasswordRequired' }).min(1, { error: 'validation.oldPasswordRequired' }).max(200, { error: 'validation.tooLong' }),
    newPassword: accountPasswordSchema,
    confirmPassword: z.string({ error: 'validation.required' }).max(200, { error: 'validation.tooLong' }),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== v.newPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordsDoNotMatch' });
    if (v.oldPassword && v.oldPassword === v.newPassword) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'validation.passwordSameAsOld' });
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** Fresh tokens for the session that changed the password (every other session is ended). */
export const changePasswordResult = z.object({ accessToken: z.string(), refreshToken: z.string() });
