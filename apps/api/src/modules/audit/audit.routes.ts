import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { listEnvelope } from '../../lib/list.js';
import { callerOf } from '../../plugins/auth.js';
import { auditFilterValues, listAudit } from './audit.service.js';

export function auditRoutes(app: App, deps: Deps) {
  serve(app, routes.audit.list, async (req) => {
    const { data, total } = await listAudit(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });

  serve(app, routes.audit.filters, async (req) => ({ success: true as const, data: await auditFilterValues(deps, callerOf(req)) }));
}
