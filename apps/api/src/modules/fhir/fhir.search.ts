/**
 * FHIR search parameters as the API reads them, and the searchset Bundle it answers with. Pure.
 * Only what the CapabilityStatement lists is accepted; anything else is refused with an OperationOutcome
 * (a silently ignored filter would return more patients than the caller asked for).
 */
import { addDays, isCalendarDate, isInstantInRange, startOfLocalDay } from '@clinic/shared';
import { AppError } from '../../lib/errors.js';
import { isId } from '../../lib/validation.js';
import type { Resource } from './fhir.resources.js';

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;
/** Deepest offset a search pages to (deeper reads belong to $export). */
export const MAX_OFFSET = 10_000;
/** Parameters every search type accepts. */
export const COMMON_PARAMS = ['_id', '_count', '_offset', '_format'] as const;

export const badParameter = (name: string) => new AppError(400, 'FHIR_BAD_PARAMETER', 'errors.fhir.badParameter', { name: name.slice(0, 40) });

export type Query = Record<string, string | string[] | undefined>;

/** Every value of a parameter (repeated parameters arrive as arrays), each at most 200 characters. */
export function valuesOf(q: Query, name: string): string[] {
  const v = q[name];
  const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
  if (list.length > 4 || list.some((x) => typeof x !== 'string' || x.length > 200)) throw badParameter(name);
  return list;
}

/** The single value of a parameter, or undefined; several values are refused. */
export function valueOf(q: Query, name: string): string | undefined {
  const list = valuesOf(q, name);
  if (list.length > 1) throw badParameter(name);
  const v = list[0]?.trim();
  return v ? v : undefined;
}

/** Refuses parameters the type does not support. */
export function onlyParams(q: Query, allowed: readonly string[]): void {
  for (const name of Object.keys(q)) {
    if (!COMMON_PARAMS.includes(name as (typeof COMMON_PARAMS)[number]) && !allowed.includes(name)) {
      throw new AppError(400, 'FHIR_UNKNOWN_PARAMETER', 'errors.fhir.unknownParameter', { name: name.slice(0, 40) });
    }
  }
  const format = valueOf(q, '_format');
  if (format && !['json', 'application/json', 'application/fhir+json'].includes(format)) throw badParameter('_format');
}

export interface Page { count: number; offset: number }

export function pageOf(q: Query): Page {
  const count = intParam(q, '_count', DEFAULT_COUNT, 0, MAX_COUNT);
  const offset = intParam(q, '_offset', 0, 0, MAX_OFFSET);
  return { count, offset };
}

function intParam(q: Query, name: string, fallback: number, min: number, max: number): number {
  const v = valueOf(q, name);
  if (v === undefined) return fallback;
  if (!/^\d{1,6}$/.test(v)) throw badParameter(name);
  return Math.min(Math.max(Number(v), min), max);
}


/**
 * A reference parameter (`patient=Patient/<id>` or `patient=<id>`) as the id it names. A reference of another type
 * or an id that is not one of ours is null: the search then matches nothing, as FHIR servers answer.
 */
export function referenceParam(q: Query, name: string, type: string): string | null | undefined {
  const v = valueOf(q, name);
  if (v === undefined) return undefined;
  const m = /^(?:([A-Za-z]+)\/)?([A-Za-z0-9\-.]{1,64})$/.exec(v);
  if (!m) throw badParameter(name);
  if (m[1] && m[1] !== type) return null;
  return isId(m[2]!) ? m[2]!.toLowerCase() : null;
}

/** A token parameter (`system|code`, `|code` or `code`): its code. */
export function tokenParam(q: Query, name: string): { system?: string; code: string } | undefined {
  const v = valueOf(q, name);
  if (v === undefined) return undefined;
  const bar = v.indexOf('|');
  if (bar < 0) return { code: v };
  const code = v.slice(bar + 1);
  if (!code) throw badParameter(name);
  return { system: v.slice(0, bar) || undefined, code };
}

export interface TimeBounds { from?: Date; before?: Date }
export interface DateBounds { from?: string; before?: string }

const PREFIX = /^(eq|ge|gt|le|lt)?(.+)$/;

/**
 * Instant bounds from `date`-like parameters (`ge2026-11-01`, `lt2026-11-08T00:00:00Z`, `2026-11-24`): a day without
 * a time is the caller's company day in its time zone. `from` is inclusive, `before` exclusive.
 */
export function instantBounds(q: Query, name: string, timeZone: string): TimeBounds {
  const out: TimeBounds = {};
  const later = (d: Date) => { if (!out.from || d > out.from) out.from = d; };
  const earlier = (d: Date) => { if (!out.before || d < out.before) out.before = d; };
  for (const raw of valuesOf(q, name)) {
    const m = PREFIX.exec(raw.trim());
    if (!m) throw badParameter(name);
    const prefix = m[1] ?? 'eq';
    const text = m[2]!;
    let start: Date;
    let end: Date;
    if (isCalendarDate(text)) {
      const next = addDays(text, 1);
      start = startOfLocalDay(text, timeZone);
      end = startOfLocalDay(next, timeZone);
    } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) && isInstantInRange(text)) {
      start = new Date(text);
      end = new Date(start.getTime() + 1);
    } else {
      throw badParameter(name);
    }
    if (prefix === 'eq') { later(start); earlier(end); }
    else if (prefix === 'ge') later(start);
    else if (prefix === 'gt') later(end);
    else if (prefix === 'le') earlier(end);
    else earlier(start);
  }
  return out;
}

/** Calendar-date bounds (birth dates): the same prefixes on YYYY-MM-DD. */
export function dateBounds(q: Query, name: string): DateBounds {
  const out: DateBounds = {};
  for (const raw of valuesOf(q, name)) {
    const m = PREFIX.exec(raw.trim());
    if (!m || !isCalendarDate(m[2])) throw badParameter(name);
    const day = m[2]!;
    const next = addDays(day, 1);
    const prefix = m[1] ?? 'eq';
    const from = prefix === 'eq' || prefix === 'ge' ? day : prefix === 'gt' ? next : undefined;
    const before = prefix === 'eq' || prefix === 'le' ? next : prefix === 'lt' ? day : undefined;
    if (from && (!out.from || from > out.from)) out.from = from;
    if (before && (!out.before || before < out.before)) out.before = before;
  }
  return out;
}

/** The self / previous / next links of a searchset page, keeping the query. */
function bundleLinks(base: string, type: string, q: Query, page: Page, total: number): Array<{ relation: string; url: string }> {
  const link = (relation: string, offset: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) {
      if (k === '_offset' || k === '_count' || v === undefined) continue;
      for (const x of Array.isArray(v) ? v : [v]) params.append(k, x);
    }
    params.set('_count', String(page.count));
    params.set('_offset', String(offset));
    return { relation, url: `${base}/${type}?${params.toString()}` };
  };
  const links = [link('self', page.offset)];
  if (page.offset > 0) links.push(link('previous', Math.max(0, page.offset - page.count)));
  if (page.count > 0 && page.offset + page.count < total && page.offset + page.count <= MAX_OFFSET) links.push(link('next', page.offset + page.count));
  return links;
}

/** A searchset Bundle with the total, and self / previous / next links that keep the query. */
export function searchset(base: string, type: string, q: Query, page: Page, total: number, resources: Resource[]): Resource {
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link: bundleLinks(base, type, q, page, total),
    ...(resources.length ? { entry: resources.map((r) => ({ fullUrl: `${base}/${r.resourceType}/${r.id}`, resource: r, search: { mode: "match" } })) } : {}),
  };
}

/**
 * The same Bundle as JSON text, around entries already written as JSON (comma-separated; null or empty for none):
 * exactly what `JSON.stringify(searchset(...))` writes for those entries.
 */
export function searchsetText(base: string, type: string, q: Query, page: Page, total: number, entries: string | null): string {
  const head = `{"resourceType":"Bundle","type":"searchset","total":${JSON.stringify(total)},"link":${JSON.stringify(bundleLinks(base, type, q, page, total))}`;
  return entries ? `${head},"entry":[${entries}]}` : `${head}}`;
}
