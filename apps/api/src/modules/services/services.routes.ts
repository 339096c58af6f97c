import {
  idParams, listSchema, okSchema, serviceBulkInput, serviceBulkResult, serviceCreateInput, serviceListQuery,
  serviceRecord, serviceUpdateInput,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { deleteRoute, updateRoute } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { bulkServices, createService, deleteService, getService, listServices, updateService } from './services.service.js';

const tags = ['services'];
const ok = okSchema(serviceRecord);

export function serviceRoutes(app: App, deps: Deps) {
  app.get('/api/services', {
    config: { permission: ['service_read', 'appointment_read'] },
    schema: { tags, querystring: serviceListQuery, response: { 200: listSchema(serviceRecord) } },
    handler: async (req) => {
      const { data, total } = await listServices(deps, callerOf(req), req.query);
      return listEnvelope(data, req.query, total);
    },
  });

  app.get('/api/services/:id', {
    config: { permission: ['service_read', 'appointment_read'] },
    schema: { tags, params: idParams, response: { 200: ok } },
    handler: async (req) => ({ success: true as const, data: await getService(deps, callerOf(req), req.params.id) }),
  });

  app.post('/api/services', {
    config: { permission: 'service_write' },
    schema: { tags, body: serviceCreateInput, response: { 201: ok } },
    handler: async (req, reply) => {
      const data = await createService(deps, requestContext(req), callerOf(req), req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.scheduling.serviceCreated'), data });
    },
  });

  updateRoute(app, '/api/services/:id', { tags, config: { permission: 'service_write' }, body: serviceUpdateInput, record: serviceRecord, message: 'success.scheduling.serviceUpdated', methods: ['patch'] },
    (ctx, caller, id, body) => updateService(deps, ctx, caller, id, body));

  deleteRoute(app, '/api/services/:id', { tags, config: { permission: 'service_write' }, message: 'success.scheduling.serviceDeleted' },
    (ctx, caller, id) => deleteService(deps, ctx, caller, id));

  app.post('/api/services/bulk', {
    config: { permission: 'service_write' },
    schema: { tags, body: serviceBulkInput, response: { 200: okSchema(serviceBulkResult) } },
    handler: async (req) => {
      const data = await bulkServices(deps, requestContext(req), callerOf(req), req.body);
      const key = { activate: 'servicesActivated', deactivate: 'servicesDeactivated', delete: 'servicesDeleted' }[data.action];
      return { success: true as const, message: t(req, `success.scheduling.${key}`, { count: data.count }), data };
    },
  });
}
