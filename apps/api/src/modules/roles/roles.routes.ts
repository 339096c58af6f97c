import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { serveDelete, serveUpdate } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { createRole, deleteRole, getRole, listRoles, permissionCatalogue, updateRole } from './roles.service.js';

const r = routes.roles;

/** Roles and the permission catalogue. Reading roles is also open to whoever assigns them to users. */
export function roleRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listRoles(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });

  serve(app, r.get, async (req) => ({ success: true as const, data: await getRole(deps, callerOf(req).companyId, req.params.id) }));

  serve(app, r.create, async (req, reply) => {
    const caller = callerOf(req);
    const id = await createRole(deps, requestContext(req), caller, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.roleCreated'), data: await getRole(deps, caller.companyId, id) });
  });

  serveUpdate(app, r.update, 'success.roleUpdated', (ctx, caller, id, body) => updateRole(deps, ctx, caller, id, body));

  serveDelete(app, r.remove, 'success.roleDeleted', (ctx, caller, id) => deleteRole(deps, ctx, caller, id));

  serve(app, r.permissions, async () => ({ success: true as const, data: permissionCatalogue() }));
}
