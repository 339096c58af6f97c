import type { z } from 'zod';
import { idSchema, isMessageKey } from '@clinic/shared';
import { AppError, type FieldMessage } from './errors.js';

/**
 * True when `text` is a record id as the API takes it: the same check as `idSchema` in a route's params, for an id
 * that arrives another way (a filter string, a token's claim, a FHIR search), so it never reaches the database
 * malformed.
 */
export function isId(text: unknown): text is string {
  return idSchema.safeParse(text).success;
}

/** The parts of a zod issue that decide its message (a zod issue, or the same fields as Fastify reports them). */
export interface IssueLike {
  code: string;
  message?: string | undefined;
  input?: unknown;
  origin?: unknown;
  maximum?: unknown;
  minimum?: unknown;
}

/**
 * Message key and parameters for a zod issue: the schema's own key where it has one, a generic one otherwise,
 * with the bound (`max`, `min`) the message may quote.
 */
export function issueMessage(issue: IssueLike): { key: string; params: Record<string, number> } {
  const params: Record<string, number> = {};
  if (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint') params.max = Number(issue.maximum);
  if (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint') params.min = Number(issue.minimum);
  if (issue.message && isMessageKey(issue.message)) return { key: issue.message, params };
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined ? 'validation.required' : 'validation.invalidType', params };
    case 'too_big':
      return { key: issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig', params };
    case 'too_small':
      return { key: issue.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall', params };
    case 'unrecognized_keys':
      return { key: 'validation.unknownField', params };
    default:
      return { key: 'validation.invalidValue', params };
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
    fields[issue.path.join('.') || 'body'] ??= issueMessage(issue as IssueLike);
  }
  throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, fields);
}
