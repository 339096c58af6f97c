import type { FastifyRequest } from 'fastify';
import type { App, Caller, Deps } from '../lib/app-types.js';
import { announceAccessChange } from '../lib/caller-cache.js';
import { credentialHolder, permits, recentlyVerified, touchSession } from '../lib/credential-liveness.js';
import { recordAudit } from '../lib/audit.js';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import { requestContext } from '../lib/request-context.js';
import { countFactors } from '../modules/auth/sign-in.repository.js';

/**
 * Loads the caller's account, plan and effective permissions through the credential liveness check (the account
 * active, its company open, the session version current). Null when the access token must be refused.
 */
export async function loadCaller(deps: Deps, companyId: string, employeeId: string, sessionVersion?: number, familyId?: string): Promise<Caller | null> {
  return credentialHolder(deps.db, { companyId, employeeId, sessionVersion, ...(familyId !== undefined && { familyId }) });
}

/** A request the web app makes on its own (a poll, a refresh of a list) sends this header: it does not count as use of the session. */
export const BACKGROUND_HEADER = 'x-clinic-background';

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export { permits };

/**
 * Authenticates every /api request whose route is not public and enforces the route's declared permission.
 * A route that declares neither is refused (a test enumerates the route table to prove none exists).
 */
export function registerAuth(app: App, deps: Deps) {
  app.decorateRequest('caller', null);
  app.decorateRequest('accessClaims', null);
  registerCallerInvalidation(app, deps);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') && req.url !== '/api') return;
    const config = req.routeOptions.config;
    if (!req.routeOptions.url) return; // unknown route: the not-found handler answers
    if (config.public) return;
    const token = bearer(req);
    if (!token) throw unauthorized();
    const claims = await deps.tokens.verifyAccess(token);
    if (claims === 'expired') throw unauthorized('TOKEN_EXPIRED', 'errors.tokenExpired');
    if (claims === 'invalid') throw unauthorized('TOKEN_INVALID', 'errors.tokenInvalid');
    // One cached caller per sign-in: what the session holds (enrolment, last proof of identity) is the sign-in's own.
    const cacheKey = `${claims.sub}:${claims.fam}`;
    let caller = deps.callers.get(claims.cid, cacheKey, claims.sv);
    if (!caller) {
      const generation = deps.callers.generation(claims.cid);
      const loaded = await loadCaller(deps, claims.cid, claims.sub, claims.sv, claims.fam);
      if (!loaded) throw unauthorized('TOKEN_INVALID', 'errors.tokenInvalid');
      deps.callers.set(claims.cid, cacheKey, claims.sv, loaded, generation);
      caller = loaded;
    }
    req.caller = caller;
    req.accessClaims = claims;
    if (caller.session && req.headers[BACKGROUND_HEADER] === undefined) {
      // Bookkeeping: a failed mark (the database busy) does not fail the request; the next request marks it.
      await touchSession(deps.db, caller.companyId, caller.session.id).catch((err: unknown) => req.log.warn({ err }, 'could not mark the session in use'));
    }
    const required = config.permission;
    if (!required) throw new AppError(500, 'ROUTE_WITHOUT_PERMISSION', 'errors.unexpected');
    if (caller.session?.enrolmentRequired && !config.duringEnrolment) {
      throw new AppError(403, 'SECOND_FACTOR_ENROLMENT_REQUIRED', 'errors.security.enrolmentRequired');
    }
    // A session held to enrolment has no proof to step up with (the step-up route is closed to it): a route open during
    // enrolment (adding the first second factor) lets it through; every other session must have proved who it is lately.
    // The exemption holds only while the person has no second factor, read now: the session's flag is as old as its
    // sign-in, and a factor added in another session must not leave this password-only one free to add another.
    if (config.stepUp && !recentlyVerified(caller.session)) {
      const held = caller.session?.enrolmentRequired === true && config.duringEnrolment === true;
      // Asked only of a held session on such a route, so other requests never pay for it.
      const factors = held ? await countFactors(deps.db, caller.companyId, caller.id) : null;
      if (!factors || factors.totp || factors.passkeys > 0) throw new AppError(403, 'STEP_UP_REQUIRED', 'errors.security.stepUpRequired');
    }
    if (!permits(required, caller.permissions)) {
      await recordAudit(deps.db, requestContext(req), {
        companyId: caller.companyId,
        actorId: caller.id,
        action: 'permission_denied',
        entity: 'route',
        entityId: `${req.method} ${req.routeOptions.url}`,
      });
      throw forbidden();
    }
  });
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After any write that may change accounts, roles, permissions or the plan (every write not marked `accessNeutral`),
 * the company's cached callers are dropped before the response leaves, so the next request sees the change; the other
 * servers on the database are told to drop them too (a notification they receive within milliseconds).
 */
export function registerCallerInvalidation(app: App, deps: Deps) {
  app.addHook('onSend', async (req) => {
    if (!req.caller || READ_METHODS.has(req.method) || req.routeOptions.config.accessNeutral) return;
    deps.callers.invalidateCompany(req.caller.companyId);
    try {
      await announceAccessChange(deps.db, req.caller.companyId);
    } catch (err) {
      // The change is made; other servers see it within CALLER_CACHE_MS at most.
      req.log.warn({ err }, 'could not tell the other servers to drop cached callers');
    }
  });
}

/** The signed-in caller of a protected route (set by the auth hook). */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthorized();
  return req.caller;
}
