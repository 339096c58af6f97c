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

/**
 * The records whose audit entries carry clinical content (readings, substances, diagnoses, drugs, results, notes):
 * their `changes` read as {@link REDACTED_CLINICAL} for a caller without `clinical_read`.
 */
export const CLINICAL_AUDIT_ENTITIES: readonly string[] = [
  'encounter', 'encounter_note', 'encounter_diagnosis', 'vital_signs', 'patient_allergy', 'patient_problem',
  'patient_medication', 'prescription', 'order',
];
/** An entry's `changes` as a caller without clinical access sees them. */
export const REDACTED_CLINICAL = { redacted: 'clinical' } as const;
/**
 * An entry's `changes` as a clinician sees them when they were recorded at another doctor's sensitive encounter that
 * the clinician holds no break-the-glass grant for (the entry itself, who and when, stays).
 */
export const REDACTED_SENSITIVE = { redacted: 'sensitive' } as const;

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
export type AuditFilters = z.infer<typeof auditFilters>;
