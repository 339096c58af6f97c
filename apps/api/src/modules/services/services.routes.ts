import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { serveDelete, serveUpdate } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { bulkServices, createService, deleteService, getService, listServices, updateService } from './services.service.js';

const r = routes.services;

export function serviceRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listServices(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });

  serve(app, r.get, async (req) => ({ success: true as const, data: await getService(deps, callerOf(req), req.params.id) }));

  serve(app, r.create, async (req, reply) => {
    const data = await createService(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.scheduling.serviceCreated'), data });
  });

  serveUpdate(app, r.patch, 'success.scheduling.serviceUpdated', (ctx, caller, id, body) => updateService(deps, ctx, caller, id, body));

  serveDelete(app, r.remove, 'success.scheduling.serviceDeleted', (ctx, caller, id) => deleteService(deps, ctx, caller, id));

  serve(app, r.bulk, async (req) => {
    const data = await bulkServices(deps, requestContext(req), callerOf(req), req.body);
    const key = { activate: 'servicesActivated', deactivate: 'servicesDeactivated', delete: 'servicesDeleted' }[data.action];
    return { success: true as const, message: t(req, `success.scheduling.${key}`, { count: data.count }), data };
  });
}
