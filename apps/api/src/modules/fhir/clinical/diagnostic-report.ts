/**
 * DiagnosticReport: one per test or study of a resulted order (`order_items` of an order with status resulted; id the
 * item's id, the same as its ServiceRequest, which it names in basedOn). Status `final`; category LAB or RAD
 * (v2-0074); the code and the requisition (the order number) as the ServiceRequest's; effective when collected (else
 * when resulted), issued when resulted.
 *
 * The analytes' results are contained Observations (`#r1`, `#r2`, ... in the item's analyte order), not Observations
 * of their own: each has the analyte's local code (`urn:clinic:order-analyte`), the value with its unit, the reference
 * range it was read against and the flag as interpretation (N, L, H, LL, HH; none for "no reference range"). The
 * conclusion is the result note, else the flagged analytes ("Abnormal: Haemoglobin low"), else "Within reference
 * ranges". An attached report is a presentedForm with its content type, name, size and date but no URL: file links are
 * signed for one sign-in and expire, so they cannot travel in a FHIR resource or an export file.
 *
 * The result of an order placed at an encounter whose note is sensitive is exported as it is (the receiver is an
 * integration, not a clinician of the screens) but its DiagnosticReport carries the confidentiality label R
 * (restricted) in meta.security, like its ServiceRequest and Encounter; the label covers the contained results.
 */
import { clean, instant, reference, type Resource } from '../fhir.resources.js';
import { tokenParam } from '../fhir.search.js';
import {
  orderCode, orderMeta, ORDER_CATALOGUE_SYSTEM, ORDER_ITEM_SELECT, ORDER_ITEMS_FROM, requisition, type OrderItemRow,
} from './service-request.js';
import { codeFilter, instantFilter, localCoding, referenceFilter, tokenFilter, type ClinicalResource } from './types.js';

export const ANALYTE_SYSTEM = 'urn:clinic:order-analyte';
const V2_0074 = 'http://terminology.hl7.org/CodeSystem/v2-0074';
const CATEGORIES: Readonly<Record<string, { code: string; display: string }>> = {
  lab: { code: 'LAB', display: 'Laboratory' },
  imaging: { code: 'RAD', display: 'Radiology' },
};
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const FLAGS: Readonly<Record<string, { code: string; display: string; words: string }>> = {
  normal: { code: 'N', display: 'Normal', words: 'normal' },
  low: { code: 'L', display: 'Low', words: 'low' },
  high: { code: 'H', display: 'High', words: 'high' },
  criticalLow: { code: 'LL', display: 'Critical low', words: 'critically low' },
  criticalHigh: { code: 'HH', display: 'Critical high', words: 'critically high' },
};

interface ResultRow {
  code: string; nameEn: string; nameAr: string; value: number; unit: string; low: number | null; high: number | null;
  flag: string; enteredAt: string;
}
export interface DiagnosticReportRow extends OrderItemRow {
  collectedAt: Date | string | null; resultedAt: Date | string; resultNote: string; results: ResultRow[] | null;
  file: { contentType: string; name: string; size: number; createdAt: string } | null;
}

const SELECT = `${ORDER_ITEM_SELECT}, x.collected_at as "collectedAt", x.resulted_at as "resultedAt", x.result_note as "resultNote",
  (select json_agg(json_build_object('code', r.analyte_code, 'nameEn', r.name_en, 'nameAr', r.name_ar, 'value', r.value, 'unit', r.unit,
      'low', r.low, 'high', r.high, 'flag', r.flag, 'enteredAt', r.entered_at) order by r.entered_at, r.analyte_code)
     from order_results r where r.company_id = x.company_id and r.order_item_id = x.row_id) as results,
  (select json_build_object('contentType', f.mime_type, 'name', f.original_name, 'size', f.size_bytes, 'createdAt', f.created_at)
     from files f where f.company_id = x.company_id and f.id = x.result_file_id) as file`;

const quantity = (value: number, unit: string) => clean({ value, unit: unit.trim() || undefined });

function contained(r: ResultRow, i: number, when: string): Resource {
  const flag = FLAGS[r.flag];
  const range = r.low !== null || r.high !== null
    ? [clean({ low: r.low !== null ? quantity(r.low, r.unit) : undefined, high: r.high !== null ? quantity(r.high, r.unit) : undefined })]
    : undefined;
  return clean({
    resourceType: 'Observation',
    id: `r${i + 1}`,
    status: 'final',
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory', display: 'Laboratory' }] }],
    code: { coding: [localCoding(ANALYTE_SYSTEM, r.code, r.nameEn, r.nameAr)], text: r.nameEn },
    effectiveDateTime: when,
    issued: instant(r.enteredAt),
    valueQuantity: quantity(r.value, r.unit),
    interpretation: flag ? [{ coding: [{ system: INTERPRETATION, code: flag.code, display: flag.display }] }] : undefined,
    referenceRange: range,
  });
}

/** The result note, else the flagged analytes in words, else that all were within their ranges. */
function conclusion(d: DiagnosticReportRow): string | undefined {
  if (d.resultNote.trim()) return d.resultNote.trim();
  const results = d.results ?? [];
  if (!results.length) return undefined;
  const flagged = results.filter((r) => r.flag !== 'normal' && r.flag !== 'noRange' && FLAGS[r.flag]);
  if (flagged.length) return `Abnormal: ${flagged.map((r) => `${r.nameEn} ${FLAGS[r.flag]!.words}`).join('; ')}`;
  return results.some((r) => r.flag === 'normal') ? 'Within reference ranges' : undefined;
}

export function diagnosticReportShape(d: DiagnosticReportRow): Resource {
  const category = CATEGORIES[d.kind] ?? CATEGORIES.lab!;
  const effective = instant(d.collectedAt ?? d.resultedAt);
  const results = d.results ?? [];
  return clean({
    resourceType: 'DiagnosticReport',
    id: d.id,
    meta: orderMeta(d),
    contained: results.length ? results.map((r, i) => contained(r, i, effective)) : undefined,
    identifier: [requisition(d.number)],
    basedOn: [reference('ServiceRequest', d.id)],
    status: 'final',
    category: [{ coding: [{ system: V2_0074, ...category }], text: category.display }],
    code: orderCode(d),
    subject: reference('Patient', d.patientId, d.patientName),
    encounter: d.encounterId ? reference('Encounter', d.encounterId) : undefined,
    effectiveDateTime: effective,
    issued: instant(d.resultedAt),
    result: results.length ? results.map((r, i) => ({ reference: `#r${i + 1}`, display: r.nameEn })) : undefined,
    conclusion: conclusion(d),
    presentedForm: d.file ? [clean({
      contentType: d.file.contentType, title: d.file.name || undefined, size: Number(d.file.size), creation: instant(d.file.createdAt),
    })] : undefined,
  });
}

export const diagnosticReportResource: ClinicalResource<DiagnosticReportRow> = {
  type: 'DiagnosticReport',
  params: { category: 'token', code: 'token', date: 'date', issued: 'date', 'based-on': 'reference', encounter: 'reference', status: 'token' },
  from: `(${ORDER_ITEMS_FROM} where o.status = 'resulted') x`,
  select: SELECT,
  order: 'x.resulted_at desc, x.number, x.position, x.id',
  filter(q, w, timeZone) {
    tokenFilter(q, w, 'category', 'x.kind', { LAB: 'lab', RAD: 'imaging' }, V2_0074);
    const code = tokenParam(q, 'code');
    if (code?.system && code.system !== ORDER_CATALOGUE_SYSTEM) w.none();
    codeFilter(q, w, 'code', 'x.code');
    instantFilter(q, w, 'date', 'coalesce(x.collected_at, x.resulted_at)', timeZone);
    instantFilter(q, w, 'issued', 'x.resulted_at', timeZone);
    referenceFilter(q, w, 'based-on', 'ServiceRequest', 'x.row_id');
    referenceFilter(q, w, 'encounter', 'Encounter', 'x.encounter_id');
    tokenFilter(q, w, 'status', `'final'`, {
      registered: null, partial: null, preliminary: null, final: 'final', amended: null, corrected: null, appended: null,
      cancelled: null, 'entered-in-error': null, unknown: null,
    });
  },
  shape: (row) => diagnosticReportShape(row),
};
