import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import {
  specializationCreateInput, specializationDetails, specializationListQuery, specializationRecord, specializationUpdateInput,
} from '../schemas/specialization.js';
import { route } from './route.js';

const tags = ['specializations'];
/** Forms of other areas (employees, clinics) list specialities for their selects. */
const readers = ['speciality_read', 'employee_read', 'clinic_read'] as const;
const writers = 'speciality_write';
const one = okSchema(specializationDetails);

/** Medical specialities: the example every area's contract follows (list, one, create, change, remove). */
export const specializationRoutes = {
  list: route({ method: 'GET', path: '/api/specializations', access: readers, tags, query: specializationListQuery, response: { 200: listSchema(specializationRecord) } }),
  get: route({ method: 'GET', path: '/api/specializations/:id', access: readers, tags, params: idParams, response: { 200: one } }),
  create: route({ method: 'POST', path: '/api/specializations', access: writers, tags, body: specializationCreateInput, response: { 201: one } }),
  update: route({ method: 'PUT', path: '/api/specializations/:id', access: writers, tags, params: idParams, body: specializationUpdateInput, response: { 200: one } }),
  patch: route({ method: 'PATCH', path: '/api/specializations/:id', access: writers, tags, params: idParams, body: specializationUpdateInput, response: { 200: one } }),
  remove: route({ method: 'DELETE', path: '/api/specializations/:id', access: writers, tags, params: idParams, response: { 200: messageOnlySchema } }),
};
