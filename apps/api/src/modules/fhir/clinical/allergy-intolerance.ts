/**
 * AllergyIntolerance: the patient's allergies and intolerances (`patient_allergies`: substance as written, reaction,
 * severity, status) and "no known allergies" recorded explicitly (`patient_allergy_states`), which is the SNOMED CT
 * code 716186003 "No known allergy" with the id `nka-<patient id>` (while the patient has no active allergy). A
 * patient never asked has neither: no resource says "not asked".
 *
 * Criticality comes from the severity (mild and moderate: low; severe and life-threatening: high; none stated: none).
 * The reaction's severity uses FHIR's three grades (life-threatening is severe there).
 */
import { clean, instant, meta, reference, type Resource } from '../fhir.resources.js';
import { instantFilter, tokenFilter, type ClinicalResource } from './types.js';

export const NO_KNOWN_ALLERGY = { system: 'http://snomed.info/sct', code: '716186003', display: 'No known allergy' };
const CLINICAL_SYSTEM = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
const VERIFICATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification';
const CRITICALITY: Readonly<Record<string, string>> = { mild: 'low', moderate: 'low', severe: 'high', life_threatening: 'high' };
const REACTION_SEVERITY: Readonly<Record<string, string>> = { mild: 'mild', moderate: 'moderate', severe: 'severe', life_threatening: 'severe' };

export interface AllergyRow {
  id: string; nka: boolean; substance: string | null; type: string | null; reaction: string | null; severity: string | null;
  status: string; encounterId: string | null; recordedAt: Date | string | null; patientId: string; patientName: string;
  updatedAt: Date | string;
}

const FROM = `(select a.company_id, a.id::text as id, a.id as row_id, a.patient_id, p.name as patient_name, a.updated_at, false as nka,
    a.substance, a.type, a.reaction, a.severity, a.status, a.encounter_id, a.recorded_at
  from patient_allergies a
  join patients p on p.company_id = a.company_id and p.id = a.patient_id
  union all
  select s.company_id, 'nka-' || s.patient_id::text, s.patient_id, s.patient_id, p.name, s.updated_at, true, null, null, null, null,
    'active', null, s.recorded_at
  from patient_allergy_states s
  join patients p on p.company_id = s.company_id and p.id = s.patient_id
  where s.no_known_allergies and not exists (select 1 from patient_allergies a
    where a.company_id = s.company_id and a.patient_id = s.patient_id and a.status = 'active')) x`;

const SELECT = `x.id, x.nka, x.substance, x.type, x.reaction, x.severity, x.status, x.encounter_id as "encounterId",
  x.recorded_at as "recordedAt", x.patient_id as "patientId", x.patient_name as "patientName", x.updated_at as "updatedAt"`;

const status = (system: string, code: string) => ({ coding: [{ system, code }] });

export function allergyShape(a: AllergyRow): Resource {
  if (a.nka) {
    return clean({
      resourceType: 'AllergyIntolerance',
      id: a.id,
      meta: meta(a.updatedAt),
      clinicalStatus: status(CLINICAL_SYSTEM, 'active'),
      verificationStatus: status(VERIFICATION_SYSTEM, 'confirmed'),
      code: { coding: [NO_KNOWN_ALLERGY], text: NO_KNOWN_ALLERGY.display },
      patient: reference('Patient', a.patientId, a.patientName),
      recordedDate: a.recordedAt ? instant(a.recordedAt) : undefined,
    });
  }
  return clean({
    resourceType: 'AllergyIntolerance',
    id: a.id,
    meta: meta(a.updatedAt),
    clinicalStatus: status(CLINICAL_SYSTEM, a.status),
    type: a.type === 'intolerance' ? 'intolerance' : 'allergy',
    criticality: a.severity ? CRITICALITY[a.severity] : undefined,
    code: { text: a.substance },
    patient: reference('Patient', a.patientId, a.patientName),
    encounter: a.encounterId ? reference('Encounter', a.encounterId) : undefined,
    recordedDate: a.recordedAt ? instant(a.recordedAt) : undefined,
    reaction: a.reaction?.trim()
      ? [clean({ manifestation: [{ text: a.reaction.trim() }], severity: a.severity ? REACTION_SEVERITY[a.severity] : undefined })]
      : undefined,
  });
}

export const allergyIntoleranceResource: ClinicalResource<AllergyRow> = {
  type: 'AllergyIntolerance',
  params: { 'clinical-status': 'token', type: 'token', date: 'date' },
  from: FROM,
  select: SELECT,
  order: 'x.recorded_at desc nulls last, x.id',
  filter(q, w, timeZone) {
    tokenFilter(q, w, 'clinical-status', 'x.status', { active: 'active', inactive: 'inactive', resolved: 'resolved' }, CLINICAL_SYSTEM);
    tokenFilter(q, w, 'type', 'x.type', { allergy: 'allergy', intolerance: 'intolerance' });
    instantFilter(q, w, 'date', 'x.recorded_at', timeZone);
  },
  shape: (row) => allergyShape(row),
};
