/**
 * From the patient's link (lib/patient-links.ts): free times to move the visit to (same clinic, service and doctor,
 * the same rules and the clinic's online notice and horizon), the move itself in one step, and the visit as a
 * calendar file. A visit can move online while its clinic takes online bookings, it is scheduled or requested and it
 * has not begun, at most `PATIENT_MOVES_MAX` times from the patient's links (then the patient calls the clinic).
 */
import { type BookingTimes, effectiveHijriMode, safeTimeZone, zonedIso } from '@clinic/shared';
import type { Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { lockAppointment, updateAppointmentAt } from '../appointments/index.js';
import { emit } from '../events/index.js';
import { mapLink, messageLanguage, reminderIcs } from '../reminders/index.js';
import { assertLinkCurrent, openPatientLink, signPatientLink } from '../../lib/patient-links.js';
import { assertOffered, isOverlap, slotTaken } from './book.service.js';
import { assertDaysAsked, daysWithTimes } from './booking-page.service.js';
import { loadOffer, offerStarts, windowDates, type Offer } from './free-times.js';
import { countPatientMoves, findClinicSettings, findVisitToMove, recordPatientMove } from './online-booking.repository.js';

/** How many times a patient may move one appointment from their links (each move re-plans its reminders). */
export const PATIENT_MOVES_MAX = 2;

const notMovable = () => new AppError(409, 'VISIT_NOT_MOVABLE', 'errors.bookingPage.visitNotMovable');
const movesUsed = () => new AppError(409, 'VISIT_NOT_MOVABLE', 'errors.bookingPage.movesUsed');

/** The link's visit: 401 when there is none (or its patient record is inactive), 410 when it moved since the link was signed. */
async function visitOf(deps: Deps, token: string, now: Date) {
  const claims = await openPatientLink(deps.db, deps.config.jwtSecret, token, now);
  const visit = await findVisitToMove(deps.db, claims.companyId, claims.appointmentId);
  if (!visit) throw new AppError(401, 'LINK_INVALID', 'errors.reminders.linkInvalid');
  assertLinkCurrent(claims, visit.starts_at);
  return { claims, visit };
}

/** The offer of the visit's own clinic, service and doctor under the clinic's online window (409 when it cannot move). */
async function moveOffer(deps: Deps, token: string, now: Date) {
  const { claims, visit } = await visitOf(deps, token, now);
  const startsAt = new Date(visit.starts_at);
  if (!['scheduled', 'requested'].includes(visit.status) || startsAt.getTime() <= now.getTime()) throw notMovable();
  const settings = await findClinicSettings(deps.db, claims.companyId, visit.clinic_id);
  if (!settings?.enabled) throw notMovable();
  // Said before the patient chooses a time; the move re-checks it under the appointment's lock.
  if ((await countPatientMoves(deps.db, claims.companyId, visit.id)) >= PATIENT_MOVES_MAX) throw movesUsed();
  const window = { minNoticeMinutes: settings.minNoticeMinutes, horizonDays: settings.horizonDays, serviceIds: [visit.service_id], doctorIds: [visit.doctor_id] };
  let offer: Offer;
  try {
    offer = await loadOffer(deps.db, claims.companyId, window, { clinic: visit.clinic_id, service: visit.service_id, doctor: visit.doctor_id }, now);
  } catch (err) {
    // The clinic, the service or the doctor is no longer offered: the visit cannot move online. Anything else (the
    // database failing) is not the patient's answer and is not hidden behind it.
    if (err instanceof AppError && err.code === 'BOOKING_OFFER_NOT_FOUND') throw notMovable();
    throw err;
  }
  // The visit keeps its length, as when the desk moves it; its own time is not held against it.
  const length = (new Date(visit.ends_at).getTime() - startsAt.getTime()) / 60_000;
  return { claims, visit, offer: { ...offer, durationMinutes: length, exceptId: visit.id } };
}

/** The clinic-local days from `from` to `to` (at most MAX_DAYS_ASKED) with a free time the visit of the link can move to. */
export async function visitDays(deps: Deps, token: string, from: string, to: string, now: Date): Promise<{ days: string[] }> {
  assertDaysAsked(from, to);
  const { claims, offer } = await moveOffer(deps, token, now);
  return daysWithTimes(deps.db, claims.companyId, offer, from, to);
}

export async function visitTimes(deps: Deps, token: string, date: string, now: Date): Promise<BookingTimes> {
  const { claims, offer } = await moveOffer(deps, token, now);
  const starts = await offerStarts(deps.db, claims.companyId, offer, windowDates(offer, date, date), 100);
  return {
    date, timeZone: offer.timeZone,
    times: starts.map((s) => ({ datetime: zonedIso(s.startsAt, offer.timeZone), doctor: { _id: s.doctorId, name: s.doctorName } })),
  };
}

/**
 * Moves the visit to a free time in one statement that re-checks it is still in the status and at the version it
 * was read at (a simultaneous change by the desk wins: 409); the database refuses a time taken meanwhile (409, choose
 * another). At most `PATIENT_MOVES_MAX` moves per appointment: counted under the appointment's row lock, each move
 * recorded in the same transaction (so simultaneous moves cannot pass the limit together). Audited with no staff
 * actor and `by: patient`; its event re-plans the reminders still ahead (none sent at once) and tells the desk.
 * Answers the token of a new link, signed for the new time (the link used lapses with the old one); the patient's
 * page (modules/reminders) answers the visit as it now is. Its own time is no move: the link used is answered.
 */
export async function rescheduleVisit(deps: Deps, ctx: RequestContext, token: string, datetime: string, now: Date): Promise<string> {
  const { claims, visit, offer } = await moveOffer(deps, token, now);
  const startsAt = new Date(datetime);
  if (startsAt.getTime() === new Date(visit.starts_at).getTime()) return token;
  await assertOffered(deps.db, claims.companyId, offer, visit.doctor_id, startsAt);
  const endsAt = new Date(startsAt.getTime() + offer.durationMinutes * 60_000);
  const status = visit.status as 'scheduled' | 'requested';
  try {
    await inTransaction(deps.db, async (tx) => {
      if (!(await lockAppointment(tx, claims.companyId, visit.id))) throw notMovable();
      if ((await countPatientMoves(tx, claims.companyId, visit.id)) >= PATIENT_MOVES_MAX) throw movesUsed();
      const moved = await updateAppointmentAt(tx, claims.companyId, visit.id, visit.version, [status], {
        startsAt, endsAt, reminderSent: false, overbooked: false, updatedAt: now,
      });
      if (!moved) throw notMovable();
      await recordPatientMove(tx, { companyId: claims.companyId, appointmentId: visit.id, usedAt: now });
      await recordAudit(tx, ctx, {
        companyId: claims.companyId, actorId: null, action: 'update', entity: 'appointment', entityId: visit.id,
        changes: {
          by: 'patient', source: 'online',
          before: { datetime: zonedIso(new Date(visit.starts_at), offer.timeZone), endsAt: zonedIso(new Date(visit.ends_at), offer.timeZone) },
          after: { datetime: zonedIso(startsAt, offer.timeZone), endsAt: zonedIso(endsAt, offer.timeZone) },
        },
      });
      await emit(tx, { type: 'appointment.rescheduled', companyId: claims.companyId, actorId: null, appointmentId: visit.id, clinicId: visit.clinic_id, at: now.toISOString() });
    });
  } catch (error) {
    if (isOverlap(error)) throw slotTaken();
    throw error;
  }
  return signPatientLink(deps.config.jwtSecret, { companyId: claims.companyId, appointmentId: visit.id }, startsAt, now);
}

/** The visit as a calendar file (RFC 5545), in the clinic's zone, with the patient's link. */
export async function visitIcs(deps: Deps, token: string, now: Date): Promise<string> {
  const { visit } = await visitOf(deps, token, now);
  const timeZone = safeTimeZone(visit.time_zone);
  return reminderIcs({
    appointmentId: visit.id, startsAt: new Date(visit.starts_at), endsAt: new Date(visit.ends_at), timeZone, patientName: '',
    clinicName: visit.clinic, clinicAddress: visit.address, clinicLocation: mapLink(visit.location) ? visit.location : null,
    doctorName: visit.doctor, serviceName: visit.service, link: `${deps.config.publicUrl}/visit#${token}`,
    language: messageLanguage(visit.preferred_language), hijriMode: effectiveHijriMode(null, visit.hijri_mode),
  }, now);
}
