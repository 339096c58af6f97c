import { CLINICAL_AUDIT_ENTITIES, hasPermission, pageWindow, REDACTED_CLINICAL, type AuditEntry, type AuditListQuery } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { findAuditFilterValues, findAuditPage } from './audit.repository.js';

const clinicalEntities = new Set(CLINICAL_AUDIT_ENTITIES);

/**
 * What an entry's changes show this caller: clinical content (a reading, a substance, a drug, a result, the rows a merge
 * folded) only to a caller who may read clinical records; the rest of the entry (who, what, when, which record) to all.
 */
function visibleChanges(entity: string, action: string, changes: unknown, clinical: boolean): unknown {
  if (clinical || changes == null) return changes;
  if (clinicalEntities.has(entity)) return REDACTED_CLINICAL;
  if (entity === 'patient' && action === 'merge' && typeof changes === 'object' && 'foldedRows' in changes) {
    const { foldedRows: _hidden, ...rest } = changes as Record<string, unknown>;
    return rest;
  }
  return changes;
}

/** The company's audit trail, newest first. Read-only: nothing in the API updates or deletes it. */
export async function listAudit(deps: Deps, caller: Caller, q: AuditListQuery) {
  const { rows, total } = await findAuditPage(deps.db, caller.companyId, q, pageWindow(q));
  const clinical = hasPermission(caller.permissions, 'clinical_read');
  const data: AuditEntry[] = rows.map(({ entry, actorName }) => ({
    _id: String(entry.id),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    actor: entry.actorId ? { _id: entry.actorId, name: actorName ?? '' } : null,
    changes: visibleChanges(entry.entity, entry.action, entry.changes ?? null, clinical),
    ip: entry.ip,
    userAgent: entry.userAgent,
    requestId: entry.requestId,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { data, total };
}

/** Values for the audit screen's filter dropdowns, from what the company's log actually holds. */
export async function auditFilterValues(deps: Deps, caller: Caller) {
  return findAuditFilterValues(deps.db, caller.companyId);
}
