import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { serveDelete, serveUpdate } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { createDepartment, deleteDepartment, getDepartment, listDepartments, updateDepartment } from './departments.service.js';

const r = routes.departments;

export function departmentRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listDepartments(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });

  serve(app, r.get, async (req) => ({ success: true as const, data: await getDepartment(deps, callerOf(req), req.params.id) }));

  serve(app, r.create, async (req, reply) => {
    const data = await createDepartment(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.org.departmentCreated'), data });
  });

  serveUpdate(app, r.update, 'success.org.departmentUpdated', (ctx, caller, id, body) => updateDepartment(deps, ctx, caller, id, body));

  serveDelete(app, r.remove, 'success.org.departmentDeleted', (ctx, caller, id) => deleteDepartment(deps, ctx, caller, id));
}
