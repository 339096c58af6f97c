import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App, Deps } from '../../lib/app-types.js';
import { sendError } from '../../plugins/errors.js';

export function healthRoutes(app: App, deps: Deps) {
  app.get('/api/health', {
    config: { public: true },
    schema: {
      tags: ['health'],
      response: { 200: z.object({ success: z.literal(true), data: z.object({ status: z.literal('ok'), database: z.string() }) }) },
    },
    handler: async (req, reply) => {
      try {
        await deps.db.execute(sql`select 1`);
      } catch (err) {
        req.log.error({ err }, 'health check: database unavailable');
        return sendError(req, reply, 503, 'DATABASE_UNAVAILABLE', 'errors.unexpected');
      }
      return { success: true as const, data: { status: 'ok' as const, database: deps.database.kind } };
    },
  });
}
