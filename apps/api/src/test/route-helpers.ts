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

/** The sign-in's own bookkeeping (a request marks its session in use; sign-ins write their history) is not data. */
const BOOKKEEPING = new Set(['audit_log', 'login_failures', 'refresh_tokens', 'sign_in_sessions', 'sign_in_history', 'known_devices', 'auth_challenges']);
/** The checksum statement of each test database, read from its schema once (no test changes the schema). */
const statements = new WeakMap<TestContext['database'], Promise<string>>();

/** Row counts and checksums of every table, except the ones that record the requests themselves. */
export async function dataSnapshot(ctx: TestContext): Promise<Record<string, string>> {
  const { checksumStatement, readSchema, runChecksums } = await import('../ops/backup-schema.js');
  let statement = statements.get(ctx.database);
  if (!statement) {
    statement = readSchema(ctx.database.query).then((schema) => checksumStatement({ ...schema, order: schema.order.filter((t) => !BOOKKEEPING.has(t)) }));
    statements.set(ctx.database, statement);
  }
  return runChecksums(ctx.database, await statement);
}
