import { sql } from 'drizzle-orm';
import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { sendError } from '../../plugins/errors.js';

export function healthRoutes(app: App, deps: Deps) {
  probeRoutes(app, deps);
  serve(app, routes.health.status, async (req, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
    } catch (err) {
      req.log.error({ err }, 'health check: database unavailable');
      return sendError(req, reply, 503, 'DATABASE_UNAVAILABLE', 'errors.unexpected');
    }
    return { success: true as const, data: { status: 'ok' as const, database: deps.database.kind } };
  });
}

/** How long readiness waits for the database's answer before saying the server is not ready. */
export const READY_TIMEOUT_MS = 2000;

async function databaseAnswers(deps: Deps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS); });
  try {
    return await Promise.race([deps.db.execute(sql`select 1`).then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For a load balancer: `live` says the process answers (restart it if not); `ready` says it should get requests: the
 * database answers `select 1` within READY_TIMEOUT_MS and the server is not shutting down. Neither is logged per
 * call beyond the usual request line, nor needs a sign-in.
 */
export function probeRoutes(app: App, deps: Deps) {
  serve(app, routes.health.live, async () => ({ success: true as const, data: { status: 'live' as const } }));
  serve(app, routes.health.ready, async (req, reply) => {
    if (deps.lifecycle?.draining) return sendError(req, reply, 503, 'DRAINING', 'errors.notReady');
    if (!(await databaseAnswers(deps))) return sendError(req, reply, 503, 'DATABASE_UNAVAILABLE', 'errors.notReady');
    return { success: true as const, data: { status: 'ready' as const } };
  });
}
