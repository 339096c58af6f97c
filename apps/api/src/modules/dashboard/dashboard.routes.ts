import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { callerOf } from '../../plugins/auth.js';
import { DashboardCache } from './dashboard-cache.js';
import { dashboard } from './dashboard.service.js';

export function dashboardRoutes(app: App, deps: Deps) {
  const kept = new DashboardCache();
  serve(app, routes.dashboard.get, async (req) => {
    const caller = callerOf(req);
    const q = req.query;
    if (q.clinic) return { success: true as const, data: await dashboard(deps, caller, q) };
    const key = [caller.companyId, caller.plan, caller.timeZone, q.complex ?? '', q.from ?? '', q.to ?? ''].join('|');
    return { success: true as const, data: await kept.get(key, q.fresh === 'true', () => dashboard(deps, caller, q)) };
  }, { schema: { description: 'Figures for one clinic, the clinics of a complex, or the company, over clinic-local days `from`..`to` (at most 93).' } });
}
