/**
 * A patient books themselves: the one-time code proves the number, then one transaction finds or registers the
 * patient, holds the clinic's per-number limits, re-checks the time under the booking rules, stores the appointment
 * (the database's exclusion constraints refuse a time taken meanwhile), and writes the online booking's record, the
 * audit row, the domain event and the desk's bell: all of it commits together or none of it does.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type OnlineBookingDone, type onlineBookingInput, zonedIso } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { signPatientLink } from '../../lib/patient-links.js';
import { nextPublicId } from '../../lib/public-id.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { buffersOf, checkBooking, loadBookingParties, overlapConflict, storeAppointment } from '../appointments/index.js';
import { emit } from '../events/index.js';
import { insertPatient } from '../patients/index.js';
import { notifyStaff } from '../notifications/index.js';
import { mapLink } from '../reminders/index.js';
import { companyOfPage, onlineClinic, windowOf } from './booking-page.service.js';
import { loadOffer, startVerdict, type Offer } from './free-times.js';
import {
  consumeVerification, countPhoneBookings, findPatientByPhoneAndBirth, identityTaken, insertOnlineBooking, lockPhoneBookings, recordWhatsappConsent,
} from './online-booking.repository.js';
import { checkCode } from './phone-codes.js';

type BookingData = z.output<typeof onlineBookingInput>;

/** The lock namespace of quick registration (patients.quick.ts): the desk and the page register one patient per number and birth date. */
const QUICK_LOCK_NAMESPACE = 7311;

export const slotTaken = () => new AppError(409, 'SLOT_TAKEN', 'errors.bookingPage.slotTaken', undefined, { datetime: 'errors.bookingPage.slotTaken' });

/** The database refused the time (exclusion constraint): as raw error or as the booking's translated 409. */
export function isOverlap(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'DOCTOR_DOUBLE_BOOKED' || error.code === 'PATIENT_DOUBLE_BOOKED';
  return overlapConflict(error) !== null;
}

/**
 * The desk's booking rules, except that a refusal naming the patient (an inactive record found by the verified number
 * and date of birth) is answered with a message naming nobody: whoever holds the number may not learn who else is
 * registered with it.
 */
function checkPatientBooking(...args: Parameters<typeof checkBooking>): void {
  try {
    checkBooking(...args);
  } catch (error) {
    if (error instanceof AppError && error.code === 'PATIENT_INACTIVE') throw new AppError(409, 'ONLINE_BOOKING_REFUSED', 'errors.bookingPage.notBookableOnline');
    throw error;
  }
}

/** A start the page may book or move to (422 when never offered; 409 when it was just taken). */
export async function assertOffered(db: Db, companyId: string, offer: Offer, doctorId: string, startsAt: Date): Promise<void> {
  const verdict = await startVerdict(db, companyId, offer, doctorId, startsAt);
  if (verdict === 'taken') throw slotTaken();
  if (verdict === 'invalid') throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { datetime: 'validation.onlineBooking.timeInvalid' });
}

export async function bookOnline(deps: Deps, ctx: RequestContext, slug: string, input: BookingData, now: Date): Promise<OnlineBookingDone & { requested: boolean }> {
  const company = await companyOfPage(deps.db, slug);
  const clinic = await onlineClinic(deps.db, company.id, input.clinic);
  const offer = await loadOffer(deps.db, company.id, windowOf(clinic), { clinic: input.clinic, service: input.service, doctor: input.doctor }, now);
  const startsAt = new Date(input.datetime);
  const { phone, channel } = await checkCode(deps.db, deps.config.jwtSecret, company.id, input.verification, input.code, now);
  await assertOffered(deps.db, company.id, offer, input.doctor, startsAt);
  const endsAt = new Date(startsAt.getTime() + offer.durationMinutes * 60_000);
  const status = clinic.mode === 'request' ? 'requested' as const : 'scheduled' as const;

  let stored: { id: string; publicId: string };
  try {
    stored = await inTransaction(deps.db, async (tx) => {
      if (!(await consumeVerification(tx, company.id, input.verification, now))) throw new AppError(409, 'CODE_USED', 'errors.bookingPage.codeUsed');
      await lockPhoneBookings(tx, company.id, phone);
      const used = await countPhoneBookings(tx, company.id, clinic.id, phone, new Date(now.getTime() - 86_400_000), new Date(now.getTime() - 7 * 86_400_000));
      if (used.day >= clinic.max_per_phone_day) {
        throw new AppError(429, 'BOOKING_LIMIT_DAY', 'errors.bookingPage.perDay', { count: clinic.max_per_phone_day });
      }
      if (used.week >= clinic.max_per_phone_week) {
        throw new AppError(429, 'BOOKING_LIMIT_WEEK', 'errors.bookingPage.perWeek', { count: clinic.max_per_phone_week });
      }
      const patientId = await patientFor(tx, ctx, company.id, phone, input);
      if (channel === 'whatsapp') await recordWhatsappConsent(tx, company.id, patientId, now);
      // The booking rules once more, on the patient's record now (an inactive patient is refused like at the desk).
      const parties = await loadBookingParties(tx, company.id, { patient: patientId, doctor: input.doctor, clinic: clinic.id, service: input.service });
      checkPatientBooking(parties, startsAt, endsAt, offer.earliest);
      const row = await storeAppointment(tx, { companyId: company.id, id: null }, {
        patient: patientId, doctor: input.doctor, clinic: clinic.id, service: input.service, reason: '', startsAt, endsAt,
        ...buffersOf(parties), status, source: 'online',
      });
      await insertOnlineBooking(tx, { companyId: company.id, appointmentId: row.id, clinicId: clinic.id, phone, ip: ctx.ip ?? '', verificationId: input.verification, createdAt: now });
      await recordAudit(tx, ctx, {
        companyId: company.id, actorId: null, action: 'create', entity: 'appointment', entityId: row.id,
        changes: {
          by: 'patient', source: 'online',
          after: { patient: patientId, doctor: input.doctor, clinic: clinic.id, service: input.service, datetime: zonedIso(startsAt, offer.timeZone), status },
        },
      });
      await emit(tx, { type: 'appointment.booked', companyId: company.id, actorId: null, appointmentId: row.id, clinicId: clinic.id, at: now.toISOString(), source: 'online' });
      // The desk's bell, in the same transaction (the booked event's own bell is left out for online bookings).
      await notifyStaff(withDb(deps, tx), company.id, row.id, 'online_booking', null, {
        datetime: zonedIso(startsAt, offer.timeZone), timeZone: offer.timeZone, requested: String(status === 'requested'),
      });
      return { id: row.id, publicId: row.publicId };
    });
  } catch (error) {
    if (isOverlap(error)) throw slotTaken();
    throw error;
  }
  const token = await signPatientLink(deps.config.jwtSecret, { companyId: company.id, appointmentId: stored.id }, startsAt, now);
  const base = deps.config.publicUrl;
  return {
    publicId: stored.publicId, status, requested: status === 'requested',
    datetime: zonedIso(startsAt, offer.timeZone), endsAt: zonedIso(endsAt, offer.timeZone), timeZone: offer.timeZone,
    clinic: clinic.name, address: clinic.address?.trim() || null, mapUrl: mapLink(clinic.location),
    doctor: offer.doctors.find((d) => d.id === input.doctor)?.name ?? '', service: offer.parties.service?.name ?? '',
    link: `${base}/visit#${token}`, icsUrl: `${base}/api/public/visit/ics?token=${encodeURIComponent(token)}`,
  };
}

/**
 * The patient with the verified number and this date of birth, or a new one registered by the page (self-registered,
 * incomplete, for the desk to complete or merge), under the lock quick registration takes, so the desk and the page
 * make one patient. An identity number already on another record is not stored on the new one (it would tell the
 * page that the number is known): it is kept in the patient's details and the audit row. The page's language becomes
 * the patient's preferred language (reminders follow it).
 */
async function patientFor(tx: Db, ctx: RequestContext, companyId: string, phone: string, input: BookingData): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUICK_LOCK_NAMESPACE}::int, hashtext(${`${companyId}:${phone}:${input.dateOfBirth}`}))`);
  const found = await findPatientByPhoneAndBirth(tx, companyId, phone, input.dateOfBirth);
  if (found) return found.id;
  const identity = input.identity?.trim() ?? '';
  const keep = identity && !(await identityTaken(tx, companyId, identity));
  const publicId = await nextPublicId(tx, companyId, 'patient', 'PAT');
  const row = await insertPatient(tx, {
    companyId, publicId, name: input.name, identity: keep ? identity : '', phone, dateOfBirth: input.dateOfBirth, gender: input.gender,
    incomplete: true, selfRegistered: true, details: { preferredLanguage: input.language === 'ar' ? 'Arabic' : 'English', ...(identity && !keep ? { onlineIdentity: identity } : {}) },
    createdBy: null,
  });
  await recordAudit(tx, ctx, {
    companyId, actorId: null, action: 'create', entity: 'patient', entityId: row.id,
    changes: { by: 'patient', source: 'online', after: { publicId, name: input.name, dateOfBirth: input.dateOfBirth, gender: input.gender, identity: identity || null, selfRegistered: true } },
  });
  return row.id;
}
