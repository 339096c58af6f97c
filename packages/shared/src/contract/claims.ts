import { claimListQuery, claimRecord, claimUpdateInput } from '../schemas/billing.js';
import { idParams, listSchema, okSchema } from '../schemas/common.js';
import { route } from './route.js';

const tags = ['billing'];

/** Insurance claims: the insurers' shares of issued invoices, moved on from submitted to paid or rejected. */
export const claimRoutes = {
  list: route({ method: 'GET', path: '/api/claims', access: 'billing_read', tags, query: claimListQuery, response: { 200: listSchema(claimRecord) } }),
  update: route({ method: 'PATCH', path: '/api/claims/:id', access: 'billing_write', tags, params: idParams, body: claimUpdateInput, response: { 200: okSchema(claimRecord) } }),
};
