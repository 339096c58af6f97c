import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { hasPermission, safeTimeZone, todayIn, type RouteSpec } from '@clinic/shared';
import { callerOf } from '../plugins/auth.js';
import type { App, Caller, Deps } from './app-types.js';
import { recordAudit } from './audit.js';
import { serve } from './contract-routes.js';
import { AppError } from './errors.js';
import { t } from './i18n.js';
import { requestContext, type RequestContext } from './request-context.js';

/**
 * Rows read from the database per step of an export: the server holds one batch at a time, never the whole list.
 * Tests lower it to walk many batches over a small fixture.
 */
export const exportTuning = { batchRows: 1000 };

/** One column: the message key of its header (under `exports.columns`) and its cell. */
export interface ExportColumn<T> {
  header: string;
  cell: (row: T) => unknown;
}

/** One batch of a list: its rows, and whether it is the last one. */
export interface ExportBatch<T> {
  rows: T[];
  last: boolean;
}

/**
 * An export's entry in the route contract (`routes.exports.<list>`): `GET <list>/export.csv` with the list's own read
 * access (`data_export` is required on top of it) and the list's own query schema, whose paging parameters are
 * accepted and ignored (the export is every page).
 */
export type ExportRoute<Q> = RouteSpec & { method: 'GET'; query: ZodType<Q>; response: 'file' };

export interface ExportSpec<Q, T> {
  route: ExportRoute<Q>;
  /** Audit entity and the file's name. */
  entity: string;
  columns: ExportColumn<T>[];
  /**
   * Page `page` (from 1) of `limit` rows, read with the list's own query and order. `previous` is the last row of
   * the batch before: a list whose order allows resumes right after it (keyset), so each batch costs the same
   * however deep into the list, where an offset re-reads every row before it.
   */
  batch: (deps: Deps, caller: Caller, q: Q, page: number, limit: number, previous?: T) => Promise<ExportBatch<T>>;
}

/** Cells a spreadsheet would read as a formula (or that hide one behind a tab or carriage return) start with an apostrophe. */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A cell as text: dates ISO, booleans translated, lists joined, names of references, JSON for the rest. */
export function cellText(value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? yes : no;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return neutralise(value);
  if (Array.isArray(value)) return neutralise(value.map((v) => cellText(v, yes, no)).join(', '));
  if (typeof value === 'object' && 'name' in value && typeof (value as { name: unknown }).name === 'string') return neutralise((value as { name: string }).name);
  return neutralise(JSON.stringify(value));
}

/** Exports need `data_export` as well as the list's read permission (which the route's own config checks). */
export async function requireExport(req: FastifyRequest) {
  if (!hasPermission(callerOf(req).permissions, 'data_export')) throw new AppError(403, 'FORBIDDEN', 'errors.exportForbidden');
}

/** The list's filters as the audit keeps them: what the caller asked for, without the paging. */
function filtersOf(query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (v === undefined || ['page', 'limit', 'allData'].includes(k)) continue;
    out[k] = v;
  }
  return out;
}

function fileName(entity: string, timeZone: string): string {
  return `${entity}-${todayIn(safeTimeZone(timeZone))}.csv`;
}

/**
 * Every row the list's filters (`query`, paging ignored) select, in the list's order, as UTF-8 CSV with a byte-order
 * mark (so spreadsheets open Arabic correctly) and headers in the caller's language. The rows are read in batches of
 * `exportTuning.batchRows` and written as they come, so memory stays flat however long the list. The first batch is
 * read before this returns, so a refused filter is still a 4xx envelope. The export is audited before its first row
 * goes out (with its filters, and its row count when one batch holds it all): a download cut short, or an audit row
 * the database refuses, never leaves rows sent without a trace.
 */
export async function csvExport<Q, T>(
  deps: Deps, ctx: RequestContext, caller: Caller, spec: ExportSpec<Q, T>, query: Q,
): Promise<{ fileName: string; content: Readable }> {
  const q = { ...(query as Q & object), allData: undefined, page: 1 } as Q;
  const limit = exportTuning.batchRows;
  const first = await spec.batch(deps, caller, q, 1, limit);
  const yes = t(ctx, 'exports.yes');
  const no = t(ctx, 'exports.no');
  const columns = spec.columns;
  const toRecord = (row: T) => columns.map((c) => cellText(c.cell(row), yes, no));
  const whole = first.last || first.rows.length < limit;
  await recordAudit(deps.db, ctx, {
    companyId: caller.companyId, actorId: caller.id, action: 'export', entity: spec.entity,
    changes: { filters: filtersOf(query), ...(whole ? { rows: first.rows.length } : { rowsAtLeast: first.rows.length }) },
  });

  async function* rows() {
    let batch = first;
    let page = 1;
    for (;;) {
      for (const row of batch.rows) yield toRecord(row);
      if (batch.last || batch.rows.length < limit) break;
      page += 1;
      batch = await spec.batch(deps, caller, q, page, limit, batch.rows.at(-1));
    }
  }

  const csv = stringify({ bom: true, header: true, columns: columns.map((c) => t(ctx, `exports.columns.${c.header}`)) });
  const source = Readable.from(rows());
  source.on('error', (err) => {
    ctx.log.error({ err }, 'export failed part-way');
    csv.destroy(err);
  });
  source.pipe(csv);
  return { fileName: fileName(spec.entity, caller.timeZone), content: csv };
}

/** Serves the export's contract entry (`GET <list>/export.csv`): the list as CSV (see `csvExport`). */
export function registerExport<Q, T>(app: App, deps: Deps, spec: ExportSpec<Q, T>) {
  serve(app, spec.route, async (req, reply) => {
    await requireExport(req);
    const caller = callerOf(req);
    const { fileName: name, content } = await csvExport(deps, requestContext(req), caller, spec, req.query as Q);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(content);
  }, {
    schema: { description: 'The list as CSV (UTF-8 with a byte-order mark): every row its filters select, all pages, in its order. Needs data_export.' },
  });
}
