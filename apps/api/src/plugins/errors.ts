import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@clinic/shared';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError } from '../lib/errors.js';
import { FHIR_BASE, FHIR_JSON } from '../modules/fhir/fhir.http.js';
import { operationOutcome } from '../modules/fhir/fhir.resources.js';
import { t } from '../lib/i18n.js';
import { issueMessage } from '../lib/validation.js';
import type { App } from '../lib/app-types.js';

interface Issue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Fastify reports a zod issue as keyword (its code), message and the issue's other fields in params. */
function issueMessageOf(issue: Issue) {
  return issueMessage({ ...issue.params, code: issue.keyword, message: issue.message });
}

function fieldPath(issue: Issue): string {
  return issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

declare const passedOn: unique symbol;
/** A code Fastify (or a plugin) set on its own 4xx refusal (`FST_…`): passed on unchanged, not one of the catalogue's. */
export type FrameworkCode = string & { readonly [passedOn]: true };
export const frameworkCode = (code: string | undefined) => (code ?? 'BAD_REQUEST') as FrameworkCode;

/** Answers a refusal in the error envelope; `code` is one of the shared catalogue's (`ERROR_CODES`), or Fastify's own. */
export function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode | FrameworkCode,
  key: string,
  params?: Record<string, string | number>,
  fields?: Record<string, string>,
  data?: Record<string, unknown>,
) {
  // The FHIR API answers refusals as FHIR does: an OperationOutcome.
  if (req.url.startsWith(`${FHIR_BASE}/`)) {
    return reply.status(status).type(FHIR_JSON).send(operationOutcome(status, t(req, key, params), fields, code));
  }
  return reply.status(status).send({
    success: false,
    message: { message: t(req, key, params), code, ...(fields ? { fields } : {}), ...(data ? { data } : {}) },
  });
}

const PG_CONFLICTS: Record<string, { code: ErrorCode; key: string }> = {
  '23505': { code: 'DUPLICATE', key: 'errors.conflict' },
  '23503': { code: 'IN_USE', key: 'errors.conflict' },
  '23P01': { code: 'CONFLICT', key: 'errors.conflict' },
};

/** The one place that turns any failure into the error envelope. Bad input is never a 500. */
export function registerErrorHandling(app: App) {
  app.setErrorHandler((err: FastifyError & { validationContext?: string; cause?: unknown }, req, reply) => {
    if (err instanceof AppError) {
      // A refusal caused by something outside the request (a text gateway that failed) says why in the log.
      if (err.status >= 500 && err.cause) req.log.warn({ err: err.cause, code: err.code }, 'request refused: a service it needs failed');
      const fields = err.fields
        ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, typeof v === 'string' ? t(req, v, err.params) : t(req, v.key, v.params)]))
        : undefined;
      // A limit says when to try again (the public booking page's codes and bookings), also to HTTP clients.
      if (err.status === 429 && typeof err.data?.retryAfterMinutes === 'number') void reply.header('retry-after', String(err.data.retryAfterMinutes * 60));
      return sendError(req, reply, err.status, err.code, err.messageKey, err.params, fields, err.data);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation as unknown as Issue[]) {
        const { key, params } = issueMessageOf(issue);
        if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
          const base = fieldPath(issue);
          for (const k of issue.params.keys as string[]) fields[base ? `${base}.${k}` : k] ??= t(req, key, params);
          continue;
        }
        const path = fieldPath(issue) || (err.validationContext ?? 'body');
        fields[path] ??= t(req, key, params);
      }
      return sendError(req, reply, 422, 'VALIDATION_FAILED', 'errors.validation', undefined, fields);
    }
    const pgCode = (err as { code?: unknown }).code ?? (err.cause as { code?: unknown } | undefined)?.code;
    const constraint = (err as { constraint?: unknown }).constraint ?? (err.cause as { constraint?: unknown } | undefined)?.constraint;
    if (pgCode === '23514' && typeof constraint === 'string') {
      // The database's last line behind a service's own check: money out of a cash box it does not hold, a percentage outside 0..100.
      if (constraint === 'cash_box_never_negative') return sendError(req, reply, 409, 'CASH_BOX_SHORT', 'errors.billing.cashBoxNotEnough');
      if (constraint.endsWith('_percent_check')) return sendError(req, reply, 422, 'INVALID_VALUE', 'validation.percentRange');
    }
    if (typeof pgCode === 'string' && PG_CONFLICTS[pgCode]) {
      const c = PG_CONFLICTS[pgCode];
      return sendError(req, reply, 409, c.code, c.key);
    }
    if (typeof pgCode === 'string' && /^22/.test(pgCode)) {
      return sendError(req, reply, 422, 'INVALID_VALUE', 'validation.invalidValue');
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(req, reply, 400, 'MALFORMED_JSON', 'errors.malformedJson');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_PARTS_LIMIT':
      case 'FST_FILES_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return sendError(req, reply, 413, 'BODY_TOO_LARGE', 'errors.bodyTooLarge');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return sendError(req, reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'errors.unsupportedMediaType');
      default:
        break;
    }
    // The database's disk is full (53100): nothing was written, and retrying will not help until an operator frees
    // space. Reads still work, so readiness stays up; the log says it loudly, once per refused request.
    if (pgCode === '53100') {
      req.log.error({ code: pgCode }, 'database storage is full: writes are refused until space is freed');
      void reply.header('retry-after', '60');
      return sendError(req, reply, 503, 'STORAGE_FULL', 'errors.storageFull');
    }
    // The database went away (a failover, a restart) or did not answer in time: the request may be retried.
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ code: (err as { code?: unknown }).code ?? (err.cause as { code?: unknown } | undefined)?.code }, 'database unavailable');
      void reply.header('retry-after', '2');
      return sendError(req, reply, 503, 'DATABASE_UNAVAILABLE', 'errors.databaseUnavailable');
    }
    if (err instanceof SyntaxError) return sendError(req, reply, 400, 'MALFORMED_JSON', 'errors.malformedJson');
    // Only decoding client text (decodeURIComponent of a filter, a path) throws URIError: malformed input, not a failure.
    if (err instanceof URIError) return sendError(req, reply, 400, 'BAD_REQUEST', 'errors.badRequest');
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      return sendError(req, reply, status, frameworkCode(err.code), status === 404 ? 'errors.notFound' : 'errors.generic');
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, 500, 'INTERNAL', 'errors.unexpected');
  });
}
