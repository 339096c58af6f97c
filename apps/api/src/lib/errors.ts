import type { ErrorCode } from '@clinic/shared';

export type FieldMessage = string | { key: string; params?: Record<string, string | number> };

/** Typed errors thrown by services; the central error handler turns them into the API envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    /** One of the shared catalogue's codes (`ERROR_CODES`); the status and message may be the refusal's own. */
    readonly code: ErrorCode,
    /** Message key in the shared catalogue (translated per request). */
    readonly messageKey: string,
    readonly params?: Record<string, string | number>,
    /** Field path -> message key (or key with parameters). */
    readonly fields?: Record<string, FieldMessage>,
    /**
     * What the client needs to act on the refusal (e.g. the id of the record it collided with, or the record as it
     * now is, so a screen can keep both versions).
     */
    readonly data?: Record<string, unknown>,
  ) {
    super(messageKey);
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND', 'errors.notFound');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'errors.forbidden');
export const unauthorized = (code: ErrorCode = 'UNAUTHORIZED', key = 'errors.unauthorized') => new AppError(401, code, key);
export const conflict = (code: ErrorCode, key: string, params?: Record<string, string | number>) =>
  new AppError(409, code, key, params);
export const validationFailed = (fields: Record<string, FieldMessage>) =>
  new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, fields);
