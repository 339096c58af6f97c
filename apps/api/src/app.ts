import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { App, Deps } from './lib/app-types.js';
import { AppError } from './lib/errors.js';
import { setPasswordHashCost } from './lib/password.js';
import { CALLER_CHANNEL, CallerCache } from './lib/caller-cache.js';
import { acceptedRequestId } from './lib/request-id.js';
import { requestLogValue } from './lib/log-redaction.js';
import { serializerCompiler } from './lib/serializer.js';
import { TokenService } from './lib/tokens.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { ssoRoutes } from './modules/sso/index.js';
import { employeeRoutes } from './modules/employees/employees.routes.js';
import { invitationRoutes } from './modules/invitations/invitations.routes.js';
import { INVITATION_JOB, invitationJobHandler } from './modules/invitations/invitations.service.js';
import { fileRoutes } from './modules/files/files.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { patientRoutes } from './modules/patients/patients.routes.js';
import { chartRoutes } from './modules/chart/index.js';
import { clinicalObservationRoutes } from './modules/clinical-observations/index.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { passkeyRoutes } from './modules/passkeys/index.js';
import { roleRoutes } from './modules/roles/roles.routes.js';
import { appointmentRoutes } from './modules/appointments/appointments.routes.js';
import { seriesRoutes } from './modules/series/series.routes.js';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes.js';
import { serviceRoutes } from './modules/services/services.routes.js';
import { specializationRoutes } from './modules/specializations/specializations.routes.js';
import { medicationRoutes } from './modules/medications/medications.routes.js';
import { prescriptionRoutes } from './modules/prescriptions/index.js';
import { encounterRoutes } from './modules/encounters/encounters.routes.js';
import { orderRoutes } from './modules/orders/index.js';
import { signupRoutes } from './modules/signup/signup.routes.js';
import { companyRoutes } from './modules/companies/companies.routes.js';
import { complexRoutes } from './modules/complexes/complexes.routes.js';
import { departmentRoutes } from './modules/departments/departments.routes.js';
import { clinicRoutes } from './modules/clinics/clinics.routes.js';
import { fhirRoutes } from './modules/fhir/fhir.routes.js';
import { calendarFeedRoutes } from './modules/calendar-feeds/feeds.routes.js';
import { JobRunner } from './modules/jobs/jobs.runner.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { followWithReminders, REMINDER_JOB, reminderJobHandler } from './modules/reminders/reminders.service.js';
import { DomainEvents, EVENT_JOB } from './modules/events/events.js';
import { followWithNotifications } from './modules/notifications/notifications.events.js';
import { followWithWaitlist } from './modules/waitlist/waitlist.events.js';
import { reminderRoutes } from './modules/reminders/reminders.routes.js';
import { cleanUpPhoneCodes, onlineBookingRoutes } from './modules/online-booking/index.js';
import { LiveEvents } from './lib/live.js';
import { Lifecycle } from './lib/lifecycle.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { NEW_DEVICE_JOB, newDeviceJobHandler, sessionRoutes } from './modules/sessions/index.js';
import { exportRoutes } from './modules/exports/exports.routes.js';
import { IMPORT_JOB, importJobHandler, importRoutes } from './modules/imports/index.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { eInvoiceRoutes } from './modules/e-invoices/e-invoices.routes.js';
import { diagnosisRoutes } from './modules/diagnoses/index.js';
import { onlineBookingSettingsRoutes } from './modules/online-booking-settings/online-booking-settings.routes.js';
import { queueDisplayRoutes } from './modules/queue-displays/queue-displays.routes.js';
import { twoFactorRoutes } from './modules/two-factor/index.js';
import { QUEUE_TEXT_JOB, queueTextJobHandler } from './modules/waiting-room/index.js';
import { SUBMISSION_JOB, submissionJobHandler } from './modules/e-invoices/index.js';
import { waitingRoomRoutes } from './modules/waiting-room/waiting-room.routes.js';
import { cleanUpWhatsAppMessages, WHATSAPP_FALLBACK_JOB, whatsappFallbackJobHandler, whatsappRoutes } from './modules/whatsapp/index.js';
import { cleanUpDeliveries, disabledEmailJobHandler, followWithWebhooks, WEBHOOK_DISABLED_EMAIL_JOB, WEBHOOK_JOB, webhookJobHandler, webhookRoutes } from './modules/webhooks/index.js';
import { doctorShareRoutes } from './modules/doctor-shares/doctor-shares.routes.js';
import { registerAuth } from './plugins/auth.js';
import { frameworkCode, registerErrorHandling, sendError } from './plugins/errors.js';
import { registerFileHandling } from './plugins/files.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';

/** The answer may be shown in a frame on any site (the booking page's embed): the policy's frame rule lifted. */
function embeddable(reply: FastifyReply) {
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  reply.removeHeader('x-frame-options');
}

export interface RegisteredRoute {
  method: string;
  url: string;
  config: RouteOptions['config'];
  schema: RouteOptions['schema'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, read by the tests that prove permissions and tenant isolation. */
    routeTable: RegisteredRoute[];
    /** The background job runner: the server polls it (JOB_POLL_SECONDS); tests call `runDue(now)`. */
    jobs: JobRunner;
    /** The followers of domain events (modules/events), run by the job runner after a change commits. */
    events: DomainEvents;
    live: LiveEvents;
    /** The signed-in callers this server keeps for a few seconds (tests watch it being dropped across servers). */
    callers: CallerCache;
    /** Draining (readiness answers 503) and the requests being answered, for a graceful stop. */
    lifecycle: Lifecycle;
    /** PUBLIC_URL: the only base of the absolute links in answers (never the request's Host or X-Forwarded-Host). */
    publicUrl: string;
  }
}

const MAX_JSON_DEPTH = 32;

/** Depth of nested arrays/objects, counted iteratively and stopping once past `limit`. */
function nestingDepth(value: unknown, limit: number): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > max) max = d + 1;
    if (max > limit) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

export async function buildApp(
  config: Config, database: Database, options: { clock?: () => Date; logStream?: { write(line: string): void } } = {},
): Promise<App> {
  setPasswordHashCost(config.passwordHashCost);
  const app = Fastify({
    // A request's line logs its URL with the values of `token`, `code` and `state` redacted (lib/log-redaction.ts);
    // `logStream` (tests) receives the lines instead of standard output.
    logger: config.logLevel === 'silent' ? false : {
      level: config.logLevel, redact: ['req.headers.authorization'], serializers: { req: requestLogValue }, ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Fastify never takes the id from a header by itself: a client's X-Request-Id is used only when it is a short
    // safe token (it is echoed, logged and written to the audit log), otherwise the server makes one.
    requestIdHeader: false,
    genReqId: (req) => acceptedRequestId(req.headers['x-request-id']) ?? randomUUID(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors raised while routing (an over-long parameter, a malformed URL) get the same envelope as the rest.
    frameworkErrors: (error, req, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      return sendError(req, reply, status, frameworkCode(error.code), status === 414 ? 'errors.uriTooLong' : 'errors.badRequest');
    },
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and multipart where a route says so): other bodies are 415.
  app.removeContentTypeParser('text/plain');
  // JSON with Fastify's prototype-poisoning protection, and a cap on nesting depth (no form is deeper than a few levels).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => {
    parseJson(req, text as string, (err, value) => {
      if (err) return done(err, undefined);
      if (nestingDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return done(new AppError(422, 'TOO_DEEP', 'errors.tooDeep'), undefined);
      done(null, value);
    });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  if (!config.jwtSecret) throw new Error('No signing secret: set JWT_SECRET, or start through prepareDatabase, which reads the one the servers share');
  const deps: Deps = { config, database, db: database.db, tokens: new TokenService(config.jwtSecret, config.accessTokenTtlSeconds), callers: new CallerCache(config.callerCacheMs), ...(options.clock ? { clock: options.clock } : {}) };
  deps.jobs = new JobRunner(database.db, app.log, {
    leaseMs: config.leaseSeconds * 1000, testHold: config.testHold, listen: (c, fn) => database.listen(c, fn), retentionDays: config.jobRetentionDays,
  });
  deps.jobs.register(REMINDER_JOB, reminderJobHandler(deps));
  deps.jobs.register(INVITATION_JOB, invitationJobHandler(deps));
  deps.jobs.registerCleanUp('phone codes', (now) => cleanUpPhoneCodes(database.db, now));
  deps.jobs.register(NEW_DEVICE_JOB, newDeviceJobHandler(deps));
  deps.jobs.register(QUEUE_TEXT_JOB, queueTextJobHandler(deps));
  deps.jobs.register(SUBMISSION_JOB, submissionJobHandler(deps));
  deps.jobs.register(IMPORT_JOB, importJobHandler(deps));
  // What follows a change, after it commits: its domain event's followers, in this order.
  const events = new DomainEvents(database.db, app.log);
  followWithReminders(deps, events);
  followWithNotifications(deps, events);
  followWithWaitlist(deps, events);
  followWithWebhooks(deps, events);
  deps.jobs.register(WEBHOOK_JOB, webhookJobHandler(deps));
  deps.jobs.registerCleanUp('webhook deliveries', (now) => cleanUpDeliveries(database.db, now));
  deps.jobs.register(WHATSAPP_FALLBACK_JOB, whatsappFallbackJobHandler(deps));
  deps.jobs.registerCleanUp('whatsapp messages', (now) => cleanUpWhatsAppMessages(database.db, now));
  deps.jobs.register(WEBHOOK_DISABLED_EMAIL_JOB, disabledEmailJobHandler(deps));
  deps.jobs.register(EVENT_JOB, events.jobHandler());
  deps.live = new LiveEvents(database);
  await deps.live.start();
  deps.lifecycle = new Lifecycle();
  const lifecycle = deps.lifecycle;
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.routeOptions.config?.stream) lifecycle.track(reply.raw);
    done();
  });
  // Another server changed who may do what in a company: drop its cached callers here too.
  const stopCallerSync = await database.listen(CALLER_CHANNEL, (companyId) => deps.callers.invalidateCompany(companyId));
  app.decorate('jobs', deps.jobs);
  app.decorate('events', events);
  app.decorate('live', deps.live);
  app.decorate('callers', deps.callers);
  app.decorate('lifecycle', deps.lifecycle);
  app.decorate('publicUrl', config.publicUrl);
  // After the last request in flight has been answered: the LISTEN connections go.
  app.addHook('onClose', async () => {
    await deps.live?.close();
    await stopCallerSync();
  });

  app.decorate('routeTable', [] as RegisteredRoute[]);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), public: true };
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, config: route.config, schema: route.schema });
    }
  });

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // Shutting down: the client's next request goes on a new connection, to a server that stays.
    if (deps.lifecycle?.draining) reply.header('connection', 'close');
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  registerSecurityHeaders(app, {
    hsts: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Answers above 1 KB are compressed with brotli or gzip, as the client accepts (brotli at a quality that suits answers
  // made per request). Already-encoded answers (the web's pre-compressed assets) pass through as they are; file
  // downloads opt out on their route. Request bodies are never decompressed.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyMultipart, {
    // Per-kind caps (5 MB images, 10 MB documents) are enforced while streaming in lib/files.ts.
    limits: { fileSize: 10 * 1024 * 1024, files: 20, fields: 500, fieldSize: 100 * 1024, parts: 600 },
    throwFileSizeLimit: true,
  });
  if (config.corsOrigins.length) await app.register(fastifyCors, { origin: config.corsOrigins, credentials: false });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Clinic API', version: '1.0.0', description: 'Clinic and medical-network management API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerAuth(app, deps);
  registerFileHandling(app, deps);

  // The whole API surface, registered explicitly.
  healthRoutes(app, deps);
  authRoutes(app, deps);
  ssoRoutes(app, deps);
  profileRoutes(app, deps);
  twoFactorRoutes(app, deps);
  passkeyRoutes(app, deps);
  employeeRoutes(app, deps);
  invitationRoutes(app, deps);
  roleRoutes(app, deps);
  fileRoutes(app, deps);
  patientRoutes(app, deps);
  clinicalObservationRoutes(app, deps);
  auditRoutes(app, deps);
  serviceRoutes(app, deps);
  specializationRoutes(app, deps);
  appointmentRoutes(app, deps);
  seriesRoutes(app, deps);
  waitlistRoutes(app, deps);
  signupRoutes(app, deps);
  companyRoutes(app, deps);
  complexRoutes(app, deps);
  departmentRoutes(app, deps);
  clinicRoutes(app, deps);
  fhirRoutes(app, deps);
  calendarFeedRoutes(app, deps);
  reminderRoutes(app, deps);
  onlineBookingRoutes(app, deps);
  notificationRoutes(app, deps);
  exportRoutes(app, deps);
  importRoutes(app, deps);
  dashboardRoutes(app, deps);
  billingRoutes(app, deps);
  eInvoiceRoutes(app, deps);
  doctorShareRoutes(app, deps);
  diagnosisRoutes(app, deps);
  medicationRoutes(app, deps);
  prescriptionRoutes(app, deps);
  chartRoutes(app, deps);
  encounterRoutes(app, deps);
  orderRoutes(app, deps);
  onlineBookingSettingsRoutes(app, deps);
  sessionRoutes(app, deps);
  waitingRoomRoutes(app, deps);
  queueDisplayRoutes(app, deps);
  webhookRoutes(app, deps);
  whatsappRoutes(app, deps);

  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

  const webDist = config.webDist ?? defaultWebDist;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Hashed asset names never change content: cache them for a year; everything else briefly.
      setHeaders: (res, filePath) => {
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (!url.startsWith('/api') && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      // Client-side routes (e.g. /patients/details/{id}) deep-link to the app.
      if (url.startsWith('/assets/')) return sendError(req, reply, 404, 'NOT_FOUND', 'errors.notFound');
      // The public booking page is its own small entry; with ?embed=1 a clinic's own website may show it in a frame.
      if (url === '/book' || url.startsWith('/book/')) {
        if (/[?&]embed=1(&|$)/.test(req.url)) embeddable(reply);
        return reply.header('cache-control', 'no-cache').sendFile('book.html');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(req, reply, 404, 'ROUTE_NOT_FOUND', 'errors.routeNotFound', { method: req.method, url: url.slice(0, 200) });
  });

  return app;
}
