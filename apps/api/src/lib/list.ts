import { asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { buildPagination, LIST_COUNT_MIN, listCountCap, pageWindow, SEARCH_COUNT_MIN } from '@clinic/shared';

/** Escapes LIKE wildcards so a search for "50%" finds the text, not everything. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function orderBy(columns: AnyPgColumn[], order: 'asc' | 'desc'): SQL[] {
  return columns.map((c) => (order === 'asc' ? asc(c) : desc(c)));
}

/**
 * A list's active filter: `isActive`, else `status` where the list has one, else a boolean `filter_fields.isActive`;
 * undefined when none is given.
 */
export function activeFilter(q: {
  isActive?: boolean | undefined;
  status?: boolean | undefined;
  filter_fields?: Record<string, unknown> | undefined;
}): boolean | undefined {
  const fromFields = q.filter_fields?.isActive;
  return q.isActive ?? q.status ?? (typeof fromFields === 'boolean' ? fromFields : undefined);
}

/** What a list's search looks in: a column holding the text, or a condition made from the escaped LIKE pattern. */
export type SearchTarget = AnyPgColumn | ((pattern: unknown) => SQL);

/** The values that are given (`undefined` ones dropped): which ones are present makes a prepared list's shape. */
export function presentValues<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/** The values of the filters every list of a company's records starts with (see `listWhere`). */
export function listValues(companyId: string, q: Parameters<typeof activeFilter>[0] & { search?: string | undefined }, on: { isActive?: AnyPgColumn }) {
  return {
    companyId,
    ...presentValues({ pattern: q.search ? likePattern(q.search) : undefined, isActive: on.isActive ? activeFilter(q) : undefined }),
  };
}

/**
 * The filters every list of a company's records starts with, over `listValues`: the company's own rows, then, when
 * given, the search (the text in any of `searchIn`, its wildcards taken as text) and the active filter on `isActive`.
 * `value(key)` is each value itself, or in a prepared statement its placeholder.
 */
export function listWhere(
  company: AnyPgColumn,
  v: ReturnType<typeof listValues>,
  value: (key: 'companyId' | 'pattern' | 'isActive') => unknown,
  on: { searchIn: SearchTarget[]; isActive?: AnyPgColumn },
): SQL[] {
  const where: SQL[] = [eq(company, value('companyId'))];
  if (v.pattern !== undefined) {
    const p = value('pattern');
    where.push(or(...on.searchIn.map((target) => (typeof target === 'function' ? target(p) : ilike(target, p as string))))!);
  }
  if (on.isActive && v.isActive !== undefined) where.push(eq(on.isActive, value('isActive')));
  return where;
}

/** `listWhere` with the values themselves (a statement built for this request). */
export function listFilters(
  company: AnyPgColumn,
  companyId: string,
  q: Parameters<typeof activeFilter>[0] & { search?: string | undefined },
  on: { searchIn: SearchTarget[]; isActive?: AnyPgColumn },
): SQL[] {
  const v = listValues(companyId, q, on);
  return listWhere(company, v, (key) => v[key], on);
}

/** A placeholder of a prepared statement (see `prepared`), filled from the values it is executed with. */
export const placeholder = (name: string) => sql.placeholder(name);

/**
 * A prepared page's offset: its placeholder, or none on the first page. With `offset $n` PostgreSQL's generic plan
 * guesses a tenth of the rows skipped, so it keeps planning each first page afresh (about 1 ms for a calendar's
 * week) where the statement without an offset runs its kept plan. Whether there is one belongs in the shape's key.
 */
export const offsetOf = (offset: number) => (offset ? placeholder('offset') : 0);

/** The orders every list of named records offers: by creation (`_id`, the default), public id, name, active flag. */
export function namedListSorts(t: Record<'createdAt' | 'id' | 'publicId' | 'name' | 'isActive', AnyPgColumn>) {
  return {
    _id: [t.createdAt, t.id],
    publicId: [t.publicId],
    name: [t.name, t.id],
    isActive: [t.isActive, t.id],
    createdAt: [t.createdAt, t.id],
  };
}

/** A list's total: exact, or a lower bound when counting stopped at the cap. */
export interface ListTotal {
  total: number;
  exact: boolean;
}

export function listEnvelope<T>(rows: T[], q: { page: number; limit: number; allData?: boolean | undefined }, total: number | ListTotal) {
  const w = pageWindow(q);
  const t = typeof total === 'number' ? { total, exact: true } : total;
  return { success: true as const, data: rows, pagination: buildPagination(w.page, w.limit, t.total, t.exact) };
}

/** The total a page tells by itself (it is not full, and not past the end), or null when it must be counted. */
function totalOfPage(rowsOnPage: number, w: { offset: number; limit: number }): number | null {
  return rowsOnPage < w.limit && (rowsOnPage > 0 || w.offset === 0) ? w.offset + rowsOnPage : null;
}

/** The exact total of a small list (clinics, staff), counted only when the page cannot tell it. */
export async function exactTotal(rowsOnPage: number, w: { offset: number; limit: number }, count: () => Promise<number>): Promise<number> {
  return totalOfPage(rowsOnPage, w) ?? (await count());
}

/**
 * The total for a page of a large list, counting as little as possible: a page that is not full tells the total by
 * itself; otherwise `count(cap)` counts matches up to `cap` rows (see `listCountCap`) and the total is exact below it.
 */
export async function pageTotal(
  rowsOnPage: number,
  w: { offset: number; limit: number },
  count: (cap: number) => Promise<number>,
  opts: { searching?: boolean } = {},
): Promise<ListTotal> {
  const told = totalOfPage(rowsOnPage, w);
  if (told !== null) return { total: told, exact: true };
  return countedTotal(w, count, opts);
}

/** The total counted as `pageTotal` counts it (up to the cap for this window), whatever the page holds. */
export async function countedTotal(
  w: { offset: number; limit: number },
  count: (cap: number) => Promise<number>,
  opts: { searching?: boolean } = {},
): Promise<ListTotal> {
  const cap = listCountCap(w, opts.searching ? SEARCH_COUNT_MIN : LIST_COUNT_MIN);
  const n = await count(cap + 1);
  return n > cap ? { total: cap, exact: false } : { total: n, exact: true };
}

/**
 * Where to read a page in a list of `total` rows from its far end (the order reversed, then the rows put back), when
 * that end is nearer: a last page then walks as few rows as a first. Null when the near end is as near, or the page
 * is past the end.
 */
export function windowFromEnd(w: { offset: number; limit: number }, total: number): { offset: number; limit: number } | null {
  const remaining = total - w.offset;
  if (remaining <= 0) return null;
  const fromEnd = Math.max(0, remaining - w.limit);
  return fromEnd < w.offset ? { offset: fromEnd, limit: Math.min(w.limit, remaining) } : null;
}
