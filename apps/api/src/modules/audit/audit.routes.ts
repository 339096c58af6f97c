import { auditEntry, auditFilters, auditListQuery, listSchema, okSchema } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { listEnvelope } from '../../lib/list.js';
import { callerOf } from '../../plugins/auth.js';
import { auditFilterValues, listAudit } from './audit.service.js';

export function auditRoutes(app: App, deps: Deps) {
  app.get('/api/audit', {
    config: { permission: 'audit_read' },
    schema: { tags: ['audit'], querystring: auditListQuery, response: { 200: listSchema(auditEntry) } },
    handler: async (req) => {
      const { data, total } = await listAudit(deps, callerOf(req), req.query);
      return listEnvelope(data, req.query, total);
    },
  });

  app.get('/api/audit/filters', {
    config: { permission: 'audit_read' },
    schema: { tags: ['audit'], response: { 200: okSchema(auditFilters) } },
    handler: async (req) => ({ success: true as const, data: await auditFilterValues(deps, callerOf(req)) }),
  });
}
