/**
 * Rows of the clinic's own tables as HL7 FHIR R4 resources. Pure: the repository loads the rows, these functions
 * shape them. Every resource carries only what the record holds; nothing is invented to fill a required-looking
 * field (FHIR's cardinalities allow the absences below).
 */
import type { AppointmentStatus } from '@clinic/shared';

/** A JSON object as FHIR has it: `resourceType` first. */
export type Resource = { resourceType: string; id?: string } & Record<string, unknown>;

/** Where our own identifiers live, as FHIR identifier systems. */
export const SYSTEMS = {
  patientId: 'urn:clinic:patient-id',
  nationalId: 'urn:clinic:identity',
  employeeId: 'urn:clinic:employee-id',
  licence: 'urn:clinic:medical-licence',
  clinicId: 'urn:clinic:clinic-id',
  serviceId: 'urn:clinic:service-id',
  appointmentId: 'urn:clinic:appointment-id',
  complexId: 'urn:clinic:complex-id',
  departmentId: 'urn:clinic:department-id',
  speciality: 'urn:clinic:speciality',
  price: 'urn:clinic:fhir:price',
  durationMinutes: 'urn:clinic:fhir:duration-minutes',
  cancellationReason: 'urn:clinic:fhir:cancellation-reason',
} as const;

/** The visit flow's statuses as FHIR R4 Appointment.status codes (http://hl7.org/fhir/appointmentstatus). */
export const APPOINTMENT_STATUS_TO_FHIR: Readonly<Record<AppointmentStatus, string>> = {
  requested: 'pending',
  scheduled: 'booked',
  arrived: 'arrived',
  in_consultation: 'checked-in',
  completed: 'fulfilled',
  no_show: 'noshow',
  cancelled: 'cancelled',
};
/** FHIR codes back to ours, for the `status` search parameter. */
export const APPOINTMENT_STATUS_FROM_FHIR: Readonly<Record<string, AppointmentStatus>> = Object.fromEntries(
  Object.entries(APPOINTMENT_STATUS_TO_FHIR).map(([ours, fhir]) => [fhir, ours as AppointmentStatus]),
);
/** Every code of FHIR's administrative-gender value set. */
export const FHIR_GENDERS = ['male', 'female', 'other', 'unknown'] as const;

export function fhirGender(gender: string | null | undefined): (typeof FHIR_GENDERS)[number] {
  const g = (gender ?? '').toLowerCase();
  return g === 'male' || g === 'female' ? g : 'unknown';
}

/**
 * A name as FHIR's HumanName: the text exactly as recorded (Arabic, Latin or both scripts, never transliterated),
 * and given/family split on spaces when the name has more than one word.
 */
export function humanName(name: string): Record<string, unknown> {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const out: Record<string, unknown> = { use: 'official', text: name.trim() };
  if (words.length > 1) {
    out.family = words.at(-1);
    out.given = words.slice(0, -1);
  } else if (words.length === 1) {
    out.given = words;
  }
  return out;
}

/** Contact points without empty values. */
function telecom(phone: string | null | undefined, email: string | null | undefined, extra: ReadonlyArray<{ system: string; value: string }> = []) {
  const out: Array<Record<string, string>> = [];
  if (phone?.trim()) out.push({ system: 'phone', value: phone.trim() });
  if (email?.trim()) out.push({ system: 'email', value: email.trim() });
  for (const e of extra) if (e.value.trim()) out.push({ system: e.system, value: e.value.trim() });
  return out.length ? out : undefined;
}

/** Drops undefined members (FHIR forbids nulls and empty arrays). */
export function clean<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0) || v === '') delete o[k];
  }
  return o;
}

export const reference = (type: string, id: string, display?: string | null) => clean({ reference: `${type}/${id}`, display: display ?? undefined });
export const instant = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();
export const meta = (updatedAt: Date | string | null | undefined, version?: number | null) =>
  (updatedAt ? clean({ versionId: version ? String(version) : undefined, lastUpdated: instant(updatedAt) }) : undefined);
/** The confidentiality label of what a sensitive encounter holds (http://terminology.hl7.org/CodeSystem/v3-Confidentiality). */
export const RESTRICTED = { system: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality', code: 'R', display: 'restricted' };

export interface PatientRow {
  id: string; publicId: string; name: string; identity: string; phone: string | null; email: string | null;
  dateOfBirth: string; gender: string | null; isActive: boolean; preferredLanguage: string | null; updatedAt: Date | null;
  /** The record's version (FHIR's meta.versionId and the ETag W/"n" an update's If-Match names). */
  version?: number;
}
const LANGUAGE_CODES: Record<string, string> = { English: 'en', Arabic: 'ar', French: 'fr', Spanish: 'es', German: 'de', Italian: 'it' };

type Identifier = { use: string; system: string; value: string };
type PersonRow = { id: string; name: string; phone: string | null; email: string | null; isActive: boolean; updatedAt: Date | null; version?: number };

/** What a Patient and a Practitioner both carry: the id, when it last changed, identifiers, active, name and contacts. */
function person(resourceType: 'Patient' | 'Practitioner', row: PersonRow, identifier: Identifier[]) {
  return {
    resourceType,
    id: row.id,
    meta: meta(row.updatedAt, row.version),
    identifier,
    active: row.isActive,
    name: [humanName(row.name)],
    telecom: telecom(row.phone, row.email),
  };
}

export function patientResource(p: PatientRow): Resource {
  const language = p.preferredLanguage ? LANGUAGE_CODES[p.preferredLanguage] : undefined;
  return clean({
    ...person('Patient', p, [
      { use: 'usual', system: SYSTEMS.patientId, value: p.publicId },
      // A patient registered quickly has no identity number until the full form is saved.
      ...(p.identity ? [{ use: 'official', system: SYSTEMS.nationalId, value: p.identity }] : []),
    ]),
    gender: fhirGender(p.gender),
    birthDate: p.dateOfBirth,
    communication: language ? [{ language: { coding: [{ system: 'urn:ietf:bcp:47', code: language }], text: p.preferredLanguage }, preferred: true }] : undefined,
  });
}

export interface DoctorRow {
  id: string; publicId: string; name: string; email: string | null; phone: string | null; gender: string | null;
  dateOfBirth: string | null; isActive: boolean; medicalLicenseNumber: string | null; updatedAt: Date | null;
  clinics: Array<{ id: string; name: string }>; specialities: Array<{ id: string; name: string }>;
}

export function practitionerResource(d: DoctorRow): Resource {
  return clean({
    ...person('Practitioner', d, [
      { use: 'usual', system: SYSTEMS.employeeId, value: d.publicId },
      ...(d.medicalLicenseNumber?.trim() ? [{ use: 'official', system: SYSTEMS.licence, value: d.medicalLicenseNumber.trim() }] : []),
    ]),
    gender: d.gender ? fhirGender(d.gender) : undefined,
    birthDate: d.dateOfBirth ?? undefined,
  });
}

/** One role per doctor: the doctor at every clinic they work at, with their specialities. */
export function practitionerRoleResource(d: DoctorRow, companyId: string): Resource {
  return clean({
    resourceType: 'PractitionerRole',
    id: d.id,
    meta: meta(d.updatedAt),
    active: d.isActive,
    practitioner: reference('Practitioner', d.id, d.name),
    organization: reference('Organization', companyId),
    code: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/practitioner-role', code: 'doctor', display: 'Doctor' }] }],
    specialty: d.specialities.map((s) => ({ coding: [{ system: SYSTEMS.speciality, code: s.id, display: s.name }], text: s.name })),
    location: d.clinics.map((c) => reference('Location', c.id, c.name)),
  });
}

export interface OrganizationRow {
  id: string; kind: 'company' | 'complex' | 'department'; publicId: string | null; name: string; isActive: boolean;
  phone: string | null; email: string | null; address: string | null; partOf: string | null; updatedAt: Date | null;
}
const ORG_TYPES = {
  company: { code: 'prov', display: 'Healthcare Provider' },
  complex: { code: 'prov', display: 'Healthcare Provider' },
  department: { code: 'dept', display: 'Hospital Department' },
} as const;

export function organizationResource(o: OrganizationRow): Resource {
  const type = ORG_TYPES[o.kind];
  return clean({
    resourceType: 'Organization',
    id: o.id,
    meta: meta(o.updatedAt),
    identifier: o.publicId ? [{ use: 'usual', system: o.kind === 'department' ? SYSTEMS.departmentId : SYSTEMS.complexId, value: o.publicId }] : undefined,
    active: o.isActive,
    type: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', ...type }] }],
    name: o.name,
    telecom: telecom(o.phone, o.email),
    address: o.address?.trim() ? [{ text: o.address.trim() }] : undefined,
    partOf: o.partOf ? reference('Organization', o.partOf) : undefined,
  });
}

export interface ClinicRow {
  id: string; publicId: string; name: string; isActive: boolean; timeZone: string; address: string | null;
  location: { x?: number; y?: number } | null; organization: string; updatedAt: Date | null;
}

export function locationResource(c: ClinicRow): Resource {
  const lat = Number(c.location?.x);
  const lng = Number(c.location?.y);
  const hasPosition = c.location && Number.isFinite(lat) && Number.isFinite(lng);
  return clean({
    resourceType: 'Location',
    id: c.id,
    meta: meta(c.updatedAt),
    identifier: [{ use: 'usual', system: SYSTEMS.clinicId, value: c.publicId }],
    status: c.isActive ? 'active' : 'inactive',
    name: c.name,
    mode: 'instance',
    type: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode', code: 'OF', display: 'Outpatient facility' }] }],
    address: c.address?.trim() ? { text: c.address.trim() } : undefined,
    position: hasPosition ? { latitude: lat, longitude: lng } : undefined,
    managingOrganization: reference('Organization', c.organization),
    extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/timezone', valueCode: c.timeZone }],
  });
}

export interface ServiceRow {
  id: string; publicId: string; name: string; description: string; price: string; durationMinutes: number | null;
  isActive: boolean; clinicId: string; clinicName: string; currency: string | null; updatedAt: Date | null;
}

export function healthcareServiceResource(s: ServiceRow, companyId: string): Resource {
  const price = Number(s.price);
  return clean({
    resourceType: 'HealthcareService',
    id: s.id,
    meta: meta(s.updatedAt),
    identifier: [{ use: 'usual', system: SYSTEMS.serviceId, value: s.publicId }],
    active: s.isActive,
    providedBy: reference('Organization', companyId),
    location: [reference('Location', s.clinicId, s.clinicName)],
    name: s.name,
    comment: s.description?.trim() || undefined,
    // FHIR R4's HealthcareService has no price or length: both travel as extensions.
    extension: [
      ...(Number.isFinite(price) ? [{ url: SYSTEMS.price, valueMoney: clean({ value: price, currency: s.currency ?? undefined }) }] : []),
      ...(s.durationMinutes ? [{ url: SYSTEMS.durationMinutes, valueDuration: { value: s.durationMinutes, unit: 'min', system: 'http://unitsofmeasure.org', code: 'min' } }] : []),
    ],
  });
}

export interface AppointmentRow {
  id: string; publicId: string; status: AppointmentStatus; startsAt: Date; endsAt: Date; reason: string;
  cancellationReason: string | null; createdAt: Date | null; updatedAt: Date | null;
  patientId: string; patientName: string; doctorId: string; doctorName: string; clinicId: string; clinicName: string;
  serviceId: string; serviceName: string; version?: number;
  /**
   * Whether the visit's encounter note is marked sensitive: the resource then leaves out the reason and carries the
   * label R, as the Encounter does (its `updatedAt` counts the instant the mark last flipped).
   */
  sensitive?: boolean;
}

export function appointmentResource(a: AppointmentRow): Resource {
  const minutes = Math.round((a.endsAt.getTime() - a.startsAt.getTime()) / 60_000);
  const participation = (type: string, id: string, display: string) => ({
    actor: reference(type, id, display),
    required: 'required',
    status: a.status === 'cancelled' ? 'declined' : 'accepted',
  });
  return clean({
    resourceType: 'Appointment',
    id: a.id,
    meta: a.sensitive ? { ...meta(a.updatedAt, a.version), security: [RESTRICTED] } : meta(a.updatedAt, a.version),
    identifier: [{ use: 'usual', system: SYSTEMS.appointmentId, value: a.publicId }],
    status: APPOINTMENT_STATUS_TO_FHIR[a.status],
    cancelationReason: a.status === 'cancelled' && a.cancellationReason ? { text: a.cancellationReason } : undefined,
    serviceType: [{ coding: [{ system: SYSTEMS.serviceId, code: a.serviceId, display: a.serviceName }], text: a.serviceName }],
    description: (!a.sensitive && a.reason?.trim()) || undefined,
    start: instant(a.startsAt),
    end: instant(a.endsAt),
    minutesDuration: minutes > 0 ? minutes : undefined,
    created: a.createdAt ? instant(a.createdAt) : undefined,
    participant: [
      participation('Patient', a.patientId, a.patientName),
      participation('Practitioner', a.doctorId, a.doctorName),
      participation('Location', a.clinicId, a.clinicName),
    ],
  });
}

/** A doctor's schedule: the doctor at their clinics (one per doctor, the same id as the doctor). */
export function scheduleResource(d: DoctorRow): Resource {
  return clean({
    resourceType: 'Schedule',
    id: d.id,
    meta: meta(d.updatedAt),
    active: d.isActive,
    actor: [reference('Practitioner', d.id, d.name), ...d.clinics.map((c) => reference('Location', c.id, c.name))],
    specialty: d.specialities.map((s) => ({ coding: [{ system: SYSTEMS.speciality, code: s.id, display: s.name }], text: s.name })),
  });
}

export interface SlotRow { id: string; scheduleId: string; status: 'free' | 'busy'; start: Date; end: Date; clinicName: string }

export function slotResource(s: SlotRow): Resource {
  return {
    resourceType: 'Slot',
    id: s.id,
    schedule: reference('Schedule', s.scheduleId),
    status: s.status,
    start: instant(s.start),
    end: instant(s.end),
    comment: s.clinicName,
  };
}

/** The system of the API's own error codes (`FORBIDDEN`, `VALIDATION_FAILED`, ...) inside an OperationOutcome. */
export const ERROR_CODE_SYSTEM = 'urn:clinic:error-code';

/**
 * Errors that no retry mends although they are 5xx: Bulk Data clients keep polling on a code of the transient group
 * ('exception' is one), so these say 'processing' (the request itself failed).
 */
const NOT_TRANSIENT = new Set(['FHIR_EXPORT_FAILED']);

/** The OperationOutcome every FHIR route answers with when it refuses a request. */
export function operationOutcome(status: number, diagnostics: string, fields?: Record<string, string>, errorCode?: string): Resource {
  const code = errorCode && NOT_TRANSIENT.has(errorCode) ? 'processing' : status === 401 ? 'login' : status === 403 ? 'forbidden' : status === 404 ? 'not-found' : status === 409 ? 'conflict'
    : status === 413 ? 'too-costly' : status === 422 || status === 400 ? 'invalid' : status >= 500 ? 'exception' : 'processing';
  const severity = status >= 500 ? 'fatal' : 'error';
  const perField = Object.entries(fields ?? {}).map(([field, text]) => ({ severity, code, diagnostics: text, expression: [field] }));
  // Our own error code travels in details, as in every other answer of the API.
  const details = errorCode ? { details: { coding: [{ system: ERROR_CODE_SYSTEM, code: errorCode }] } } : {};
  return { resourceType: 'OperationOutcome', issue: [{ severity, code, diagnostics, ...details }, ...perField] };
}
