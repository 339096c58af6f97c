import { CLINICAL_AUDIT_ENTITIES, hasPermission, pageWindow, REDACTED_CLINICAL, REDACTED_SENSITIVE, type AuditEntry, type AuditListQuery } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { StoredAcknowledgement } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { acknowledgementsFor } from '../prescriptions/index.js';
import { findAuditFilterValues, findAuditPage, findEncountersNamedInLog, findEncountersOf, findMaskedEncounters, RECORDED_AT_ENCOUNTER } from './audit.repository.js';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The entries a sensitive encounter masks: its own, and those of what the record masks at it (not vitals or allergies). */
const maskable = new Set<string>(['encounter', 'encounter_note', ...RECORDED_AT_ENCOUNTER]);
const uuidOr = (v: unknown): string | null => (typeof v === 'string' && UUID.test(v) ? v : null);

/** The encounter an entry's changes name (as `encounterId`, `encounter`, or in `after`/`before`), if any. */
function encounterNamed(changes: unknown): string | null {
  if (!changes || typeof changes !== 'object') return null;
  const c = changes as { encounterId?: unknown; encounter?: unknown; after?: { encounter?: unknown }; before?: { encounter?: unknown } };
  return uuidOr(c.encounterId) ?? uuidOr(c.encounter) ?? uuidOr(c.after?.encounter) ?? uuidOr(c.before?.encounter);
}

/**
 * The entries (by index) of a page whose clinical content was recorded at a sensitive encounter `viewerId` may not
 * read: an encounter's and its note's own entries, and those of what was recorded at it (diagnoses, the problems they
 * made, prescriptions, orders and their results, medications), found by the encounter the entry names or, failing
 * that, the one the record keeps, or the one its other entries name (a record removed since). A page's worth of rows:
 * at most two statements per kind of record and one more.
 */
async function sensitiveEntries(
  db: Db, companyId: string, viewerId: string, entries: Array<{ entity: string; action: string; entityId: string | null; changes: unknown }>,
): Promise<{ entries: Set<number>; encounters: Set<string> }> {
  // A break-the-glass entry stays readable: its reason is what an administrator reviews the opening by.
  const encounterAt = entries.map((e) => (!maskable.has(e.entity) || e.action === 'break_glass' ? null
    : e.entity === 'encounter' || e.entity === 'encounter_note' ? uuidOr(e.entityId) : encounterNamed(e.changes)));
  for (const kind of RECORDED_AT_ENCOUNTER) {
    const wanted = entries.flatMap((e, i) => (e.entity === kind && !encounterAt[i] && uuidOr(e.entityId) ? [e.entityId!] : []));
    if (wanted.length === 0) continue;
    const found = await findEncountersOf(db, companyId, kind, [...new Set(wanted)]);
    // A record removed since (a diagnosis taken off the visit) is found by what its other entries name.
    const gone = [...new Set(wanted.filter((id) => !found.has(id)))];
    const named = await findEncountersNamedInLog(db, companyId, kind, gone);
    entries.forEach((e, i) => { if (e.entity === kind && !encounterAt[i]) encounterAt[i] = found.get(e.entityId ?? '') ?? named.get(e.entityId ?? '') ?? null; });
  }
  // A merge's folded rows (a problem a sensitive visit's diagnosis made) name theirs.
  const folded = entries.flatMap((e) => foldedRowsOf(e).map(foldedEncounter)).filter((id): id is string => id !== null);
  const masked = await findMaskedEncounters(db, companyId, [...new Set([...encounterAt.filter((id): id is string => id !== null), ...folded])], viewerId);
  return { entries: new Set(encounterAt.flatMap((id, i) => (id && masked.has(id) ? [i] : []))), encounters: masked };
}

type FoldedRow = Record<string, unknown>;
/** The rows a merge entry folded (allergies, problems), each as the database returned it (its column names). */
function foldedRowsOf(e: { entity: string; action: string; changes: unknown }): FoldedRow[] {
  if (e.entity !== 'patient' || e.action !== 'merge' || !e.changes || typeof e.changes !== 'object') return [];
  const rows = (e.changes as { foldedRows?: unknown }).foldedRows;
  if (!rows || typeof rows !== 'object') return [];
  return Object.values(rows).flatMap((list) => (Array.isArray(list) ? list.filter((r): r is FoldedRow => Boolean(r) && typeof r === 'object') : []));
}
const foldedEncounter = (row: FoldedRow): string | null => uuidOr(row.source_encounter_id) ?? uuidOr(row.encounter_id);

/** A merge entry's changes with each folded row of a masked encounter withheld. */
function withoutMaskedFolds(changes: unknown, masked: Set<string>): unknown {
  const c = changes as { foldedRows?: Record<string, unknown> };
  if (!c.foldedRows || typeof c.foldedRows !== 'object') return changes;
  const foldedRows = Object.fromEntries(Object.entries(c.foldedRows).map(([kind, list]) => [kind, Array.isArray(list)
    ? list.map((row: FoldedRow) => { const id = row && typeof row === 'object' ? foldedEncounter(row) : null; return id && masked.has(id) ? REDACTED_SENSITIVE : row; })
    : list]));
  return { ...c, foldedRows };
}

/** The acknowledgements an issued prescription's entry keeps, if it is one. */
function acknowledgementsOf(entry: { entity: string; action: string; changes: unknown }): StoredAcknowledgement[] | null {
  if (entry.entity !== 'prescription' || entry.action !== 'issue' || !entry.changes || typeof entry.changes !== 'object') return null;
  const list = (entry.changes as { acknowledgements?: unknown }).acknowledgements;
  return Array.isArray(list) && list.length > 0 ? (list as StoredAcknowledgement[]) : null;
}

/** The company's audit trail, newest first. Read-only: nothing in the API updates or deletes it. */
export async function listAudit(deps: Deps, caller: Caller, q: AuditListQuery) {
  const { rows, total } = await findAuditPage(deps.db, caller.companyId, q, pageWindow(q));
  const clinical = hasPermission(caller.permissions, 'clinical_read');
  // A clinician reads clinical content, except what a sensitive encounter recorded that is not theirs to read.
  const sensitive = clinical
    ? await sensitiveEntries(deps.db, caller.companyId, caller.id, rows.map(({ entry }) => ({ entity: entry.entity, action: entry.action, entityId: entry.entityId, changes: entry.changes })))
    : { entries: new Set<number>(), encounters: new Set<string>() };
  // An issue's acknowledgements name the medications a new drug duplicated: one masked for the caller is not named.
  const issued = clinical ? rows.flatMap(({ entry }, i) => {
    const list = sensitive.entries.has(i) ? null : acknowledgementsOf(entry);
    return list ? [{ i, list }] : [];
  }) : [];
  const acks = new Map((await acknowledgementsFor(deps.db, caller.companyId, caller.id, issued.map((x) => x.list))).map((list, n) => [issued[n]!.i, list]));
  const shown = (entry: (typeof rows)[number]['entry'], i: number): unknown => {
    if (sensitive.entries.has(i) && entry.changes != null) return REDACTED_SENSITIVE;
    const changes = visibleChanges(entry.entity, entry.action, entry.changes ?? null, clinical);
    if (acks.has(i)) return { ...(changes as object), acknowledgements: acks.get(i) };
    return clinical && sensitive.encounters.size > 0 && entry.entity === 'patient' && entry.action === 'merge' ? withoutMaskedFolds(changes, sensitive.encounters) : changes;
  };
  const data: AuditEntry[] = rows.map(({ entry, actorName }, i) => ({
    _id: String(entry.id),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    actor: entry.actorId ? { _id: entry.actorId, name: actorName ?? '' } : null,
    changes: shown(entry, i),
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
