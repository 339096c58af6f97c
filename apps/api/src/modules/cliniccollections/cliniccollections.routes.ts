import {
  clinicCollectionInput, clinicCollectionListItem, clinicCollectionListQuery, clinicCollectionRecord, clinicCollectionUpdateInput, idParams, listSchema, okSchema,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { deleteRoute, updateRoute } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { callerOf } from '../../plugins/auth.js';
import { createComplex, deleteComplex, getComplex, listComplexes, updateComplex } from './cliniccollections.service.js';

/** Medical complexes, under the spec's path /cliniccollections. */
export function clinicCollectionRoutes(app: App, deps: Deps) {
  const tags = ['medical complexes'];

  app.get('/api/cliniccollections', {
    config: { permission: 'complex_read' },
    schema: { tags, querystring: clinicCollectionListQuery, response: { 200: listSchema(clinicCollectionListItem) } },
    handler: async (req) => {
      const { data, total } = await listComplexes(deps, callerOf(req), req.query);
      return listEnvelope(data, req.query, total);
    },
  });

  app.get('/api/cliniccollections/:id', {
    config: { permission: 'complex_read' },
    schema: { tags, params: idParams, response: { 200: okSchema(clinicCollectionRecord) } },
    handler: async (req) => ({ success: true as const, data: await getComplex(deps, callerOf(req), req.params.id) }),
  });

  app.post('/api/cliniccollections', {
    config: { permission: 'complex_write' },
    schema: { tags, body: clinicCollectionInput, response: { 201: okSchema(clinicCollectionRecord) } },
    handler: async (req, reply) => {
      const data = await createComplex(deps, requestContext(req), callerOf(req), req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.org.complexCreated'), data });
    },
  });

  updateRoute(app, '/api/cliniccollections/:id', { tags, config: { permission: 'complex_write' }, body: clinicCollectionUpdateInput, record: clinicCollectionRecord, message: 'success.org.complexUpdated' },
    (ctx, caller, id, body) => updateComplex(deps, ctx, caller, id, body));

  deleteRoute(app, '/api/cliniccollections/:id', { tags, config: { permission: 'complex_write' }, message: 'success.org.complexDeleted' },
    (ctx, caller, id) => deleteComplex(deps, ctx, caller, id));
}
