import { auditEntry, auditFilters, auditListQuery } from '../schemas/audit.js';
import { listSchema, okSchema } from '../schemas/common.js';
import { route } from './route.js';

const tags = ['audit'];

/** The audit trail: who changed or opened what, and the values its filters offer. */
export const auditRoutes = {
  list: route({ method: 'GET', path: '/api/audit', access: 'audit_read', tags, query: auditListQuery, response: { 200: listSchema(auditEntry) } }),
  filters: route({ method: 'GET', path: '/api/audit/filters', access: 'audit_read', tags, response: { 200: okSchema(auditFilters) } }),
};
