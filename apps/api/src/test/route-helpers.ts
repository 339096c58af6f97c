import type { RegisteredRoute } from '../app.js';
import type { TestContext } from './harness.js';

/** API routes that need a signed-in caller: everything under /api that is not public. */
export function protectedRoutes(ctx: TestContext): RegisteredRoute[] {
  return ctx.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.config?.public);
}

/** Fills every `:param` of a route with the given value. */
export function fillParams(url: string, value: (param: string) => string): string {
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => value(name));
}

/** Row counts and checksums of every table, except the ones that record the requests themselves. */
export async function dataSnapshot(ctx: TestContext): Promise<Record<string, string>> {
  const { tableChecksums } = await import('../ops/backup-schema.js');
  const all = await tableChecksums(ctx.database);
  // The sign-in's own bookkeeping (a request marks its session in use; sign-ins write their history) is not data.
  for (const t of ['audit_log', 'login_failures', 'refresh_tokens', 'sign_in_sessions', 'sign_in_history', 'known_devices', 'auth_challenges']) delete all[t];
  return all;
}
