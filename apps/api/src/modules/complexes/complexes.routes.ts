import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { serveDelete, serveUpdate } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { callerOf } from '../../plugins/auth.js';
import { createComplex, deleteComplex, getComplex, listComplexes, updateComplex } from './complexes.service.js';

const r = routes.complexes;

/** Medical complexes, under the spec's path /cliniccollections. */
export function complexRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listComplexes(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });

  serve(app, r.get, async (req) => ({ success: true as const, data: await getComplex(deps, callerOf(req), req.params.id) }));

  serve(app, r.create, async (req, reply) => {
    const data = await createComplex(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.org.complexCreated'), data });
  });

  serveUpdate(app, r.update, 'success.org.complexUpdated', (ctx, caller, id, body) => updateComplex(deps, ctx, caller, id, body));

  serveDelete(app, r.remove, 'success.org.complexDeleted', (ctx, caller, id) => deleteComplex(deps, ctx, caller, id));
}
