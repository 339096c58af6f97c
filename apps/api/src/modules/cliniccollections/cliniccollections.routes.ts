import {
  clinicCollectionInput, clinicCollectionListItem, clinicCollectionListQuery, clinicCollectionRecord, clinicCollectionUpdateInput, idParams,
  listSchema, messageOnlySchema, okSchema,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
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

  app.put('/api/cliniccollections/:id', {
    config: { permission: 'complex_write' },
    schema: { tags, params: idParams, body: clinicCollectionUpdateInput, response: { 200: okSchema(clinicCollectionRecord) } },
    handler: async (req) => ({
      success: true as const,
      message: t(req, 'success.org.complexUpdated'),
      data: await updateComplex(deps, requestContext(req), callerOf(req), req.params.id, req.body),
    }),
  });

  app.delete('/api/cliniccollections/:id', {
    config: { permission: 'complex_write' },
    schema: { tags, params: idParams, response: { 200: messageOnlySchema } },
    handler: async (req) => {
      await deleteComplex(deps, requestContext(req), callerOf(req), req.params.id);
      return { success: true as const, message: t(req, 'success.org.complexDeleted') };
    },
  });
}
