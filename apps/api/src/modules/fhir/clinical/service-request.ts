/**
 * ServiceRequest: one per test or study of an order (`order_items`, id the item's id); the order's full number is the
 * requisition (the identifier shared by the requests ordered together). Status: ordered and collected are `active`,
 * resulted `completed`, cancelled `revoked`. Intent `order`; category laboratory (SNOMED CT 108252007) or imaging
 * (363679005); the code is the catalogue's code under the local system `urn:clinic:order-catalogue` (display the
 * English name, the Arabic one as a translation); priority routine or urgent; the ordering doctor as requester.
 *
 * An order placed at an encounter whose note is sensitive is exported as it is (the receiver is an integration, not a
 * clinician of the screens) but each of its ServiceRequests carries the confidentiality label R (restricted) in
 * meta.security, like its Encounter.
 */
import { clean, instant, meta, reference, RESTRICTED, type Resource } from '../fhir.resources.js';
import { tokenParam } from '../fhir.search.js';
import { codeFilter, instantFilter, localCoding, referenceFilter, tokenFilter, type ClinicalResource } from './types.js';

export const ORDER_CATALOGUE_SYSTEM = 'urn:clinic:order-catalogue';
export const ORDER_NUMBER_SYSTEM = 'urn:clinic:order-number';
const SNOMED = 'http://snomed.info/sct';
const CATEGORIES: Readonly<Record<string, { code: string; display: string }>> = {
  lab: { code: '108252007', display: 'Laboratory procedure' },
  imaging: { code: '363679005', display: 'Imaging' },
};
const CATEGORY_CODES: Record<string, string | null> = { '108252007': 'lab', '363679005': 'imaging' };
const STATUS_CODES: Record<string, string | null> = {
  draft: null, active: 'active', 'on-hold': null, revoked: 'revoked', completed: 'completed', 'entered-in-error': null, unknown: null,
};

/**
 * An order's items with the order's facts, and whether the note of the order's encounter is sensitive (`sensitive`):
 * shared with DiagnosticReport (diagnostic-report.ts).
 */
export const ORDER_ITEMS_FROM = `select i.company_id, i.id::text as id, i.id as row_id, o.patient_id, greatest(o.updated_at, sn.sensitive_changed_at) as updated_at, o.id as order_id,
    case o.status when 'resulted' then 'completed' when 'cancelled' then 'revoked' else 'active' end as fhir_status,
    o.number, o.kind, o.priority, o.notes, o.encounter_id, o.doctor_id, d.name as doctor_name, p.name as patient_name,
    o.ordered_at, o.collected_at, o.resulted_at, o.result_note, o.result_file_id, i.code, i.name_en, i.name_ar, i.position,
    coalesce(sn.sensitive, false) as sensitive
  from order_items i
  join orders o on o.company_id = i.company_id and o.id = i.order_id
  join patients p on p.company_id = o.company_id and p.id = o.patient_id
  join employees d on d.company_id = o.company_id and d.id = o.doctor_id
  left join encounter_notes sn on sn.company_id = o.company_id and sn.encounter_id = o.encounter_id`;

export const ORDER_ITEM_SELECT = `x.id, x.fhir_status as status, x.number, x.kind, x.priority, x.notes, x.encounter_id as "encounterId",
  x.doctor_id as "doctorId", x.doctor_name as "doctorName", x.patient_id as "patientId", x.patient_name as "patientName",
  x.ordered_at as "orderedAt", x.code, x.name_en as "nameEn", x.name_ar as "nameAr", x.updated_at as "updatedAt", x.sensitive`;

export interface OrderItemRow {
  id: string; status: string; number: string; kind: string; priority: string; notes: string; encounterId: string | null;
  doctorId: string; doctorName: string; patientId: string; patientName: string; orderedAt: Date | string; code: string;
  nameEn: string; nameAr: string; updatedAt: Date | string; sensitive: boolean;
}

export const orderCategory = (kind: string) => {
  const c = CATEGORIES[kind] ?? CATEGORIES.lab!;
  return { coding: [{ system: SNOMED, ...c }], text: c.display };
};
export const orderCode = (o: { code: string; nameEn: string; nameAr: string }) => ({
  coding: [localCoding(ORDER_CATALOGUE_SYSTEM, o.code, o.nameEn, o.nameAr)], text: o.nameEn,
});
export const requisition = (number: string) => ({ system: ORDER_NUMBER_SYSTEM, value: number });
/** The resource's meta: the R label when the order's encounter is sensitive. */
export const orderMeta = (o: { updatedAt: Date | string; sensitive: boolean }) =>
  clean({ ...meta(o.updatedAt), security: o.sensitive ? [RESTRICTED] : undefined });

export function serviceRequestShape(o: OrderItemRow): Resource {
  return clean({
    resourceType: 'ServiceRequest',
    id: o.id,
    meta: orderMeta(o),
    requisition: requisition(o.number),
    status: o.status,
    intent: 'order',
    category: [orderCategory(o.kind)],
    priority: o.priority === 'urgent' ? 'urgent' : 'routine',
    code: orderCode(o),
    subject: reference('Patient', o.patientId, o.patientName),
    encounter: o.encounterId ? reference('Encounter', o.encounterId) : undefined,
    authoredOn: instant(o.orderedAt),
    requester: reference('Practitioner', o.doctorId, o.doctorName),
    note: o.notes.trim() ? [{ text: o.notes.trim() }] : undefined,
  });
}

export const serviceRequestResource: ClinicalResource<OrderItemRow> = {
  type: 'ServiceRequest',
  params: { status: 'token', category: 'token', code: 'token', authored: 'date', requisition: 'token', encounter: 'reference' },
  from: `(${ORDER_ITEMS_FROM}) x`,
  select: ORDER_ITEM_SELECT,
  order: 'x.ordered_at desc, x.number, x.position, x.id',
  filter(q, w, timeZone) {
    tokenFilter(q, w, 'status', 'x.fhir_status', STATUS_CODES, 'http://hl7.org/fhir/request-status');
    tokenFilter(q, w, 'category', 'x.kind', CATEGORY_CODES, SNOMED);
    const code = tokenParam(q, 'code');
    if (code?.system && code.system !== ORDER_CATALOGUE_SYSTEM) w.none();
    codeFilter(q, w, 'code', 'x.code');
    instantFilter(q, w, 'authored', 'x.ordered_at', timeZone);
    const req = tokenParam(q, 'requisition');
    if (req?.system && req.system !== ORDER_NUMBER_SYSTEM) w.none();
    codeFilter(q, w, 'requisition', 'x.number');
    referenceFilter(q, w, 'encounter', 'Encounter', 'x.encounter_id');
  },
  shape: (row) => serviceRequestShape(row),
};
