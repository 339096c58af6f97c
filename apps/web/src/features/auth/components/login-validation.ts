import { z } from 'zod';
import { loginInput } from '@clinic/shared';

/** The sign-in form: the API's sign-in input, plus whether to keep the session. */
const loginForm = loginInput.extend({ remember: z.boolean() });
export type LoginFormValues = z.input<typeof loginForm>;
export type LoginFormOutput = z.output<typeof loginForm>;
export type LoginFormErrors = Partial<Record<keyof LoginFormValues, string>>;

/** The values as the API takes them (the user name trimmed), or each field's first message key. */
export function validateLogin(values: LoginFormValues): { data: LoginFormOutput; errors: LoginFormErrors } | { data: null; errors: LoginFormErrors } {
  const result = loginForm.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: LoginFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginFormValues;
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}
