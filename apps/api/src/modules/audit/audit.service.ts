import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { pageWindow, type AuditEntry, type AuditListQuery } from '@clinic/shared';
import { auditLog, employees } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { orderBy, pageTotal } from '../../lib/list.js';

const sortColumns = {
  _id: [auditLog.id],
  createdAt: [auditLog.createdAt, auditLog.id],
  action: [auditLog.action, auditLog.id],
  entity: [auditLog.entity, auditLog.id],
} as const;

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The company's audit trail, newest first. Read-only: nothing in the API updates or deletes it. */
export async function listAudit(deps: Deps, caller: Caller, q: AuditListQuery) {
  const where: SQL[] = [eq(auditLog.companyId, caller.companyId)];
  if (q.actor) where.push(eq(auditLog.actorId, q.actor));
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
  if (q.action) where.push(eq(auditLog.action, q.action));
  // Dates are whole days in the company's time zone.
  const tz = sql`(select time_zone from companies where id = ${caller.companyId})`;
  if (q.from) where.push(gte(auditLog.createdAt, sql`(${q.from}::date)::timestamp at time zone ${tz}`));
  if (q.to) where.push(lt(auditLog.createdAt, sql`(${nextDay(q.to)}::date)::timestamp at time zone ${tz}`));
  const filter = and(...where);
  const w = pageWindow(q);
  const rows = await deps.db
    .select({ entry: auditLog, actorName: employees.name })
    .from(auditLog)
    .leftJoin(employees, and(eq(employees.companyId, auditLog.companyId), eq(employees.id, auditLog.actorId)))
    .where(filter)
    .orderBy(...orderBy([...sortColumns[q.sortBy]], q.order))
    .limit(w.limit)
    .offset(w.offset);
  // The log grows with every read of a patient: count only as far as the pages shown need.
  const total = await pageTotal(rows.length, w, async (cap) => {
    const [row] = await deps.db.select({ n: count() }).from(deps.db.select({ one: sql`1` }).from(auditLog).where(filter).limit(cap).as('matches'));
    return row?.n ?? 0;
  });
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
  const [entities, actions, actors] = await Promise.all([
    deps.db.selectDistinct({ v: auditLog.entity }).from(auditLog).where(eq(auditLog.companyId, caller.companyId)).orderBy(auditLog.entity),
    deps.db.selectDistinct({ v: auditLog.action }).from(auditLog).where(eq(auditLog.companyId, caller.companyId)).orderBy(auditLog.action),
    deps.db
      .selectDistinct({ _id: employees.id, name: employees.name })
      .from(auditLog)
      .innerJoin(employees, and(eq(employees.companyId, auditLog.companyId), eq(employees.id, auditLog.actorId)))
      .where(eq(auditLog.companyId, caller.companyId))
      .orderBy(employees.name),
  ]);
  return { entities: entities.map((e) => e.v), actions: actions.map((a) => a.v), actors };
}
