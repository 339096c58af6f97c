import { dashboardFigures, dashboardQuery, okSchema } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { callerOf } from '../../plugins/auth.js';
import { dashboard } from './dashboard.service.js';

export function dashboardRoutes(app: App, deps: Deps) {
  app.get('/api/dashboard', {
    config: { permission: 'dashboard_read' },
    schema: {
      tags: ['dashboard'],
      description: 'Figures for one clinic, the clinics of a complex, or the company, over clinic-local days `from`..`to` (at most 93).',
      querystring: dashboardQuery,
      response: { 200: okSchema(dashboardFigures) },
    },
    handler: async (req) => ({ success: true as const, data: await dashboard(deps, callerOf(req), req.query) }),
  });
}
