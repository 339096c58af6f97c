import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { buildPagination, pageWindow } from '@clinic/shared';

/** Escapes LIKE wildcards so a search for "50%" finds the text, not everything. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function orderBy(columns: AnyPgColumn[], order: 'asc' | 'desc'): SQL[] {
  return columns.map((c) => (order === 'asc' ? asc(c) : desc(c)));
}

export function listEnvelope<T>(rows: T[], q: { page: number; limit: number; allData?: boolean | undefined }, total: number) {
  const w = pageWindow(q);
  return { success: true as const, data: rows, pagination: buildPagination(w.page, w.limit, total) };
}
