import { z } from 'zod';
import {
  idParams, listSchema, messageOnlySchema, okSchema, permissionEntry, roleCreateInput, roleListQuery, roleRecord, roleUpdateInput,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { createRole, deleteRole, getRole, listRoles, permissionCatalogue, updateRole } from './roles.service.js';

/** Roles and the permission catalogue. Reading roles is also open to whoever assigns them to users. */
export function roleRoutes(app: App, deps: Deps) {
  app.get('/api/roles', {
    config: { permission: ['role_read', 'role_write', 'user_read', 'user_create', 'user_update'] },
    schema: { tags: ['roles'], querystring: roleListQuery, response: { 200: listSchema(roleRecord) } },
    handler: async (req) => {
      const { data, total } = await listRoles(deps, callerOf(req), req.query);
      return listEnvelope(data, req.query, total);
    },
  });

  app.get('/api/roles/:id', {
    config: { permission: ['role_read', 'role_write'] },
    schema: { tags: ['roles'], params: idParams, response: { 200: okSchema(roleRecord) } },
    handler: async (req) => ({ success: true as const, data: await getRole(deps, callerOf(req).companyId, req.params.id) }),
  });

  app.post('/api/roles', {
    config: { permission: 'role_write' },
    schema: { tags: ['roles'], body: roleCreateInput, response: { 201: okSchema(roleRecord) } },
    handler: async (req, reply) => {
      const caller = callerOf(req);
      const id = await createRole(deps, requestContext(req), caller, req.body);
      reply.status(201);
      return { success: true as const, message: t(req, 'success.roleCreated'), data: await getRole(deps, caller.companyId, id) };
    },
  });

  app.put('/api/roles/:id', {
    config: { permission: 'role_write' },
    schema: { tags: ['roles'], params: idParams, body: roleUpdateInput, response: { 200: okSchema(roleRecord) } },
    handler: async (req) => ({
      success: true as const,
      message: t(req, 'success.roleUpdated'),
      data: await updateRole(deps, requestContext(req), callerOf(req), req.params.id, req.body),
    }),
  });

  app.delete('/api/roles/:id', {
    config: { permission: 'role_write' },
    schema: { tags: ['roles'], params: idParams, response: { 200: messageOnlySchema } },
    handler: async (req) => {
      await deleteRole(deps, requestContext(req), callerOf(req), req.params.id);
      return { success: true as const, message: t(req, 'success.roleDeleted') };
    },
  });

  app.get('/api/permissions', {
    config: { permission: ['role_read', 'role_write'] },
    schema: { tags: ['roles'], response: { 200: okSchema(z.array(permissionEntry)) } },
    handler: async () => ({ success: true as const, data: permissionCatalogue() }),
  });
}
