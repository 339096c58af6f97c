import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import {
  complexInput, complexListItem, complexListQuery, complexRecord, complexUpdateInput,
} from '../schemas/complex.js';
import { route } from './route.js';

const tags = ['medical complexes'];
const readers = 'complex_read';
const writers = 'complex_write';
const one = okSchema(complexRecord);

/** Medical complexes, under the specification's path `/cliniccollections`. */
export const complexRoutes = {
  list: route({ method: 'GET', path: '/api/cliniccollections', access: readers, tags, query: complexListQuery, response: { 200: listSchema(complexListItem) } }),
  get: route({ method: 'GET', path: '/api/cliniccollections/:id', access: readers, tags, params: idParams, response: { 200: one } }),
  create: route({ method: 'POST', path: '/api/cliniccollections', access: writers, tags, body: complexInput, response: { 201: one } }),
  update: route({ method: 'PUT', path: '/api/cliniccollections/:id', access: writers, tags, params: idParams, body: complexUpdateInput, response: { 200: one } }),
  remove: route({ method: 'DELETE', path: '/api/cliniccollections/:id', access: writers, tags, params: idParams, response: { 200: messageOnlySchema } }),
};
