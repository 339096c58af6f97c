import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { serveDelete, serveUpdate } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import {
  createSpecialization, deleteSpecialization, getSpecialization, listSpecializations, updateSpecialization,
} from './specializations.service.js';

const r = routes.specializations;

export function specializationRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listSpecializations(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });

  serve(app, r.get, async (req) => ({ success: true as const, data: await getSpecialization(deps, callerOf(req), req.params.id) }));

  serve(app, r.create, async (req, reply) => {
    const data = await createSpecialization(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.scheduling.specialityCreated'), data });
  });

  for (const spec of [r.update, r.patch]) {
    serveUpdate(app, spec, 'success.scheduling.specialityUpdated', (ctx, caller, id, body) => updateSpecialization(deps, ctx, caller, id, body));
  }

  serveDelete(app, r.remove, 'success.scheduling.specialityDeleted', (ctx, caller, id) => deleteSpecialization(deps, ctx, caller, id));
}
