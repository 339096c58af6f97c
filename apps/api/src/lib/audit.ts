import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import { placeholder as ph } from './list.js';
import { prepared } from './prepared.js';
import type { RequestContext } from './request-context.js';

export interface AuditEntry {
  companyId: string | null;
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  changes?: unknown;
}

/** The audit row's insert, built once per database (see `prepared`): every patient read and every change writes one. */
function auditInsert(db: Db) {
  return prepared(db, 'audit.insert', (name) => db.insert(auditLog).values({
    companyId: ph('companyId'),
    actorId: ph('actorId'),
    action: ph('action'),
    entity: ph('entity'),
    entityId: ph('entityId'),
    // Given as text (or null), so an entry without changes stores NULL rather than JSON null.
    changes: sql`${ph('changes')}::jsonb`,
    ip: ph('ip'),
    userAgent: ph('userAgent'),
    requestId: ph('requestId'),
  }).prepare(name));
}

/** Appends to the audit log with the address, user agent and id of the request the context belongs to. */
export async function recordAudit(db: Db, ctx: RequestContext | null, entry: AuditEntry): Promise<void> {
  await auditInsert(db).execute({
    companyId: entry.companyId,
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    changes: entry.changes === undefined || entry.changes === null ? null : JSON.stringify(entry.changes),
    ip: ctx?.ip ?? null,
    userAgent: ctx?.userAgent ?? null,
    // Only a safe token is stored, whatever produced the request's id.
    requestId: ctx?.requestId ?? null,
  });
}

/**
 * The audit log's record of an update: the fields of `after` whose value differs from `before` (compared as JSON, a
 * missing value counting as null), each with its old and new value; null when nothing changed.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}
