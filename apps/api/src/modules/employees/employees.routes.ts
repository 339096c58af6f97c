import { employeeCreateInput, employeeUpdateInput, routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { readForm } from '../../lib/multipart.js';
import { requestContext } from '../../lib/request-context.js';
import { parseOrThrow } from '../../lib/validation.js';
import { callerOf } from '../../plugins/auth.js';
import {
  EMPLOYEE_FORM, createEmployee, deleteEmployee, getEmployee, isStatusOnly, listEmployees, seesDocuments, updateEmployee,
} from './employees.service.js';
import { doctorStats } from './employees.stats.js';

const r = routes.employees;

/*
 * Doctors, staff and user accounts are all employees. Permissions: reading needs employee_read or
 * user_read; writing needs employee_write or the matching user_* permission, and anything that touches a
 * sign-in account (user name, password, roles, the status or deletion of someone who can sign in) needs
 * the user_* permission itself (checked in the service).
 */
export function employeeRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listEmployees(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });

  serve(app, r.get, async (req) => {
    const caller = callerOf(req);
    return { success: true as const, data: await getEmployee(deps, caller.companyId, req.params.id, { withDocuments: seesDocuments(caller, req.params.id) }) };
  });

  serve(app, r.stats, async (req) => {
    const caller = callerOf(req);
    await getEmployee(deps, caller.companyId, req.params.id);
    return { success: true as const, data: await doctorStats(deps.db, caller.companyId, req.params.id, req.query.period) };
  });

  serve(app, r.create, async (req, reply) => {
    const caller = callerOf(req);
    const form = await readForm(req, deps, caller, EMPLOYEE_FORM);
    let id: string;
    try {
      id = await createEmployee(deps, requestContext(req), caller, parseOrThrow(employeeCreateInput, form.body), form.files);
    } catch (err) {
      await form.discard();
      throw err;
    }
    reply.status(201);
    return { success: true as const, message: t(req, 'success.employeeCreated'), data: await getEmployee(deps, caller.companyId, id) };
  }, { schema: { description: 'Multipart (fields flattened as name[i][key]; files image, picture, documents[kind][file]) or JSON.' } });

  serve(app, r.update, async (req) => {
    const caller = callerOf(req);
    const form = await readForm(req, deps, caller, EMPLOYEE_FORM);
    try {
      const input = parseOrThrow(employeeUpdateInput, form.body);
      const data = await updateEmployee(deps, requestContext(req), caller, req.params.id, input, form.files);
      const statusOnly = isStatusOnly(input);
      const message = statusOnly ? (input.isActive ? 'success.employeeActivated' : 'success.employeeDeactivated') : 'success.employeeUpdated';
      return { success: true as const, message: t(req, message), data };
    } catch (err) {
      await form.discard();
      throw err;
    }
  }, { schema: { description: 'Full edit (multipart or JSON), or { isActive } alone for the status switch.' } });

  serve(app, r.remove, async (req) => {
    await deleteEmployee(deps, requestContext(req), callerOf(req), req.params.id);
    return { success: true as const, message: t(req, 'success.employeeDeleted') };
  });
}
