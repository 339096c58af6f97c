/**
 * Search, read and export of the clinical FHIR types (registry.ts), the same way for each: the caller needs
 * `clinical_read` besides `fhir_read`; rows are the caller's company's only; every patient whose record a search, a
 * read or an export batch returns is written to the audit log as a patient read (`via: fhir_<Type>`).
 */
import { hasPermission } from '@clinic/shared';
import type { Caller, Deps } from '../../../lib/app-types.js';
import { AppError, notFound } from '../../../lib/errors.js';
import type { RequestContext } from '../../../lib/request-context.js';
import { insertPatientReads, pageOf as pageRows, Where } from '../fhir.repository.js';
import type { Resource } from '../fhir.resources.js';
import { badParameter, onlyParams, pageOf, referenceParam, searchset, valueOf, type Query } from '../fhir.search.js';
import type { ClinicalResource } from './types.js';

/** The clinical record is for clinicians: 403 without `clinical_read`. */
export function requireClinicalRead(caller: Caller): void {
  if (!hasPermission(caller.permissions, 'clinical_read')) throw new AppError(403, 'FORBIDDEN', 'errors.forbidden');
}

export const mayReadClinical = (caller: Caller): boolean => hasPermission(caller.permissions, 'clinical_read');

/** `_id`: one FHIR id or a comma list of at most 100 (ids are text: an Observation's is `<set id>-<vital>`). */
function idFilter(q: Query, w: Where): void {
  const v = valueOf(q, '_id');
  if (v === undefined) return;
  const ids = v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (ids.length > 100 || ids.some((id) => !/^[a-z0-9\-.]{1,64}$/.test(id))) throw badParameter('_id');
  w.add('x.id = any(?)', ids);
}

function whereOf(spec: ClinicalResource, caller: Caller, q: Query): Where {
  const w = new Where(caller.companyId, 'x');
  idFilter(q, w);
  const patient = referenceParam(q, 'patient', 'Patient');
  if (patient === null) w.none();
  else if (patient) w.add('x.patient_id = ?', patient);
  spec.filter(q, w, caller.timeZone);
  return w;
}

async function audit(deps: Deps, ctx: RequestContext, caller: Caller, type: string, patientIds: string[]): Promise<void> {
  const distinct = [...new Set(patientIds)];
  if (distinct.length) await insertPatientReads(deps.db, ctx, { companyId: caller.companyId, actorId: caller.id, via: `fhir_${type}` }, distinct);
}

/** A searchset Bundle of the caller's resources of one clinical type. */
export async function searchClinical(deps: Deps, ctx: RequestContext, caller: Caller, spec: ClinicalResource, q: Query, base: string): Promise<Resource> {
  requireClinicalRead(caller);
  onlyParams(q, ['patient', ...Object.keys(spec.params)]);
  const page = pageOf(q);
  const w = whereOf(spec, caller, q);
  const { rows, total } = await pageRows<{ patientId: string }>(deps.database, spec.select, spec.from, w, spec.order, page);
  const context = rows.length && spec.load ? await spec.load(deps.database, caller.companyId) : undefined;
  await audit(deps, ctx, caller, spec.type, rows.map((r) => r.patientId));
  return searchset(base, spec.type, q, page, total, rows.map((r) => spec.shape(r, context, caller.companyId)));
}

/** One clinical resource by id, or 404 (another company's id answers exactly like an unknown one). */
export async function readClinical(deps: Deps, ctx: RequestContext, caller: Caller, spec: ClinicalResource, id: string, base: string): Promise<Resource> {
  requireClinicalRead(caller);
  if (!/^[A-Za-z0-9\-.]{1,64}$/.test(id)) throw notFound();
  const bundle = await searchClinical(deps, ctx, caller, spec, { _id: id }, base);
  const entry = (bundle.entry as Array<{ resource: Resource }> | undefined)?.[0];
  if (!entry) throw notFound();
  return entry.resource;
}

/** Who an export is for: its company, the person who started it and the request, for the audit of patient reads. */
export interface ExportAudience { companyId: string; actorId: string; ctx: RequestContext }

/**
 * One batch of a whole-company export of a clinical type: the rows after the cursor `after` (keyset paging on the stored
 * row's id, then the FHIR id byte-wise: one stored row may make several resources), `since` on the row's last change;
 * the batch's patients are audited as read. The cursor is the last row's `<row id> <FHIR id>`.
 */
export async function clinicalExportBatch(
  deps: Deps, spec: ClinicalResource, who: ExportAudience, after: string | null, size: number, since: Date | null,
): Promise<{ cursors: string[]; resources: Resource[] }> {
  const w = new Where(who.companyId, 'x');
  if (since) w.add('x.updated_at >= ?', since);
  if (after) {
    const [row, id] = after.split(' ');
    w.add('x.row_id >= ?', row).add('(x.row_id > ? or x.id collate "C" > ?)', row, id);
  }
  const db = deps.database;
  const rows = await db.query<{ id: string; patientId: string; cursor: string }>(
    `select ${spec.select}, x.row_id::text || ' ' || x.id as cursor from ${spec.from} where ${w.sql} order by x.row_id, x.id collate "C" limit ${size}`, w.params,
  );
  if (!rows.length) return { cursors: [], resources: [] };
  const context = spec.load ? await spec.load(db, who.companyId) : undefined;
  const patients = [...new Set(rows.map((r) => r.patientId))];
  await insertPatientReads(deps.db, who.ctx, { companyId: who.companyId, actorId: who.actorId, via: `fhir_export_${spec.type}` }, patients);
  return { cursors: rows.map((r) => r.cursor), resources: rows.map((r) => spec.shape(r, context, who.companyId)) };
}
