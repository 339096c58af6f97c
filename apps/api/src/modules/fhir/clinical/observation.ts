/**
 * Observation: one per vital of a vitals set (table `vital_signs`), with the FHIR vital-signs profile of that vital and
 * its LOINC code, the value in UCUM units and the interpretation of the abnormal flag (the company's reference ranges
 * for the patient's age group at the time of the reading). The Observation's id is the set's id and the vital:
 * `<set id>-heartrate`. Blood pressure is one panel (85354-9) with systolic and diastolic components.
 *
 * A set entered in error keeps its Observations with status `entered-in-error` (and no interpretation): a receiver
 * that already took the values learns they were wrong, on read, search and the export's `_since`.
 *
 * The vitals of a set taken at an encounter whose note is sensitive are exported as they are (the receiver is an
 * integration, not a clinician of the screens) but each Observation carries the confidentiality label R (restricted)
 * in meta.security, like its Encounter.
 */
import {
  ageGroupAt, displayDecimals, effectiveRanges, flagVital, fromCanonical, roundTo, type Vital, type VitalFlag, type VitalRanges,
} from '@clinic/shared';
import { clean, instant, meta, reference, RESTRICTED, type Resource } from '../fhir.resources.js';
import { tokenParam } from '../fhir.search.js';
import { codeFilter, instantFilter, tokenFilter, type ClinicalResource } from './types.js';

export const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const PROFILE = 'http://hl7.org/fhir/StructureDefinition/';
export const VITAL_SIGNS_CATEGORY = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs', display: 'Vital Signs' }],
  text: 'Vital Signs',
};
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const FLAG_CODES: Partial<Record<VitalFlag, { code: string; display: string }>> = {
  normal: { code: 'N', display: 'Normal' },
  low: { code: 'L', display: 'Low' },
  high: { code: 'H', display: 'High' },
  criticalLow: { code: 'LL', display: 'Critical low' },
  criticalHigh: { code: 'HH', display: 'Critical high' },
};

interface Measure { loinc: string; display: string; unit: string; ucum: string }
interface VitalSpec extends Measure { vital: Vital; profile?: string; also?: Measure }

/** The vitals as Observations: key (in the id), LOINC code, UCUM unit, and the FHIR profile where the vital has one. */
export const VITAL_OBSERVATIONS: Readonly<Record<string, VitalSpec>> = {
  height: { vital: 'height', loinc: '8302-2', display: 'Body height', unit: 'cm', ucum: 'cm', profile: 'bodyheight' },
  weight: { vital: 'weight', loinc: '29463-7', display: 'Body weight', unit: 'kg', ucum: 'kg', profile: 'bodyweight' },
  bmi: { vital: 'bmi', loinc: '39156-5', display: 'Body mass index (BMI) [Ratio]', unit: 'kg/m2', ucum: 'kg/m2', profile: 'bmi' },
  temperature: { vital: 'temperature', loinc: '8310-5', display: 'Body temperature', unit: 'C', ucum: 'Cel', profile: 'bodytemp' },
  heartrate: { vital: 'pulse', loinc: '8867-4', display: 'Heart rate', unit: 'beats/minute', ucum: '/min', profile: 'heartrate' },
  resprate: { vital: 'respiratoryRate', loinc: '9279-1', display: 'Respiratory rate', unit: 'breaths/minute', ucum: '/min', profile: 'resprate' },
  bp: { vital: 'systolic', loinc: '85354-9', display: 'Blood pressure panel with all children optional', unit: 'mmHg', ucum: 'mm[Hg]', profile: 'bp' },
  spo2: {
    vital: 'spo2', loinc: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry', unit: '%', ucum: '%', profile: 'oxygensat',
    also: { loinc: '2708-6', display: 'Oxygen saturation in Arterial blood', unit: '%', ucum: '%' },
  },
  pain: { vital: 'painScore', loinc: '72514-3', display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported', unit: 'score', ucum: '{score}' },
  glucose: { vital: 'glucose', loinc: '15074-8', display: 'Glucose [Moles/volume] in Blood', unit: 'mmol/L', ucum: 'mmol/L' },
};
/** Glucose entered in mg/dL travels in mg/dL, under the mass-concentration code. */
const GLUCOSE_MASS: Measure = { loinc: '2339-0', display: 'Glucose [Mass/volume] in Blood', unit: 'mg/dL', ucum: 'mg/dL' };
const SYSTOLIC: Measure = { loinc: '8480-6', display: 'Systolic blood pressure', unit: 'mmHg', ucum: 'mm[Hg]' };
const DIASTOLIC: Measure = { loinc: '8462-4', display: 'Diastolic blood pressure', unit: 'mmHg', ucum: 'mm[Hg]' };

export interface ObservationRow {
  id: string; key: string; value: number; value2: number | null; glucoseUnit: string | null; inError: boolean;
  patientId: string; patientName: string; dateOfBirth: string | null; encounterId: string | null;
  takenAt: Date | string; recordedAt: Date | string; updatedAt: Date | string; sensitive: boolean;
}

const FROM = `(select v.company_id, v.id::text || '-' || o.key as id, v.id as row_id, v.patient_id, p.name as patient_name,
    p.date_of_birth::text as date_of_birth, v.encounter_id, v.taken_at, v.recorded_at,
    greatest(v.recorded_at, v.entered_in_error_at, sn.sensitive_changed_at) as updated_at,
    v.entered_in_error_at is not null as in_error, v.entered_units->>'glucose' as glucose_unit,
    coalesce(sn.sensitive, false) as sensitive, o.key, o.code, o.value, o.value2
  from vital_signs v
  join patients p on p.company_id = v.company_id and p.id = v.patient_id
  left join encounter_notes sn on sn.company_id = v.company_id and sn.encounter_id = v.encounter_id
  cross join lateral (values
    ('height', '8302-2', v.height_cm, null::float8), ('weight', '29463-7', v.weight_kg, null), ('bmi', '39156-5', v.bmi, null),
    ('temperature', '8310-5', v.temperature_c, null), ('heartrate', '8867-4', v.pulse::float8, null),
    ('resprate', '9279-1', v.respiratory_rate::float8, null), ('bp', '85354-9', v.systolic::float8, v.diastolic::float8),
    ('spo2', '59408-5', v.spo2::float8, null), ('pain', '72514-3', v.pain_score::float8, null),
    ('glucose', case when v.entered_units->>'glucose' = 'mg/dL' then '2339-0' else '15074-8' end, v.glucose_mmol, null)
  ) as o(key, code, value, value2)
  where o.value is not null) x`;

const SELECT = `x.id, x.key, x.value, x.value2, x.glucose_unit as "glucoseUnit", x.in_error as "inError", x.patient_id as "patientId",
  x.patient_name as "patientName", x.date_of_birth as "dateOfBirth", x.encounter_id as "encounterId", x.taken_at as "takenAt",
  x.recorded_at as "recordedAt", x.updated_at as "updatedAt", x.sensitive`;

const concept = (m: Measure, extra: Measure[] = []) => ({
  coding: [m, ...extra].map((x) => ({ system: LOINC, code: x.loinc, display: x.display })),
  text: m.display,
});
const quantity = (value: number, m: Measure) => ({ value, unit: m.unit, system: UCUM, code: m.ucum });

function interpretation(flag: VitalFlag | null) {
  const code = flag ? FLAG_CODES[flag] : undefined;
  return code ? [{ coding: [{ system: INTERPRETATION, ...code }] }] : undefined;
}

export function observationShape(o: ObservationRow, ranges: VitalRanges): Resource {
  const spec = VITAL_OBSERVATIONS[o.key]!;
  const takenAt = new Date(o.takenAt);
  const group = ageGroupAt(o.dateOfBirth, takenAt);
  const flag = (vital: Vital, value: number) => (o.inError ? null : flagVital(vital, value, group, ranges));
  let measure: Measure = spec;
  let value = o.value;
  if (o.key === 'glucose' && o.glucoseUnit === 'mg/dL') {
    measure = GLUCOSE_MASS;
    value = roundTo(fromCanonical('glucose', o.value, 'mg/dL'), displayDecimals('glucose', 'mg/dL'));
  }
  const bp = o.key === 'bp';
  return clean({
    resourceType: 'Observation',
    id: o.id,
    meta: clean({
      ...meta(o.updatedAt), profile: spec.profile ? [`${PROFILE}${spec.profile}`] : undefined, security: o.sensitive ? [RESTRICTED] : undefined,
    }),
    status: o.inError ? 'entered-in-error' : 'final',
    category: [VITAL_SIGNS_CATEGORY],
    code: concept(measure, spec.also ? [spec.also] : []),
    subject: reference('Patient', o.patientId, o.patientName),
    encounter: o.encounterId ? reference('Encounter', o.encounterId) : undefined,
    effectiveDateTime: instant(takenAt),
    issued: instant(o.recordedAt),
    valueQuantity: bp ? undefined : quantity(value, measure),
    interpretation: bp ? undefined : interpretation(flag(spec.vital, o.value)),
    component: bp && o.value2 !== null ? [
      clean({ code: concept(SYSTOLIC), valueQuantity: quantity(o.value, SYSTOLIC), interpretation: interpretation(flag('systolic', o.value)) }),
      clean({ code: concept(DIASTOLIC), valueQuantity: quantity(o.value2, DIASTOLIC), interpretation: interpretation(flag('diastolic', o.value2)) }),
    ] : undefined,
  });
}

export const observationResource: ClinicalResource<ObservationRow, VitalRanges> = {
  type: 'Observation',
  params: { date: 'date', category: 'token', code: 'token', status: 'token' },
  from: FROM,
  select: SELECT,
  order: 'x.taken_at desc, x.id',
  filter(q, w, timeZone) {
    instantFilter(q, w, 'date', 'x.taken_at', timeZone);
    // Every Observation served is a vital sign; another category matches nothing.
    const category = tokenParam(q, 'category');
    if (category && !category.code.split(',').map((c) => c.trim()).includes('vital-signs')) w.none();
    const code = tokenParam(q, 'code');
    if (code?.system && code.system !== LOINC) w.none();
    codeFilter(q, w, 'code', 'x.code');
    tokenFilter(q, w, 'status', `case when x.in_error then 'entered-in-error' else 'final' end`, {
      registered: null, preliminary: null, final: 'final', amended: null, corrected: null, cancelled: null,
      'entered-in-error': 'entered-in-error', unknown: null,
    });
  },
  async load(db, companyId) {
    const [row] = await db.query<{ ranges: Partial<VitalRanges> | null }>('select ranges from vital_reference_ranges where company_id = $1', [companyId]);
    return effectiveRanges(row?.ranges ?? null);
  },
  shape: (row, ranges) => observationShape(row, ranges),
};
