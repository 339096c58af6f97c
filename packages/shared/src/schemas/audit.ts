import { z } from 'zod';
import { listQuerySchema, refSchema } from './common.js';
import { calendarDate } from './dates.js';

export const auditEntry = z.object({
  _id: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  actor: refSchema.nullable(),
  changes: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditSortFields = ['_id', 'createdAt', 'action', 'entity'] as const;
export const auditListQuery = listQuerySchema(auditSortFields).extend({
  actor: z.uuid({ error: 'validation.invalidValue' }).optional(),
  entity: z.string().max(60).optional(),
  entityId: z.string().max(100).optional(),
  action: z.string().max(60).optional(),
  from: calendarDate().optional(),
  to: calendarDate().optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditFilters = z.object({ entities: z.array(z.string()), actions: z.array(z.string()), actors: z.array(refSchema) });
