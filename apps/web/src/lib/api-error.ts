import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ErrorCode } from '@clinic/shared';
import { i18n } from './i18n';

/** A failed API request, and putting its field errors onto a form. */

/** A failed request: `status` 0 means no response arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** True when `message` is the server's own (translated) text rather than a generic fallback. */
  readonly fromServer: boolean;
  /** What the refusal points at (for example `patientId`: the existing patient a duplicate collided with). */
  readonly data: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>, fromServer = false, data?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.fromServer = fromServer;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether the API refused the request with this code of the shared catalogue (a misspelt code does not compile). */
export function isError(error: unknown, code: ErrorCode): error is ApiError {
  return isApiError(error) && error.code === code;
}

export interface ErrorDetail {
  message?: string;
  code?: string;
  fields?: Record<string, string>;
  data?: Record<string, string>;
}

/** Reads `{ message: { message, code, fields } }` and the older `{ message: "text" }` shape. */
export function errorDetail(body: unknown): ErrorDetail {
  if (!body || typeof body !== 'object') return {};
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string') return { message };
  if (message && typeof message === 'object') {
    const m = message as Record<string, unknown>;
    const fields =
      m.fields && typeof m.fields === 'object'
        ? Object.fromEntries(
            Object.entries(m.fields as Record<string, unknown>).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          )
        : undefined;
    const data = m.data && typeof m.data === 'object' ? (m.data as Record<string, string>) : undefined;
    return {
      message: typeof m.message === 'string' ? m.message : undefined,
      code: typeof m.code === 'string' ? m.code : undefined,
      fields,
      ...(data ? { data } : {}),
    };
  }
  return {};
}

/**
 * Puts the `fields` of a 422 answer onto a react-hook-form form. Returns true when at least one field
 * received a message (otherwise show the error in a toast or under the form).
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  if (!isApiError(error) || !error.fields) return false;
  const entries = Object.entries(error.fields);
  entries.forEach(([path, message], index) => {
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return entries.length > 0;
}

/** Translates an i18n key (as carried by the shared schemas) and passes already translated text through. */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message) ? i18n.t(message) : message;
}
