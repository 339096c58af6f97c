import { z } from 'zod';
import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import { permissionEntry, roleCreateInput, roleListQuery, roleRecord, roleUpdateInput } from '../schemas/role.js';
import { route } from './route.js';

const tags = ['roles'];
/** Reading roles is also open to whoever assigns them to users. */
const listReaders = ['role_read', 'role_write', 'user_read', 'user_create', 'user_update'] as const;
const readers = ['role_read', 'role_write'] as const;
const writers = 'role_write';
const one = okSchema(roleRecord);

/** Roles and the permission catalogue. */
export const roleRoutes = {
  list: route({ method: 'GET', path: '/api/roles', access: listReaders, tags, query: roleListQuery, response: { 200: listSchema(roleRecord) } }),
  get: route({ method: 'GET', path: '/api/roles/:id', access: readers, tags, params: idParams, response: { 200: one } }),
  create: route({ method: 'POST', path: '/api/roles', access: writers, stepUp: true, tags, body: roleCreateInput, response: { 201: one } }),
  update: route({ method: 'PUT', path: '/api/roles/:id', access: writers, stepUp: true, tags, params: idParams, body: roleUpdateInput, response: { 200: one } }),
  remove: route({ method: 'DELETE', path: '/api/roles/:id', access: writers, stepUp: true, tags, params: idParams, response: { 200: messageOnlySchema } }),
  /** Every permission with the area it belongs to (the role editor groups them). */
  permissions: route({ method: 'GET', path: '/api/permissions', access: readers, tags, response: { 200: okSchema(z.array(permissionEntry)) } }),
};
