import {
  departmentInput, departmentListItem, departmentListQuery, departmentRecord, departmentUpdateInput, idParams, listSchema, okSchema,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { deleteRoute, updateRoute } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { createDepartment, deleteDepartment, getDepartment, listDepartments, updateDepartment } from './departments.service.js';

export function departmentRoutes(app: App, deps: Deps) {
  const tags = ['departments'];

  app.get('/api/departments', {
    config: { permission: 'department_read' },
    schema: { tags, querystring: departmentListQuery, response: { 200: listSchema(departmentListItem) } },
    handler: async (req) => {
      const { data, total } = await listDepartments(deps, callerOf(req), req.query);
      return listEnvelope(data, req.query, total);
    },
  });

  app.get('/api/departments/:id', {
    config: { permission: 'department_read' },
    schema: { tags, params: idParams, response: { 200: okSchema(departmentRecord) } },
    handler: async (req) => ({ success: true as const, data: await getDepartment(deps, callerOf(req), req.params.id) }),
  });

  app.post('/api/departments', {
    config: { permission: 'department_write' },
    schema: { tags, body: departmentInput, response: { 201: okSchema(departmentRecord) } },
    handler: async (req, reply) => {
      const data = await createDepartment(deps, requestContext(req), callerOf(req), req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.org.departmentCreated'), data });
    },
  });

  updateRoute(app, '/api/departments/:id', { tags, config: { permission: 'department_write' }, body: departmentUpdateInput, record: departmentRecord, message: 'success.org.departmentUpdated' },
    (ctx, caller, id, body) => updateDepartment(deps, ctx, caller, id, body));

  deleteRoute(app, '/api/departments/:id', { tags, config: { permission: 'department_write' }, message: 'success.org.departmentDeleted' },
    (ctx, caller, id) => deleteDepartment(deps, ctx, caller, id));
}
