import { pageWindow, type AuditEntry, type AuditListQuery } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { findAuditFilterValues, findAuditPage } from './audit.repository.js';

/** The company's audit trail, newest first. Read-only: nothing in the API updates or deletes it. */
export async function listAudit(deps: Deps, caller: Caller, q: AuditListQuery) {
  const { rows, total } = await findAuditPage(deps.db, caller.companyId, q, pageWindow(q));
  const data: AuditEntry[] = rows.map(({ entry, actorName }) => ({
    _id: String(entry.id),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    actor: entry.actorId ? { _id: entry.actorId, name: actorName ?? '' } : null,
    changes: entry.changes ?? null,
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
