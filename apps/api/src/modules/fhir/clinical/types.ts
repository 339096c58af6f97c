/** What a clinical FHIR resource type is (see registry.ts) and the search filters the types share. */
import type { Database } from '../../../db/client.js';
import type { Where } from '../fhir.repository.js';
import type { Resource } from '../fhir.resources.js';
import { badParameter, instantBounds, referenceParam, tokenParam, valueOf, type Query } from '../fhir.search.js';

/** A search parameter's FHIR type, as the CapabilityStatement lists it. */
export type ParamType = 'reference' | 'date' | 'token' | 'string';

/**
 * One clinical resource type. Its rows come from `from`: a table or subquery aliased `x` with at least these columns:
 * `company_id` (the scope), `id` (text: the FHIR id, unique within the type), `row_id` (the uuid of the stored row it
 * comes from, straight from the table so that its primary key orders the bulk export's batches), `patient_id` and
 * `updated_at` (what the export's `_since` compares). Every other column is the type's own, read by `select`.
 */
export interface ClinicalResource<Row = any, Context = unknown> {
  readonly type: string;
  /** Search parameters besides `_id`, `_count`, `_offset` and `patient` (which every clinical type has). */
  readonly params: Readonly<Record<string, ParamType>>;
  readonly from: string;
  readonly select: string;
  /** Search order (newest first, then id, so pages are stable). */
  readonly order: string;
  /** Adds the type's own search parameters to the filter (`timeZone`: what a day without a time means). */
  filter(q: Query, w: Where, timeZone: string): void;
  /** Anything the shape needs once per page or export batch (e.g. the company's reference ranges). */
  load?(db: Database, companyId: string): Promise<Context>;
  shape(row: Row, context: Context, companyId: string): Resource;
}

/** A date parameter on an instant column (prefixes ge/gt/le/lt/eq; a bare day is the company's day). */
export function instantFilter(q: Query, w: Where, name: string, column: string, timeZone: string): void {
  const when = instantBounds(q, name, timeZone);
  if (when.from) w.add(`${column} >= ?`, when.from);
  if (when.before) w.add(`${column} < ?`, when.before);
}

/**
 * A token parameter whose codes (a comma list) map to values of a column: unknown codes of the system match nothing;
 * a code that is no code of `codes` at all is refused.
 */
export function tokenFilter(q: Query, w: Where, name: string, column: string, codes: Readonly<Record<string, string | null>>, system?: string): void {
  const token = tokenParam(q, name);
  if (!token) return;
  if (system && token.system && token.system !== system) { w.none(); return; }
  const values: string[] = [];
  for (const code of token.code.split(',').map((c) => c.trim())) {
    if (!(code in codes)) throw badParameter(name);
    const ours = codes[code];
    if (ours !== null && ours !== undefined) values.push(ours);
  }
  if (!values.length) w.none();
  else w.add(`${column} = any(?)`, values);
}

/** A token parameter matched as written against a code column (code lists are the organisation's own). */
export function codeFilter(q: Query, w: Where, name: string, column: string): void {
  const v = valueOf(q, name);
  if (v === undefined) return;
  const codes = v.split(',').map((c) => c.slice(c.indexOf('|') + 1).trim()).filter(Boolean);
  if (!codes.length || codes.length > 20) throw badParameter(name);
  w.add(`lower(${column}) = any(?)`, codes.map((c) => c.toLowerCase()));
}

/** The FHIR extension that carries a display's Arabic form beside the English one. */
const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';

/** A coding of one of the organisation's own lists: the English display, with the Arabic one as a translation. */
export function localCoding(system: string, code: string, en: string, ar?: string | null): Record<string, unknown> {
  const coding: Record<string, unknown> = { system, code, display: en };
  if (ar?.trim() && ar.trim() !== en) {
    coding._display = { extension: [{ url: TRANSLATION, extension: [{ url: 'lang', valueCode: 'ar' }, { url: 'content', valueString: ar.trim() }] }] };
  }
  return coding;
}

/** A reference parameter (`encounter`, `based-on`, ...) on a uuid column: another type or a malformed id matches nothing. */
export function referenceFilter(q: Query, w: Where, name: string, type: string, column: string): void {
  const id = referenceParam(q, name, type);
  if (id === null) w.none();
  else if (id) w.add(`${column} = ?`, id);
}
