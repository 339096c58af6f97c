/** Every query of the audit trail. All of them are scoped by company; nothing here updates or deletes an entry. */
import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditListQuery } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { auditLog, employees } from '../../db/schema/index.js';
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

/** One page of the company's entries matching the filters, each with its actor's name, and the count the pages need. */
export async function findAuditPage(db: Db, companyId: string, q: AuditListQuery, w: { limit: number; offset: number; page: number }) {
  const where: SQL[] = [eq(auditLog.companyId, companyId)];
  if (q.actor) where.push(eq(auditLog.actorId, q.actor));
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
  if (q.action) where.push(eq(auditLog.action, q.action));
  // Dates are whole days in the company's time zone.
  const tz = sql`(select time_zone from companies where id = ${companyId})`;
  if (q.from) where.push(gte(auditLog.createdAt, sql`(${q.from}::date)::timestamp at time zone ${tz}`));
  if (q.to) where.push(lt(auditLog.createdAt, sql`(${nextDay(q.to)}::date)::timestamp at time zone ${tz}`));
  const filter = and(...where);
  const rows = await db
    .select({ entry: auditLog, actorName: employees.name })
    .from(auditLog)
    .leftJoin(employees, and(eq(employees.companyId, auditLog.companyId), eq(employees.id, auditLog.actorId)))
    .where(filter)
    .orderBy(...orderBy([...sortColumns[q.sortBy]], q.order))
    .limit(w.limit)
    .offset(w.offset);
  // The log grows with every read of a patient: count only as far as the pages shown need.
  const total = await pageTotal(rows.length, w, async (cap) => {
    const [row] = await db.select({ n: count() }).from(db.select({ one: sql`1` }).from(auditLog).where(filter).limit(cap).as('matches'));
    return row?.n ?? 0;
  });
  return { rows, total };
}

/** The entities, actions and actors the company's log holds. */
export async function findAuditFilterValues(db: Db, companyId: string) {
  const [entities, actions, actors] = await Promise.all([
    db.selectDistinct({ v: auditLog.entity }).from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(auditLog.entity),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(auditLog.action),
    db
      .selectDistinct({ _id: employees.id, name: employees.name })
      .from(auditLog)
      .innerJoin(employees, and(eq(employees.companyId, auditLog.companyId), eq(employees.id, auditLog.actorId)))
      .where(eq(auditLog.companyId, companyId))
      .orderBy(employees.name),
  ]);
  return { entities: entities.map((e) => e.v), actions: actions.map((a) => a.v), actors };
}
