import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import {
  employeeCreateInput, employeeListItem, employeeRecord, employeeStats, employeeStatsQuery, employeeUpdateInput,
} from '../schemas/employee.js';
import { employeeListQuery } from '../schemas/user.js';
import { route } from './route.js';

const tags = ['employees'];
/** Doctors, staff and user accounts are all employees: reading needs employee_read or user_read. */
const readers = ['employee_read', 'user_read'] as const;
const one = okSchema(employeeRecord);

/**
 * Doctors, staff and user accounts. Writing needs employee_write or the matching user_* permission; anything that
 * touches a sign-in account needs the user_* permission itself (checked by the API). The create and the full edit are
 * multipart forms (fields flattened as `name[i][key]`; files `image`, `picture`, `documents[kind][file]`) or JSON.
 */
export const employeeRoutes = {
  list: route({ method: 'GET', path: '/api/employees', access: readers, tags, query: employeeListQuery, response: { 200: listSchema(employeeListItem) } }),
  get: route({ method: 'GET', path: '/api/employees/:id', access: readers, tags, params: idParams, response: { 200: one } }),
  stats: route({
    method: 'GET', path: '/api/employees/:id/stats', access: ['employee_read', 'appointment_read'], tags, params: idParams, query: employeeStatsQuery,
    response: { 200: okSchema(employeeStats) },
  }),
  create: route({
    method: 'POST', path: '/api/employees', access: ['employee_write', 'user_create'], tags, body: 'form-data', jsonBody: employeeCreateInput,
    response: { 201: one },
  }),
  /** The full edit, or `{ isActive, version }` alone for the status switch. */
  update: route({
    method: 'PUT', path: '/api/employees/:id', access: ['employee_write', 'user_update'], tags, params: idParams, body: 'form-data',
    jsonBody: employeeUpdateInput, response: { 200: one },
  }),
  remove: route({ method: 'DELETE', path: '/api/employees/:id', access: ['employee_write', 'user_delete'], tags, params: idParams, response: { 200: messageOnlySchema } }),
};
