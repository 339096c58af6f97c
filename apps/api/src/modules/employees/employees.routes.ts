import { employeeListQuery, listSchema, userListItem } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { listEnvelope } from '../../lib/list.js';
import { callerOf } from '../../plugins/auth.js';
import { listEmployees } from './employees.service.js';

export function employeeRoutes(app: App, deps: Deps) {
  app.get('/api/employees', {
    config: { permission: ['employee_read', 'user_read'] },
    schema: { tags: ['employees'], querystring: employeeListQuery, response: { 200: listSchema(userListItem) } },
    handler: async (req) => {
      const { data, total } = await listEmployees(deps, callerOf(req), req.query);
      return listEnvelope(data, req.query, total);
    },
  });
}
