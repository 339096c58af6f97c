import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import { acceptedRequestId } from './request-id.js';

export interface AuditEntry {
  companyId: string | null;
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  changes?: unknown;
}

/** Appends to the audit log with the request's address, user agent and id. */
export async function recordAudit(db: Db, req: FastifyRequest | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    companyId: entry.companyId,
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    changes: entry.changes ?? null,
    ip: req?.ip ?? null,
    userAgent: req ? String(req.headers['user-agent'] ?? '').slice(0, 400) || null : null,
    // Only a safe token is stored, whatever produced the request's id.
    requestId: acceptedRequestId(req?.id),
  });
}
