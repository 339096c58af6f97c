import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import { departmentInput, departmentListItem, departmentListQuery, departmentRecord, departmentUpdateInput } from '../schemas/department.js';
import { route } from './route.js';

const tags = ['departments'];
const readers = 'department_read';
const writers = 'department_write';
const one = okSchema(departmentRecord);

export const departmentRoutes = {
  list: route({ method: 'GET', path: '/api/departments', access: readers, tags, query: departmentListQuery, response: { 200: listSchema(departmentListItem) } }),
  get: route({ method: 'GET', path: '/api/departments/:id', access: readers, tags, params: idParams, response: { 200: one } }),
  create: route({ method: 'POST', path: '/api/departments', access: writers, tags, body: departmentInput, response: { 201: one } }),
  update: route({ method: 'PUT', path: '/api/departments/:id', access: writers, tags, params: idParams, body: departmentUpdateInput, response: { 200: one } }),
  remove: route({ method: 'DELETE', path: '/api/departments/:id', access: writers, tags, params: idParams, response: { 200: messageOnlySchema } }),
};
