/**
 * What a source of the chart is: one kind of clinical record, answering a patient's entries between bounds, newest
 * first, with one query on an index that leads with (company, patient, time). `window` writes the conditions every
 * source shares (the tenant, the patient, the range, and "after the cursor" in the chart's total order), so a source
 * is only its table, its time column and how a row becomes an entry.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CHART_KINDS, type ChartCursor, type ChartEntry, type ChartKind } from '@clinic/shared';
import type { Deps } from '../../lib/app-types.js';
import { placeholder as ph } from '../../lib/list.js';
import { prepared } from '../../lib/prepared.js';
import { qualified } from '../../lib/sql.js';

/** What the chart asks every source: the patient, the range, the cursor (entries strictly after it) and how many. */
export interface SourceQuery {
  companyId: string;
  patientId: string;
  /** Who reads (an employee id): what another doctor's sensitive encounter recorded is masked for them (placeholder `viewerId`). */
  viewerId: string;
  from: string | undefined;
  to: string | undefined;
  after: ChartCursor | undefined;
  limit: number;
}

/** An entry with its exact time (microseconds, UTC), the chart's sort key. */
export type SourceRow = ChartEntry & { key: string };

export interface ChartSource {
  kind: ChartKind;
  entries(deps: Deps, q: SourceQuery): Promise<SourceRow[]>;
}

/** The time column as ISO text with microseconds in UTC: what the cursor carries, so paging loses no precision. */
export function keyOf(at: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${qualified(at)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

type WindowColumns = { companyId: AnyPgColumn; patientId: AnyPgColumn; at: AnyPgColumn; id: AnyPgColumn };

/**
 * The conditions of a source's query: its company and patient, the range, and the rows after the cursor in the
 * chart's order (time desc, kind, id desc). Another kind at the cursor's exact time comes after it when its kind
 * sorts later; the same kind, when its id is smaller. Every value is a placeholder (see `sourcePage`).
 */
export function window(kind: ChartKind, t: WindowColumns, q: SourceQuery): SQL {
  const at = qualified(t.at);
  const parts: SQL[] = [sql`${qualified(t.companyId)} = ${ph('companyId')}`, sql`${qualified(t.patientId)} = ${ph('patientId')}`];
  if (q.from) parts.push(sql`${at} >= ${ph('from')}::timestamptz`);
  if (q.to) parts.push(sql`${at} <= ${ph('to')}::timestamptz`);
  const order = cursorOrder(kind, q);
  if (order !== null && order > 0) parts.push(sql`${at} <= ${ph('afterAt')}::timestamptz`);
  else if (order !== null && order < 0) parts.push(sql`${at} < ${ph('afterAt')}::timestamptz`);
  else if (order === 0) parts.push(sql`(${at}, ${qualified(t.id)}) < (${ph('afterAt')}::timestamptz, ${ph('afterId')}::uuid)`);
  return sql.join(parts, sql` and `);
}

/** Where this kind sorts against the cursor's kind (null without a cursor). */
function cursorOrder(kind: ChartKind, q: SourceQuery): number | null {
  return q.after ? Math.sign(CHART_KINDS.indexOf(kind) - CHART_KINDS.indexOf(q.after.kind)) : null;
}

/** What a source's query is before its limit: a select that can be limited, then prepared. */
interface Limitable<T> {
  limit(limit: ReturnType<typeof ph>): { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T[]> } };
}

/**
 * One source's page: its query (`build`, given the `window` condition) prepared once per shape of the window (which
 * range ends are given, where the cursor's kind falls) and then only executed with the request's values.
 */
export function sourcePage<T>(deps: Deps, kind: ChartKind, t: WindowColumns, q: SourceQuery, build: (where: SQL) => Limitable<T>): Promise<T[]> {
  const shape = `chart.${kind}:${Boolean(q.from)}:${Boolean(q.to)}:${cursorOrder(kind, q)}`;
  const statement = prepared(deps.db, shape, (name) => build(window(kind, t, q)).limit(ph('limit')).prepare(name));
  return statement.execute({
    companyId: q.companyId, patientId: q.patientId, viewerId: q.viewerId, from: q.from ?? null, to: q.to ?? null,
    afterAt: q.after?.at ?? null, afterId: q.after?.id ?? null, limit: q.limit,
  });
}

/** The newest first, then by id: the order of one source (its kind is constant). */
export function newestFirst(t: { at: AnyPgColumn; id: AnyPgColumn }): SQL {
  return sql`${qualified(t.at)} desc, ${qualified(t.id)} desc`;
}

/** The ISO instant (milliseconds) shown for an entry. */
export function shownAt(key: string): string {
  return `${key.slice(0, 23)}Z`;
}

/** Opens the visit's encounter when the row names one that exists, else the patient's page. */
export function encounterLink(encounterId: string | null, exists: boolean, patientId: string): ChartEntry['link'] {
  return encounterId && exists ? { page: 'encounter', id: encounterId } : { page: 'patient', id: patientId };
}

/**
 * Whether the encounter a row names exists in the same company (rows of other parts keep the id without a key). A
 * scalar subquery with a limit, read by primary key per row: an `exists` here may be planned as one hashed scan of
 * every encounter of the company.
 */
export function encounterExists(companyId: AnyPgColumn, encounterId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`coalesce((select true from encounters x where x.company_id = ${qualified(companyId)} and x.id = ${qualified(encounterId)} limit 1), false)`;
}

/** Empty text (a column's default) shown as nothing. */
export const orNull = (text: string | null | undefined): string | null => (text ? text : null);
