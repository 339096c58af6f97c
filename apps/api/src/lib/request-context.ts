import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { requestLanguage } from './i18n.js';
import { acceptedRequestId } from './request-id.js';

/**
 * What a service needs to know about the request it serves, without HTTP: the language its answers and errors are
 * written in, who asked from where (for the audit log), the product's public address links are built on (PUBLIC_URL),
 * and the request's logger.
 * Routes build it with `requestContext(req)`; jobs and scripts with `systemContext(log)`.
 */
export interface RequestContext {
  readonly language: 'en' | 'ar';
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly requestId: string | null;
  /** The random mark the web app keeps for its device (`x-clinic-device`), when sent and well-formed: new-device sign-ins. */
  readonly deviceMark?: string | null;
  /**
   * Where clients reach the product: PUBLIC_URL (`config.publicUrl`), never the request's Host or X-Forwarded-Host,
   * which a client writes. Every absolute link in an answer (FHIR bundles, the export manifest, calendar feeds)
   * starts with it.
   */
  readonly origin: string;
  readonly log: FastifyBaseLogger;
}

const CONTEXT = Symbol('requestContext');
type WithContext = FastifyRequest & { [CONTEXT]?: RequestContext };

/** The context of an HTTP request (built once per request). */
export function requestContext(req: FastifyRequest): RequestContext {
  const r = req as WithContext;
  r[CONTEXT] ??= Object.freeze({
    language: requestLanguage(req),
    ip: req.ip ?? null,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 400) || null,
    requestId: acceptedRequestId(req.id),
    deviceMark: deviceMarkOf(req.headers['x-clinic-device']),
    origin: req.server.publicUrl,
    log: req.log,
  });
  return r[CONTEXT];
}

/** The context of work no request asked for (jobs, scripts): no address, no user agent, English unless told. */
export function systemContext(log: FastifyBaseLogger, language: 'en' | 'ar' = 'en', origin = ''): RequestContext {
  return Object.freeze({ language, ip: null, userAgent: null, requestId: null, origin, log });
}

/** A device mark is 16 to 100 URL-safe characters; anything else is ignored (the user agent stands for the device). */
function deviceMarkOf(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,100}$/.test(value) ? value : null;
}
