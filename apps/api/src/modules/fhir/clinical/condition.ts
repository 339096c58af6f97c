/**
 * Condition: the patient's problem list (`patient_problems`, category problem-list-item) and the diagnoses recorded
 * at encounters (`encounter_diagnoses`, category encounter-diagnosis). Both keep the id of their row.
 *
 * The code is the organisation's own code list (`diagnosis_codes`), under the system URI of its name (see
 * codeSystemUri). An encounter diagnosis takes its clinical status and onset from the patient's problem with the same
 * code (active before resolved); without one it states neither. The free-text note of a diagnosis is not exported.
 *
 * A diagnosis recorded at an encounter whose note is sensitive, and a problem such a diagnosis made, are exported as
 * they are (the receiver is an integration, not a clinician of the screens) but carry the confidentiality label R
 * (restricted) in meta.security, like their Encounter.
 */
import { clean, instant, meta, reference, RESTRICTED, type Resource } from '../fhir.resources.js';
import { dateBounds, referenceParam } from '../fhir.search.js';
import { codeFilter, tokenFilter, type ClinicalResource } from './types.js';

/** Code systems with an HL7 URI; any other name is `urn:clinic:code-system:<name>` (lower case, URI-escaped). */
const KNOWN_SYSTEMS: Readonly<Record<string, string>> = {
  'icd-10': 'http://hl7.org/fhir/sid/icd-10',
  'icd-10-cm': 'http://hl7.org/fhir/sid/icd-10-cm',
  'icd-9-cm': 'http://hl7.org/fhir/sid/icd-9-cm',
  'snomed-ct': 'http://snomed.info/sct',
};

export function codeSystemUri(name: string): string {
  const key = name.trim().toLowerCase();
  return KNOWN_SYSTEMS[key] ?? `urn:clinic:code-system:${encodeURIComponent(key.replace(/\s+/g, '-'))}`;
}

const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/condition-category';
const CATEGORIES: Readonly<Record<string, string>> = {
  'problem-list-item': 'Problem List Item',
  'encounter-diagnosis': 'Encounter Diagnosis',
};
const CLINICAL_SYSTEM = 'http://terminology.hl7.org/CodeSystem/condition-clinical';

export interface ConditionRow {
  id: string; category: string; clinicalStatus: string | null; onset: string | null; abatement: string | null;
  code: string; titleEn: string; titleAr: string; system: string; encounterId: string | null; recordedAt: Date | string;
  patientId: string; patientName: string; updatedAt: Date | string; sensitive: boolean;
}

const FROM = `(select pr.company_id, pr.id::text as id, pr.id as row_id, pr.patient_id, p.name as patient_name, greatest(pr.updated_at, sn.sensitive_changed_at) as updated_at,
    'problem-list-item' as category, pr.status as clinical_status, pr.onset_date as onset, pr.resolved_date as abatement,
    pr.code, pr.title_en, pr.title_ar, dc.system, null::uuid as encounter_id, pr.created_at as recorded_at,
    coalesce(sn.sensitive, false) as sensitive
  from patient_problems pr
  join patients p on p.company_id = pr.company_id and p.id = pr.patient_id
  join diagnosis_codes dc on dc.company_id = pr.company_id and dc.id = pr.code_id
  left join encounter_notes sn on sn.company_id = pr.company_id and sn.encounter_id = pr.source_encounter_id
  union all
  select ed.company_id, ed.id::text, ed.id, ed.patient_id, p.name, greatest(ed.updated_at, sn.sensitive_changed_at), 'encounter-diagnosis', st.status, st.onset_date,
    st.resolved_date, dc.code, dc.title_en, dc.title_ar, dc.system, ed.encounter_id, ed.created_at, coalesce(sn.sensitive, false)
  from encounter_diagnoses ed
  join patients p on p.company_id = ed.company_id and p.id = ed.patient_id
  join diagnosis_codes dc on dc.company_id = ed.company_id and dc.id = ed.code_id
  left join encounter_notes sn on sn.company_id = ed.company_id and sn.encounter_id = ed.encounter_id
  left join lateral (select pr.status, pr.onset_date, pr.resolved_date from patient_problems pr
    where pr.company_id = ed.company_id and pr.patient_id = ed.patient_id and pr.code_id = ed.code_id
    order by pr.status = 'active' desc, pr.updated_at desc limit 1) st on true) x`;

const SELECT = `x.id, x.category, x.clinical_status as "clinicalStatus", x.onset::text as onset, x.abatement::text as abatement,
  x.code, x.title_en as "titleEn", x.title_ar as "titleAr", x.system, x.encounter_id as "encounterId", x.recorded_at as "recordedAt",
  x.patient_id as "patientId", x.patient_name as "patientName", x.updated_at as "updatedAt", x.sensitive`;

export function conditionShape(c: ConditionRow): Resource {
  return clean({
    resourceType: 'Condition',
    id: c.id,
    meta: clean({ ...meta(c.updatedAt), security: c.sensitive ? [RESTRICTED] : undefined }),
    clinicalStatus: c.clinicalStatus ? { coding: [{ system: CLINICAL_SYSTEM, code: c.clinicalStatus }] } : undefined,
    category: [{ coding: [{ system: CATEGORY_SYSTEM, code: c.category, display: CATEGORIES[c.category] }] }],
    code: { coding: [{ system: codeSystemUri(c.system), code: c.code, display: c.titleEn }], text: c.titleEn },
    subject: reference('Patient', c.patientId, c.patientName),
    encounter: c.encounterId ? reference('Encounter', c.encounterId) : undefined,
    onsetDateTime: c.onset ?? undefined,
    abatementDateTime: c.clinicalStatus === 'resolved' && c.abatement ? c.abatement : undefined,
    recordedDate: instant(c.recordedAt),
  });
}

export const conditionResource: ClinicalResource<ConditionRow> = {
  type: 'Condition',
  params: { category: 'token', code: 'token', 'clinical-status': 'token', 'onset-date': 'date', encounter: 'reference' },
  from: FROM,
  select: SELECT,
  order: 'x.recorded_at desc, x.id',
  filter(q, w) {
    tokenFilter(q, w, 'category', 'x.category', { 'problem-list-item': 'problem-list-item', 'encounter-diagnosis': 'encounter-diagnosis', 'health-concern': null }, CATEGORY_SYSTEM);
    codeFilter(q, w, 'code', 'x.code');
    tokenFilter(q, w, 'clinical-status', 'x.clinical_status', {
      active: 'active', recurrence: null, relapse: null, inactive: null, remission: null, resolved: 'resolved',
    }, CLINICAL_SYSTEM);
    const onset = dateBounds(q, 'onset-date');
    if (onset.from) w.add('x.onset >= ?::date', onset.from);
    if (onset.before) w.add('x.onset < ?::date', onset.before);
    const encounter = referenceParam(q, 'encounter', 'Encounter');
    if (encounter === null) w.none();
    else if (encounter) w.add('x.encounter_id = ?', encounter);
  },
  shape: (row) => conditionShape(row),
};
