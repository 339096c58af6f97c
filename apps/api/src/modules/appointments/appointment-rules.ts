import { DEFAULT_LATE_CANCELLATION_HOURS, DEFAULT_VISIT_MINUTES, hasPermission, type ErrorCode } from '@clinic/shared';
import { evaluateStart } from '../../domain/scheduling/bookable.js';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/app-types.js';
import { AppError, type FieldMessage } from '../../lib/errors.js';
import { companyLateCancellationHours } from './appointments.repository.js';
import type { BookingParties } from './scheduling.repository.js';

/*
 * The booking rules every way of booking shares (one appointment, a series, the waitlist): the refusals they
 * answer with, the checks of a booking's parties and time, and the lengths and buffers a visit takes.
 */

const NOT_FOUND_CODES = {
  appointment: 'NOT_FOUND', patient: 'PATIENT_NOT_FOUND', doctor: 'DOCTOR_NOT_FOUND', clinic: 'CLINIC_NOT_FOUND', service: 'SERVICE_NOT_FOUND',
} as const satisfies Record<string, ErrorCode>;

export const notFound = (what: keyof typeof NOT_FOUND_CODES) => new AppError(404, NOT_FOUND_CODES[what], `errors.scheduling.${what}NotFound`);

/** A refused rule: 422 with the precise message, also attached to the field it concerns. */
export function ruleError(code: ErrorCode, key: string, field: string, params: Record<string, string | number> = {}) {
  const fields: Record<string, FieldMessage> = { [field]: { key, params } };
  return new AppError(422, code, key, params, fields);
}

/**
 * Everything except the overlap: references exist in the caller's company (404 otherwise), every party is
 * active, the service belongs to the clinic, the doctor works there and provides it, and the time keeps the
 * clinic's and doctor's hours. Overlaps are left to the database, which refuses them atomically.
 */
export function checkBooking(p: BookingParties, startsAt: Date, endsAt: Date, now: Date) {
  if (!p.patient) throw notFound('patient');
  if (!p.doctor) throw notFound('doctor');
  if (!p.clinic) throw notFound('clinic');
  if (!p.service) throw notFound('service');
  if (p.doctor.employeeType !== 'Doctor') throw ruleError('NOT_A_DOCTOR', 'errors.scheduling.notADoctor', 'doctor', { name: p.doctor.name });
  if (!p.patient.isActive) throw ruleError('PATIENT_INACTIVE', 'errors.scheduling.patientInactive', 'patient', { name: p.patient.name });
  if (!p.doctor.isActive) throw ruleError('DOCTOR_INACTIVE', 'errors.scheduling.doctorInactive', 'doctor', { name: p.doctor.name });
  if (!p.clinic.isActive) throw ruleError('CLINIC_INACTIVE', 'errors.scheduling.clinicInactive', 'clinic', { name: p.clinic.name });
  if (!p.service.isActive) throw ruleError('SERVICE_INACTIVE', 'errors.scheduling.serviceInactive', 'service', { name: p.service.name });
  if (p.service.clinicId !== p.clinic.id) {
    throw ruleError('SERVICE_NOT_AT_CLINIC', 'errors.scheduling.serviceNotAtClinic', 'service', { service: p.service.name, clinic: p.clinic.name });
  }
  if (!p.doctorWorksAtClinic) {
    throw ruleError('DOCTOR_NOT_AT_CLINIC', 'errors.scheduling.doctorNotAtClinic', 'doctor', { doctor: p.doctor.name, clinic: p.clinic.name });
  }
  if (!p.doctorProvidesService) {
    throw ruleError('DOCTOR_NOT_PROVIDING_SERVICE', 'errors.scheduling.doctorNotProvidingService', 'doctor', { doctor: p.doctor.name, service: p.service.name });
  }
  // The same rule engine that offers free times (next-free, FHIR Slot): overlaps are left to the database here.
  const verdict = evaluateStart({ clinic: p.clinic, doctor: p.doctor, durationMinutes: (endsAt.getTime() - startsAt.getTime()) / 60_000, now }, startsAt);
  if (!verdict.ok) throw ruleError(verdict.reason.code, verdict.reason.key, 'datetime', verdict.reason.params);
}

export function visitMinutes(p: BookingParties): number {
  return visitLength(p.service?.durationMinutes, p.clinic?.averageVisitMinutes);
}

/** A visit's minutes: the service's own length, else the clinic's usual visit, else DEFAULT_VISIT_MINUTES. */
export function visitLength(serviceMinutes: number | null | undefined, clinicMinutes: number | null | undefined): number {
  const minutes = serviceMinutes ?? clinicMinutes ?? DEFAULT_VISIT_MINUTES;
  return minutes > 0 ? minutes : DEFAULT_VISIT_MINUTES;
}

/** The permission to book on top of a doctor's other appointment ("book anyway"). */
export function mayOverbook(caller: Caller): boolean {
  return hasPermission(caller.permissions, 'appointment_overbook');
}

/** The service's buffers (the doctor's time blocked before and after the visit). */
export function buffersOf(p: BookingParties) {
  return { bufferBeforeMinutes: p.service?.bufferBeforeMinutes ?? 0, bufferAfterMinutes: p.service?.bufferAfterMinutes ?? 0 };
}

/**
 * A doctor's blocked time as a new visit of `service` sees it: each range widened by the new visit's own buffers, so
 * a start clear of them is one the database's overlap check accepts.
 */
export function heldTimes(busy: ReadonlyArray<{ startsAt: Date; endsAt: Date }>, service: { bufferBeforeMinutes: number; bufferAfterMinutes: number }) {
  return busy.map((b) => ({
    startsAt: new Date(b.startsAt.getTime() - service.bufferAfterMinutes * 60_000), endsAt: new Date(b.endsAt.getTime() + service.bufferBeforeMinutes * 60_000),
  }));
}

/** The company's late-cancellation hours. */
export async function lateCancellationHours(db: Db, companyId: string): Promise<number> {
  return (await companyLateCancellationHours(db, companyId)) ?? DEFAULT_LATE_CANCELLATION_HOURS;
}
