/**
 * FHIR Appointment create and update through the desk's booking service: a booking through FHIR is checked by the
 * same rules (clinic hours, the doctor's shifts and leave, no double booking), audited and told to its followers as
 * one made at the desk. The participants are read as the read side writes them: Patient/, Practitioner/ (the
 * doctor), Location/ (the clinic) and HealthcareService/ (the service, or `serviceType` with the service id system).
 * The visit's length is the service's: `end` is not read.
 */
import { appointmentCreateInput, appointmentUpdateInput, type AppointmentStatus } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { isId, parseOrThrow } from '../../lib/validation.js';
import { bookAppointment, findAppointment } from '../appointments/index.js';
// The desk's change service is not in the appointments module's entry: exported there it would close an import cycle
// (appointment-changes -> waiting-room -> appointments/index). It is the one file FHIR reaches past the entry for.
// eslint-disable-next-line no-restricted-imports
import { updateAppointment } from '../appointments/appointment-changes.js';
import { APPOINTMENT_STATUS_FROM_FHIR, SYSTEMS } from './fhir.resources.js';
import { asList, checkVersion, inFhirTerms, sameId, type Written } from './fhir.write.js';

/** Where each booking field lives in a FHIR Appointment (the OperationOutcome's `expression`). */
export const APPOINTMENT_ELEMENTS: Record<string, string> = {
  patient: 'Appointment.participant', doctor: 'Appointment.participant', clinic: 'Appointment.participant',
  service: 'Appointment.participant', datetime: 'Appointment.start', reason: 'Appointment.description',
  status: 'Appointment.status', cancellationReason: 'Appointment.cancelationReason', body: 'Appointment',
};

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

const ACTORS = { Patient: 'patient', Practitioner: 'doctor', PractitionerRole: 'doctor', Location: 'clinic', HealthcareService: 'service' } as const;
type Party = (typeof ACTORS)[keyof typeof ACTORS];

/** The participants' ids by role; a reference of another kind, or not an id, is a field error on the participant. */
function partiesOf(r: Obj): Partial<Record<Party, string>> {
  const out: Partial<Record<Party, string>> = {};
  for (const p of asList(r.participant).map(obj)) {
    const ref = obj(p.actor).reference;
    const m = typeof ref === 'string' ? /^(?:.*\/)?(Patient|Practitioner|PractitionerRole|Location|HealthcareService)\/([^/]+)$/.exec(ref) : null;
    if (!m || !isId(m[2]!)) {
      throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, {
        'Appointment.participant': { key: 'errors.fhir.referenceInvalid', params: { type: 'Patient, Practitioner, Location, HealthcareService' } },
      });
    }
    out[ACTORS[m[1] as keyof typeof ACTORS]] ??= m[2]!.toLowerCase();
  }
  const service = asList(r.serviceType).map(obj).flatMap((c) => asList(c.coding).map(obj)).find((c) => c.system === SYSTEMS.serviceId)?.code;
  if (typeof service === 'string' && isId(service)) out.service ??= service.toLowerCase();
  return out;
}

function reasonOf(r: Obj): unknown {
  if (r.description !== undefined) return r.description;
  const code = asList(r.reasonCode).map(obj)[0];
  return code?.text;
}

/** POST Appointment: booked through the booking service (201), or refused with the desk's message. */
export async function createFhirAppointment(deps: Deps, ctx: RequestContext, caller: Caller, r: Obj): Promise<Written> {
  if (r.status !== 'booked') throw validationFailed({ 'Appointment.status': 'errors.fhir.bookedOnly' });
  const parties = partiesOf(r);
  const record = await inFhirTerms(APPOINTMENT_ELEMENTS, async () => {
    const input = parseOrThrow(appointmentCreateInput, { ...parties, datetime: r.start, reason: reasonOf(r) });
    return bookAppointment(deps, ctx, caller, input);
  });
  return { id: record._id, created: true };
}

/**
 * PUT Appointment/{id}: a status along the visit's flow (cancelled with `cancelationReason`), or a new start or
 * doctor (a reschedule under the booking rules). The patient, clinic and service of a booking do not change.
 */
export async function updateFhirAppointment(
  deps: Deps, ctx: RequestContext, caller: Caller, id: string, r: Obj, ifMatch: number | undefined,
): Promise<Written> {
  if (!isId(id)) throw notFound();
  const found = await findAppointment(deps.db, caller.companyId, id);
  if (!found) throw notFound();
  sameId(r, id);
  const { row, record } = found;
  const version = checkVersion(row.version, ifMatch);
  const parties = partiesOf(r);
  for (const [party, current] of [['patient', record.patient._id], ['clinic', record.clinic._id], ['service', record.service._id]] as const) {
    if (parties[party] && parties[party] !== current) {
      throw new AppError(422, 'FHIR_UNSUPPORTED_CHANGE', 'errors.fhir.unsupportedChange', { element: party }, { 'Appointment.participant': 'errors.fhir.unsupportedChange' });
    }
  }
  const status: AppointmentStatus | undefined = typeof r.status === 'string' ? APPOINTMENT_STATUS_FROM_FHIR[r.status] : undefined;
  if (!status) throw validationFailed({ 'Appointment.status': 'errors.fhir.statusInvalid' });
  const change: Obj = { version };
  if (status !== row.status) {
    change.status = status;
    if (status === 'cancelled') change.cancellationReason = obj(r.cancelationReason).text ?? null;
  } else {
    const start = typeof r.start === 'string' ? new Date(r.start) : null;
    if (start && !Number.isNaN(start.getTime()) && start.getTime() !== row.startsAt.getTime()) change.datetime = r.start;
    else if (r.start !== undefined && (!start || Number.isNaN(start.getTime()))) change.datetime = r.start;
    if (parties.doctor && parties.doctor !== record.doctor._id) change.doctor = parties.doctor;
    const reason = reasonOf(r);
    if (typeof reason === 'string' && reason.trim() !== record.reason) change.reason = reason;
  }
  // Nothing differs from the record: the update is answered with the record as it is.
  if (Object.keys(change).length === 1) return { id, created: false };
  await inFhirTerms(APPOINTMENT_ELEMENTS, async () => updateAppointment(deps, ctx, caller, id, parseOrThrow(appointmentUpdateInput, change)), ifMatch);
  return { id, created: false };
}
