import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config.js';
import type { Deps } from '../lib/app-types.js';
import { CallerCache } from '../lib/caller-cache.js';
import { systemContext } from '../lib/request-context.js';
import { TokenService } from '../lib/tokens.js';
import { isId } from '../lib/validation.js';
import { closeCompany, reopenCompany } from '../modules/companies/companies.service.js';
import { isMain, openForMaintenance } from './maintenance.js';

const USAGE = 'Usage: npm run company -- close <company id> | reopen <company id>';

/** The command's log lines go to the console (warnings only: what it did is printed once at the end). */
const consoleLog: FastifyBaseLogger = {
  level: 'warn', fatal: console.error, error: console.error, warn: console.warn, info: () => {}, debug: () => {}, trace: () => {}, silent: () => {},
  child: () => consoleLog,
} as unknown as FastifyBaseLogger;

/**
 * npm run company -- close <id>: closes an organisation. Nobody of it may sign in any more; its people's sessions,
 * file links and calendar feeds are revoked for good and, on PostgreSQL, running servers close their open streams.
 * `reopen <id>` lets its people sign in again (nothing closing revoked comes back). Both are audited. With the
 * embedded database, stop the server first (it holds the data folder).
 */
export async function runCompany(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [action, id, ...rest] = args;
  if ((action !== 'close' && action !== 'reopen') || !id || !isId(id) || rest.length) {
    console.error(USAGE);
    return 2;
  }
  try {
    const config = loadConfig(env);
    const { database, close } = await openForMaintenance(config, 'company', { needExisting: true });
    try {
      const deps: Deps = { config, database, db: database.db, tokens: new TokenService(config.jwtSecret || 'unused', 60), callers: new CallerCache(0) };
      const ctx = systemContext(consoleLog);
      if (action === 'close') await closeCompany(deps, ctx, id);
      else await reopenCompany(deps, ctx, id);
      console.log(action === 'close' ? `Organisation ${id} closed: nobody of it can sign in, and its sessions and calendar feeds are revoked.`
        : `Organisation ${id} reopened: its people can sign in again.`);
      return 0;
    } finally {
      await close();
    }
  } catch (err) {
    const status = (err as { status?: number }).status;
    console.error(status === 404 ? `There is no organisation ${id}.` : status === 409 ? `Organisation ${id} is already ${action === 'close' ? 'closed' : 'open'}.`
      : `The command failed: ${(err as Error).message}`);
    return 1;
  }
}

if (isMain(import.meta.url)) process.exitCode = await runCompany(process.argv.slice(2));
