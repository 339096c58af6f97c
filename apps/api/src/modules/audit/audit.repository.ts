/** Every query of the audit trail. All of them are scoped by company; nothing here updates or deletes an entry. */
import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditListQuery } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { auditLog, employees, encounterDiagnoses, orders, patientMedications, patientProblems, prescriptions } from '../../db/schema/index.js';
import { joinOn, maskedFor, sensitiveEncounter, sensitiveNote } from '../encounters/index.js';
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

/** The clinical records whose audit entries may not name their encounter, and where each keeps it. */
const encounterOf = {
  prescription: { table: prescriptions, id: prescriptions.id, companyId: prescriptions.companyId, encounterId: prescriptions.encounterId },
  order: { table: orders, id: orders.id, companyId: orders.companyId, encounterId: orders.encounterId },
  encounter_diagnosis: { table: encounterDiagnoses, id: encounterDiagnoses.id, companyId: encounterDiagnoses.companyId, encounterId: encounterDiagnoses.encounterId },
  patient_medication: { table: patientMedications, id: patientMedications.id, companyId: patientMedications.companyId, encounterId: patientMedications.encounterId },
  patient_problem: { table: patientProblems, id: patientProblems.id, companyId: patientProblems.companyId, encounterId: patientProblems.sourceEncounterId },
} as const;
export type RecordedAtEncounter = keyof typeof encounterOf;
export const RECORDED_AT_ENCOUNTER = Object.keys(encounterOf) as RecordedAtEncounter[];

/** The encounter each of these records (ids of one kind, a page's worth) was recorded at, where it has one. */
export async function findEncountersOf(db: Db, companyId: string, kind: RecordedAtEncounter, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const t = encounterOf[kind];
  const rows = await db.select({ id: t.id, encounterId: t.encounterId }).from(t.table).where(and(eq(t.companyId, companyId), inArray(t.id, ids)));
  return new Map(rows.flatMap((r) => (r.encounterId ? [[r.id, r.encounterId] as [string, string]] : [])));
}

/** Of these encounters (a page's worth), those whose sensitive note `viewerId` may not read (maskedFor). */
export async function findMaskedEncounters(db: Db, companyId: string, encounterIds: string[], viewerId: string): Promise<Set<string>> {
  if (encounterIds.length === 0) return new Set();
  const rows = await db.select({ id: sensitiveEncounter.id }).from(sensitiveEncounter)
    .innerJoin(sensitiveNote, joinOn.note(sensitiveEncounter.companyId, sensitiveEncounter.id))
    .where(and(eq(sensitiveEncounter.companyId, companyId), inArray(sensitiveEncounter.id, encounterIds), maskedFor(viewerId)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The encounter other entries of the same records name (their creation or removal, say), for records no longer there
 * to be looked up: `[entity id, encounter id]` pairs, a page's worth of ids of one kind.
 */
export async function findEncountersNamedInLog(db: Db, companyId: string, kind: RecordedAtEncounter, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const named = sql<string | null>`coalesce(${auditLog.changes}->>'encounterId', ${auditLog.changes}->>'encounter', ${auditLog.changes}->'after'->>'encounter', ${auditLog.changes}->'before'->>'encounter')`;
  const rows = await db.selectDistinct({ id: auditLog.entityId, encounterId: named }).from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.entity, kind), inArray(auditLog.entityId, ids), sql`${named} is not null`));
  return new Map(rows.flatMap((r) => (r.id && r.encounterId ? [[r.id, r.encounterId] as [string, string]] : [])));
}
