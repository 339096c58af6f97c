import type { z } from 'zod';
import { isMessageKey } from '@clinic/shared';
import { AppError, type FieldMessage } from './errors.js';

/** Message key for a zod issue: the schema's own key where it has one, a generic one otherwise. */
export function issueKey(issue: z.core.$ZodIssue): string {
  if (issue.message && isMessageKey(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'validation.required' : 'validation.invalidType';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig';
    case 'too_small':
      return issue.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.invalidValue';
  }
}

/**
 * Validates a value (for example a multipart body rebuilt by readForm) with a shared schema.
 * Throws a 422 whose fields map each path (`emergencyContacts.0.phone`) to its message key.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, FieldMessage> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= 'validation.unknownField';
      continue;
    }
    const params: Record<string, number> = {};
    if ('maximum' in issue) params.max = Number(issue.maximum);
    if ('minimum' in issue) params.min = Number(issue.minimum);
    fields[issue.path.join('.') || 'body'] ??= { key: issueKey(issue), params };
  }
  throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, fields);
}
