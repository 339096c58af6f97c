import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { readChart } from './chart.service.js';
import { readRecordSummary } from './record-summary.service.js';

export function chartRoutes(app: App, deps: Deps) {
  serve(app, routes.chart.get, async (req) => {
    const page = await readChart(deps, requestContext(req), callerOf(req), req.params.id, req.query);
    return { success: true as const, ...page };
  }, {
    schema: {
      description: 'The patient\'s chart, newest first: `kinds` (comma-separated), `from`/`to` (instants), `cursor` (the `nextCursor` of the page before) and `limit` (1-100). Encounters carry their state, never their content. Audited as one read of the patient.',
    },
  });

  serve(app, routes.chart.summary, async (req) => ({
    success: true as const, data: await readRecordSummary(deps, requestContext(req), callerOf(req), req.params.id),
  }));
}
