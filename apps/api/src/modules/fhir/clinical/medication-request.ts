/**
 * MedicationRequest: one per item of a prescription (`prescription_items`, id the item's id), the prescription's
 * number as groupIdentifier. Status: a draft is `draft`, a cancelled prescription `cancelled`, an issued one `active`
 * until its last valid day (the company's calendar) and `completed` after it. Intent `order`.
 *
 * The drug has no national code in the catalogue: medicationCodeableConcept carries the catalogue drug's id under the
 * local system `urn:clinic:medication` (display the trade name, its Arabic name as a translation) and the name with
 * strength and form as text. The dosage is written out in the prescription's language, with the timing from the
 * frequency code, the route as SNOMED CT, and the dose in UCUM where the unit is an amount.
 *
 * A prescription written at an encounter whose note is sensitive is exported as it is (the receiver is an integration,
 * not a clinician of the screens) but each of its MedicationRequests carries the confidentiality label R (restricted)
 * in meta.security, like its Encounter.
 */
import {
  doseText, durationText, frequencyText, isFrequencyCode, MEDICATION_ROUTES, routeText,
  type DoseUnit, type FrequencyCode, type MedicationRoute,
} from '@clinic/shared';
import { clean, instant, meta, reference, RESTRICTED, type Resource } from '../fhir.resources.js';
import { isId } from '../../../lib/validation.js';
import { tokenParam } from '../fhir.search.js';
import { instantFilter, localCoding, referenceFilter, tokenFilter, type ClinicalResource } from './types.js';

export const MEDICATION_SYSTEM = 'urn:clinic:medication';
const SNOMED = 'http://snomed.info/sct';
const UCUM = 'http://unitsofmeasure.org';

/** Our routes as SNOMED CT route codes (the FHIR route-codes value set). */
export const ROUTE_CODES: Readonly<Record<MedicationRoute, { code: string; display: string }>> = {
  oral: { code: '26643006', display: 'Oral route' },
  sublingual: { code: '37161004', display: 'Sublingual route' },
  iv: { code: '47625008', display: 'Intravenous route' },
  im: { code: '78421000', display: 'Intramuscular route' },
  sc: { code: '34206005', display: 'Subcutaneous route' },
  topical: { code: '6064005', display: 'Topical route' },
  inhaled: { code: '447694001', display: 'Respiratory tract route' },
  nasal: { code: '46713006', display: 'Nasal route' },
  ophthalmic: { code: '54485002', display: 'Ophthalmic route' },
  otic: { code: '10547007', display: 'Otic route' },
  rectal: { code: '37839007', display: 'Rectal route' },
  vaginal: { code: '16857009', display: 'Vaginal route' },
  transdermal: { code: '45890007', display: 'Transdermal route' },
};

/** Amount units in UCUM; counted forms (tablet, puff, ...) travel as a unit name without a system. */
const UCUM_UNITS: Partial<Record<DoseUnit, string>> = { mg: 'mg', g: 'g', mcg: 'ug', mL: 'mL', IU: '[iU]' };

/** Each frequency code as Timing.repeat (`when`: morning, bedtime). PRN has none (asNeeded); STAT is one dose. */
export const FREQUENCY_TIMING: Readonly<Record<FrequencyCode, Record<string, unknown> | null>> = {
  OD: { frequency: 1, period: 1, periodUnit: 'd' },
  BID: { frequency: 2, period: 1, periodUnit: 'd' },
  TID: { frequency: 3, period: 1, periodUnit: 'd' },
  QID: { frequency: 4, period: 1, periodUnit: 'd' },
  Q4H: { frequency: 1, period: 4, periodUnit: 'h' },
  Q6H: { frequency: 1, period: 6, periodUnit: 'h' },
  Q8H: { frequency: 1, period: 8, periodUnit: 'h' },
  Q12H: { frequency: 1, period: 12, periodUnit: 'h' },
  QAM: { frequency: 1, period: 1, periodUnit: 'd', when: ['MORN'] },
  QHS: { frequency: 1, period: 1, periodUnit: 'd', when: ['HS'] },
  QOD: { frequency: 1, period: 2, periodUnit: 'd' },
  WEEKLY: { frequency: 1, period: 1, periodUnit: 'wk' },
  PRN: null,
  STAT: { count: 1 },
};

export interface MedicationRequestRow {
  id: string; number: string; status: string; language: string; medicationId: string; name: string; genericName: string;
  nameAr: string; strength: string; form: string; dose: string | number; unit: string; route: string; frequency: string;
  durationDays: number; quantity: number; instructions: string; cancelReason: string; patientId: string; patientName: string;
  prescriberId: string; prescriberName: string; encounterId: string | null; issuedAt: Date | string | null;
  validUntil: string | null; updatedAt: Date | string; sensitive: boolean;
}

const FROM = `(select i.company_id, i.id::text as id, i.id as row_id, rx.patient_id, greatest(rx.updated_at, i.updated_at, sn.sensitive_changed_at) as updated_at,
    case when rx.status = 'draft' then 'draft' when rx.status = 'cancelled' then 'cancelled'
      when rx.valid_until < (now() at time zone co.time_zone)::date then 'completed' else 'active' end as status,
    rx.number, rx.language, rx.encounter_id, rx.prescriber_id, d.name as prescriber_name, p.name as patient_name, rx.issued_at,
    rx.valid_until, rx.cancel_reason, rx.created_at, i.medication_id, i.name, i.generic_name, i.name_ar, i.strength, i.form,
    i.dose, i.unit, i.route, i.frequency, i.duration_days, i.quantity, i.instructions, i.position,
    coalesce(sn.sensitive, false) as sensitive
  from prescription_items i
  join prescriptions rx on rx.company_id = i.company_id and rx.id = i.prescription_id
  join companies co on co.id = i.company_id
  join patients p on p.company_id = rx.company_id and p.id = rx.patient_id
  join employees d on d.company_id = rx.company_id and d.id = rx.prescriber_id
  left join encounter_notes sn on sn.company_id = rx.company_id and sn.encounter_id = rx.encounter_id) x`;

const SELECT = `x.id, x.number, x.status, x.language, x.medication_id as "medicationId", x.name, x.generic_name as "genericName",
  x.name_ar as "nameAr", x.strength, x.form, x.dose::text as dose, x.unit, x.route, x.frequency, x.duration_days as "durationDays",
  x.quantity, x.instructions, x.cancel_reason as "cancelReason", x.patient_id as "patientId", x.patient_name as "patientName",
  x.prescriber_id as "prescriberId", x.prescriber_name as "prescriberName", x.encounter_id as "encounterId",
  x.issued_at as "issuedAt", x.valid_until::text as "validUntil", x.updated_at as "updatedAt", x.sensitive`;

const STATUS_CODES: Record<string, string | null> = {
  active: 'active', 'on-hold': null, cancelled: 'cancelled', completed: 'completed', 'entered-in-error': null, stopped: null,
  draft: 'draft', unknown: null,
};

const quantity = (value: number, unit: string) => {
  const ucum = UCUM_UNITS[unit as DoseUnit];
  return clean({ value, unit, system: ucum ? UCUM : undefined, code: ucum });
};

/** "500 mg، عن طريق الفم، مرتين يومياً، 7 أيام" in the prescription's language, then the instructions. */
function dosageText(m: MedicationRequestRow, dose: number, frequency: FrequencyCode | null, route: MedicationRoute | null): string {
  const lang = m.language === 'ar' ? 'ar' : 'en';
  const parts = [
    doseText(dose, m.unit as DoseUnit, lang),
    route ? routeText(route, lang) : m.route,
    frequency ? frequencyText(frequency, lang) : m.frequency,
    durationText({ value: m.durationDays, unit: 'days' }, lang),
    m.instructions.trim(),
  ].filter(Boolean);
  return parts.join(lang === 'ar' ? '، ' : ', ');
}

export function medicationRequestShape(m: MedicationRequestRow): Resource {
  const dose = Number(m.dose);
  const frequency = isFrequencyCode(m.frequency) ? m.frequency : null;
  const route = (MEDICATION_ROUTES as readonly string[]).includes(m.route) ? (m.route as MedicationRoute) : null;
  const repeat = frequency ? FREQUENCY_TIMING[frequency] : null;
  const routeCode = route ? ROUTE_CODES[route] : null;
  const repeats = repeat && !('count' in repeat);
  return clean({
    resourceType: 'MedicationRequest',
    id: m.id,
    meta: clean({ ...meta(m.updatedAt), security: m.sensitive ? [RESTRICTED] : undefined }),
    groupIdentifier: { system: 'urn:clinic:prescription-number', value: m.number },
    status: m.status,
    statusReason: m.status === 'cancelled' && m.cancelReason.trim() ? { text: m.cancelReason.trim() } : undefined,
    intent: 'order',
    medicationCodeableConcept: {
      coding: [localCoding(MEDICATION_SYSTEM, m.medicationId, m.name, m.nameAr)],
      text: [m.name, m.strength, m.form].map((s) => s.trim()).filter(Boolean).join(' '),
    },
    subject: reference('Patient', m.patientId, m.patientName),
    encounter: m.encounterId ? reference('Encounter', m.encounterId) : undefined,
    authoredOn: m.issuedAt ? instant(m.issuedAt) : undefined,
    requester: reference('Practitioner', m.prescriberId, m.prescriberName),
    dosageInstruction: [clean({
      sequence: 1,
      text: dosageText(m, dose, frequency, route),
      patientInstruction: m.instructions.trim() || undefined,
      timing: repeat ? {
        repeat: repeats ? { ...repeat, boundsDuration: { value: m.durationDays, unit: 'days', system: UCUM, code: 'd' } } : repeat,
        code: frequency ? { text: frequency } : undefined,
      } : (frequency ? { code: { text: frequency } } : undefined),
      asNeededBoolean: frequency === 'PRN' ? true : undefined,
      route: routeCode ? { coding: [{ system: SNOMED, ...routeCode }], text: routeCode.display } : { text: m.route },
      doseAndRate: [{ doseQuantity: quantity(dose, m.unit) }],
    })],
    dispenseRequest: clean({
      validityPeriod: m.issuedAt && m.validUntil ? { start: instant(m.issuedAt), end: m.validUntil } : undefined,
      quantity: quantity(m.quantity, m.unit),
      expectedSupplyDuration: { value: m.durationDays, unit: 'days', system: UCUM, code: 'd' },
    }),
  });
}

export const medicationRequestResource: ClinicalResource<MedicationRequestRow> = {
  type: 'MedicationRequest',
  params: { status: 'token', authoredon: 'date', encounter: 'reference', code: 'token' },
  from: FROM,
  select: SELECT,
  order: 'x.created_at desc, x.id',
  filter(q, w, timeZone) {
    tokenFilter(q, w, 'status', 'x.status', STATUS_CODES, 'http://hl7.org/fhir/CodeSystem/medicationrequest-status');
    instantFilter(q, w, 'authoredon', 'x.issued_at', timeZone);
    referenceFilter(q, w, 'encounter', 'Encounter', 'x.encounter_id');
    const code = tokenParam(q, 'code');
    if (code?.system && code.system !== MEDICATION_SYSTEM) w.none();
    else if (code && !isId(code.code.trim())) w.none();
    else if (code) w.add('x.medication_id = ?', code.code.trim().toLowerCase());
  },
  shape: (row) => medicationRequestShape(row),
};
