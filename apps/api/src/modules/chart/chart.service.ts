/**
 * The patient's chart: every source asked for at most one page of its newest entries after the cursor, merged in the
 * chart's order (time desc, kind, id desc); the page's last entry is the next cursor. Each source reads one index
 * range, so a page costs one short query per kind whatever the size of the record.
 */
import { CHART_KINDS, compareChartOrder, encodeChartCursor, type ChartPage, type ChartQuery } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/request-context.js';
import { requirePatient } from '../patients/index.js';
import type { SourceRow } from './source.js';
import { CHART_SOURCES } from './sources/index.js';

export async function readChart(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, query: ChartQuery): Promise<Omit<ChartPage, 'success'>> {
  await requirePatient(deps, caller, patientId);
  const kinds = query.kinds ?? [...CHART_KINDS];
  const q = { companyId: caller.companyId, patientId, viewerId: caller.id, from: query.from, to: query.to, after: query.cursor, limit: query.limit + 1 };
  const pages = await Promise.all(kinds.map((kind) => CHART_SOURCES[kind].entries(deps, q)));
  const merged = pages.flat().sort((a, b) => compareChartOrder(cursorOf(a), cursorOf(b)));
  const page = merged.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = merged.length > query.limit && last ? encodeChartCursor(cursorOf(last)) : null;
  // One read of the patient's record per request, whatever kinds it covered.
  await recordAudit(deps.db, ctx, {
    companyId: caller.companyId, actorId: caller.id, action: 'read', entity: 'patient', entityId: patientId,
    changes: { part: 'chart', kinds: query.kinds ?? 'all', entries: page.length },
  });
  return { data: page.map(({ key: _key, ...entry }) => entry), nextCursor };
}

function cursorOf(row: SourceRow) {
  return { at: row.key, kind: row.kind, id: row._id };
}
