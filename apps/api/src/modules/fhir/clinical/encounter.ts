/**
 * Encounter: the visit's clinical record (table `encounters`). The status follows the note: a draft is `in-progress`,
 * a signed note `finished`. A visit is ambulatory (AMB); phone advice without an appointment is virtual (VR).
 *
 * The note itself is never part of the resource (neither its text nor its addenda). An encounter whose note is marked
 * sensitive also leaves out the visit's reason and carries the confidentiality label R (restricted) in meta.security.
 */
import { clean, instant, meta, reference, RESTRICTED, type Resource } from '../fhir.resources.js';
import { instantFilter, tokenFilter, type ClinicalResource } from './types.js';

export interface EncounterRow {
  id: string; kind: string; status: string; patientId: string; patientName: string; doctorId: string; doctorName: string;
  clinicId: string | null; clinicName: string | null; provider: string; appointmentId: string | null; reason: string | null;
  openedAt: Date | string; signedAt: Date | string | null; sensitive: boolean; updatedAt: Date | string;
  diagnoses: Array<{ id: string; rank: string }> | null;
}

/** Our encounter states as FHIR Encounter.status codes (http://hl7.org/fhir/encounter-status). */
export const ENCOUNTER_STATUS_TO_FHIR: Readonly<Record<string, string>> = { open: 'in-progress', signed: 'finished' };
/** Every Encounter.status code: ours map back, the others match nothing. */
const STATUS_CODES: Record<string, string | null> = {
  planned: null, arrived: null, triaged: null, 'in-progress': 'open', onleave: null, finished: 'signed', cancelled: null,
  'entered-in-error': null, unknown: null,
};
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const CLASSES: Readonly<Record<string, { code: string; display: string }>> = {
  visit: { code: 'AMB', display: 'ambulatory' },
  phone: { code: 'VR', display: 'virtual' },
};
const CLASS_CODES: Record<string, string | null> = { AMB: 'visit', VR: 'phone', EMER: null, HH: null, IMP: null };

const FROM = `(select e.company_id, e.id::text as id, e.id as row_id, e.patient_id, greatest(e.updated_at, n.sensitive_changed_at) as updated_at, e.kind, e.status, e.opened_at,
    e.signed_at, e.reason, e.appointment_id, e.doctor_id, d.name as doctor_name, p.name as patient_name, e.clinic_id,
    c.name as clinic_name, coalesce(c.department_id, c.clinic_collection_id, e.company_id) as provider,
    coalesce(n.sensitive, false) as sensitive
  from encounters e
  join patients p on p.company_id = e.company_id and p.id = e.patient_id
  join employees d on d.company_id = e.company_id and d.id = e.doctor_id
  left join clinics c on c.company_id = e.company_id and c.id = e.clinic_id
  left join encounter_notes n on n.company_id = e.company_id and n.encounter_id = e.id) x`;

const SELECT = `x.id, x.kind, x.status, x.patient_id as "patientId", x.patient_name as "patientName", x.doctor_id as "doctorId",
  x.doctor_name as "doctorName", x.clinic_id as "clinicId", x.clinic_name as "clinicName", x.provider, x.appointment_id as "appointmentId",
  x.reason, x.opened_at as "openedAt", x.signed_at as "signedAt", x.sensitive, x.updated_at as "updatedAt",
  (select json_agg(json_build_object('id', ed.id, 'rank', ed.rank) order by ed.rank, ed.created_at, ed.id)
     from encounter_diagnoses ed where ed.company_id = x.company_id and ed.encounter_id = x.row_id) as diagnoses`;

export function encounterShape(e: EncounterRow): Resource {
  const kind = CLASSES[e.kind] ?? CLASSES.visit!;
  return clean({
    resourceType: 'Encounter',
    id: e.id,
    meta: clean({ ...meta(e.updatedAt), security: e.sensitive ? [RESTRICTED] : undefined }),
    status: ENCOUNTER_STATUS_TO_FHIR[e.status] ?? 'unknown',
    class: { system: ACT_CODE, ...kind },
    subject: reference('Patient', e.patientId, e.patientName),
    participant: [{
      type: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType', code: 'ATND', display: 'attender' }] }],
      individual: reference('Practitioner', e.doctorId, e.doctorName),
    }],
    appointment: e.appointmentId ? [reference('Appointment', e.appointmentId)] : undefined,
    period: clean({ start: instant(e.openedAt), end: e.signedAt ? instant(e.signedAt) : undefined }),
    reasonCode: !e.sensitive && e.reason?.trim() ? [{ text: e.reason.trim() }] : undefined,
    diagnosis: (e.diagnoses ?? []).map((d) => ({ condition: reference('Condition', d.id), rank: d.rank === 'primary' ? 1 : 2 })),
    location: e.clinicId ? [{ location: reference('Location', e.clinicId, e.clinicName) }] : undefined,
    serviceProvider: reference('Organization', e.provider),
  });
}

export const encounterResource: ClinicalResource<EncounterRow> = {
  type: 'Encounter',
  params: { date: 'date', status: 'token', class: 'token' },
  from: FROM,
  select: SELECT,
  order: 'x.opened_at desc, x.id',
  filter(q, w, timeZone) {
    instantFilter(q, w, 'date', 'x.opened_at', timeZone);
    tokenFilter(q, w, 'status', 'x.status', STATUS_CODES, 'http://hl7.org/fhir/encounter-status');
    tokenFilter(q, w, 'class', 'x.kind', CLASS_CODES, ACT_CODE);
  },
  shape: (row) => encounterShape(row),
};
