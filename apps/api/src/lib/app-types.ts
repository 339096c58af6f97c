import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Permission } from '@clinic/shared';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { JobRunner } from '../modules/jobs/jobs.runner.js';
import type { CallerCache } from './caller-cache.js';
import type { Lifecycle } from './lifecycle.js';
import type { LiveEvents } from './live.js';
import type { AccessClaims, TokenService } from './tokens.js';

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** What route modules receive: explicit dependencies rather than globals. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  callers: CallerCache;
  /** Background jobs (reminders). Absent in tests that build services without an app. */
  jobs?: JobRunner;
  /** Live events to open browsers (notifications, appointment changes). */
  live?: LiveEvents;
  /** Set when the server begins to shut down: readiness answers 503 so the load balancer sends no more requests. */
  lifecycle?: Lifecycle;
  /** The clock the scheduling rules read ("not in the past", the first free time); the system clock when absent. */
  clock?: () => Date;
}

/** The current instant as the services see it (a test fixes it through `Deps.clock`). */
export const clockNow = (deps: Pick<Deps, 'clock'>): Date => deps.clock?.() ?? new Date();

/** The signed-in caller, attached by the auth plugin. Every service call is scoped by `companyId`. */
export interface Caller {
  id: string;
  companyId: string;
  permissions: string[];
  plan: string | null;
  employeeType: string;
  /** The company's time zone (IANA): what "today" means for the caller's records. */
  timeZone: string;
  /** The sign-in the request belongs to (absent for credentials not tied to one). */
  session?: CallerSession;
}

/** What the request's sign-in holds: whether it must enrol a second factor, when the person last proved who they are. */
export interface CallerSession {
  id: string;
  enrolmentRequired: boolean;
  verifiedAt: Date | null;
  /** The organisation's step-up window. */
  stepUpMinutes: number;
}

/**
 * Every /api route declares who may call it in its `config`:
 * `public: true`, `permission: 'authenticated'` (any signed-in user), or one or more permissions (any of them).
 */
export type RoutePermission = Permission | readonly Permission[] | 'authenticated';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    permission?: RoutePermission;
    /**
     * The route's writes cannot change who may do what (patients, appointments). Every other write drops the
     * company's cached callers when it finishes; see lib/caller-cache.ts.
     */
    accessNeutral?: boolean;
    /** The route answers with a long-lived event stream (server-sent events) instead of one response. */
    stream?: boolean;
    /** From the contract: the route needs a recent proof of identity (step-up). */
    stepUp?: boolean;
    /** From the contract: open to a session that must enrol a second factor first. */
    duringEnrolment?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The verified access token's claims: which sign-in (refresh-token family) the request belongs to. */
    accessClaims: AccessClaims | null;
    /**
     * Ids of the files stored while reading this request's form. Before a 4xx or 5xx response leaves, those no record
     * points at are removed (plugins/files.ts): a refused request keeps nothing, whatever refused it.
     */
    storedUploads: string[] | null;
  }
}
