import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import { serviceBulkInput, serviceBulkResult, serviceCreateInput, serviceListQuery, serviceRecord, serviceUpdateInput } from '../schemas/service.js';
import { route } from './route.js';

const tags = ['services'];
/** The booking screens list services too. */
const readers = ['service_read', 'appointment_read'] as const;
const writers = 'service_write';
const one = okSchema(serviceRecord);

export const serviceRoutes = {
  list: route({ method: 'GET', path: '/api/services', access: readers, tags, query: serviceListQuery, response: { 200: listSchema(serviceRecord) } }),
  get: route({ method: 'GET', path: '/api/services/:id', access: readers, tags, params: idParams, response: { 200: one } }),
  create: route({ method: 'POST', path: '/api/services', access: writers, tags, body: serviceCreateInput, response: { 201: one } }),
  patch: route({ method: 'PATCH', path: '/api/services/:id', access: writers, tags, params: idParams, body: serviceUpdateInput, response: { 200: one } }),
  remove: route({ method: 'DELETE', path: '/api/services/:id', access: writers, tags, params: idParams, response: { 200: messageOnlySchema } }),
  /** Activates, deactivates or deletes the selected services, all of them or none. */
  bulk: route({ method: 'POST', path: '/api/services/bulk', access: writers, tags, body: serviceBulkInput, response: { 200: okSchema(serviceBulkResult) } }),
};
