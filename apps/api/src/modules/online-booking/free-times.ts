/**
 * Free times on the public page: the same rule engine as the desk's booking (`freeStarts` keeps only the starts
 * `evaluateStart` accepts: clinic and doctor hours, breaks, approved leave, holidays, the service's whole length in
 * the clinic's zone, clear of the doctor's held time with the service's buffers, requested visits included), further
 * limited to the clinic's online window: no earlier than its minimum notice, no later than its horizon.
 */
import { addDays, DEFAULT_VISIT_MINUTES, localTime, safeTimeZone, startOfLocalDay } from '@clinic/shared';
import { evaluateStart, freeStarts, type FreeStart } from '../../domain/scheduling/bookable.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { findBusyTimes, heldTimes, loadBookingParties, loadClinicCalendar, loadSlotDoctors, visitMinutes, type BookingParties } from '../appointments/index.js';

export const offerNotFound = () => new AppError(404, 'BOOKING_OFFER_NOT_FOUND', 'errors.bookingPage.offerNotFound');

export interface OnlineWindow {
  minNoticeMinutes: number;
  horizonDays: number;
  serviceIds: readonly string[];
  doctorIds: readonly string[];
}

export interface Offer {
  timeZone: string;
  clinic: NonNullable<Awaited<ReturnType<typeof loadClinicCalendar>>>;
  parties: BookingParties;
  doctors: Awaited<ReturnType<typeof loadSlotDoctors>>;
  durationMinutes: number;
  stepMinutes: number;
  /** The earliest and latest instants a visit may start online. */
  earliest: Date;
  latest: Date;
  /** The appointment being moved: its own time is not held against it. */
  exceptId?: string;
}

/**
 * What may be booked online for a service at a clinic, with one doctor or any listed one who provides it: 404 when
 * the clinic, the service or the doctor is not offered online (or no longer active).
 */
export async function loadOffer(db: Db, companyId: string, w: OnlineWindow, q: { clinic: string; service: string; doctor?: string | undefined }, now: Date): Promise<Offer> {
  if (!w.serviceIds.includes(q.service) || (q.doctor && !w.doctorIds.includes(q.doctor))) throw offerNotFound();
  const [clinic, parties] = await Promise.all([
    loadClinicCalendar(db, companyId, q.clinic),
    loadBookingParties(db, companyId, { patient: null, doctor: q.doctor ?? null, clinic: q.clinic, service: q.service }),
  ]);
  if (!clinic?.isActive || !parties.service?.isActive || parties.service.clinicId !== clinic.id) throw offerNotFound();
  const doctors = (await loadSlotDoctors(db, companyId, clinic.id, q.service, q.doctor)).filter((d) => w.doctorIds.includes(d.id));
  if (q.doctor && !doctors.length) throw offerNotFound();
  const earliest = new Date(now.getTime() + w.minNoticeMinutes * 60_000);
  const latest = new Date(now.getTime() + w.horizonDays * 86_400_000);
  return {
    timeZone: safeTimeZone(clinic.timeZone), clinic, parties, doctors, durationMinutes: visitMinutes(parties),
    stepMinutes: clinic.averageVisitMinutes > 0 ? clinic.averageVisitMinutes : DEFAULT_VISIT_MINUTES, earliest, latest,
  };
}

/** The rule engine's context for one doctor of the offer (held time: their appointments with the service's buffers). */
function contextOf(o: Offer, doctor: Offer['doctors'][number], busy: ReadonlyArray<{ doctorId: string; startsAt: Date; endsAt: Date }>) {
  return {
    clinic: { timeZone: o.timeZone, workingHours: o.clinic.workingHours, holidays: o.clinic.holidays }, doctor,
    durationMinutes: o.durationMinutes, now: o.earliest, busy: heldTimes(busy.filter((b) => b.doctorId === doctor.id), o.parties.service!),
  };
}

/**
 * Whether a visit may start at `startsAt` with the doctor: 'free' when the rules accept it clear of the doctor's held
 * time (on the clinic's grid of the day, or right after a held time, as offered); 'taken' when only the held time
 * refuses it (it was just taken); 'invalid' otherwise (never offered).
 */
export async function startVerdict(db: Db, companyId: string, o: Offer, doctorId: string, startsAt: Date): Promise<'free' | 'taken' | 'invalid'> {
  const doctor = o.doctors.find((d) => d.id === doctorId);
  if (!doctor || startsAt.getTime() > o.latest.getTime()) return 'invalid';
  const date = localTime(startsAt, o.timeZone).date;
  const mine = { ...o, doctors: [doctor] };
  const at = startsAt.getTime();
  const onGrid = (await offerStarts(db, companyId, mine, [date], 100, false)).some((s) => s.startsAt.getTime() === at);
  const offered = (await offerStarts(db, companyId, mine, [date], 100)).some((s) => s.startsAt.getTime() === at);
  if (offered) return 'free';
  if (!onGrid) return 'invalid';
  const end = new Date(at + o.durationMinutes * 60_000);
  const busy = await findBusyTimes(db, companyId, [doctor.id], new Date(at - 86_400_000), new Date(end.getTime() + 86_400_000), o.exceptId);
  const verdict = evaluateStart(contextOf(o, doctor, busy), startsAt);
  return verdict.ok ? 'free' : verdict.reason.code === 'DOCTOR_BUSY' ? 'taken' : 'invalid';
}

export interface DoctorStart extends FreeStart { doctorId: string; doctorName: string }

/**
 * The free starts of the clinic-local days `dates` (consecutive), per doctor of the offer, within the online window;
 * `perDay` caps each doctor's starts per day (1 is enough to know a day has a free time). `withBusy: false` leaves
 * the held time out (what the rules alone allow: a start refused only for being taken was just taken).
 */
export async function offerStarts(db: Db, companyId: string, o: Offer, dates: string[], perDay: number, withBusy = true): Promise<DoctorStart[]> {
  if (!dates.length || !o.doctors.length) return [];
  const from = new Date(Math.max(startOfLocalDay(dates[0]!, o.timeZone).getTime(), o.earliest.getTime()));
  const to = new Date(Math.min(startOfLocalDay(addDays(dates.at(-1)!, 1), o.timeZone).getTime(), o.latest.getTime() + 1));
  if (from.getTime() >= to.getTime()) return [];
  const busy = withBusy ? await findBusyTimes(db, companyId, o.doctors.map((d) => d.id), from, new Date(to.getTime() + 86_400_000), o.exceptId) : [];
  const out: DoctorStart[] = [];
  for (const doctor of o.doctors) {
    const ctx = contextOf(o, doctor, busy);
    for (const date of dates) {
      const dayFrom = new Date(Math.max(startOfLocalDay(date, o.timeZone).getTime(), from.getTime()));
      if (localTime(dayFrom, o.timeZone).date !== date) continue;
      for (const s of freeStarts(ctx, { from: dayFrom, days: 1, stepMinutes: o.stepMinutes, limit: perDay })) {
        if (s.startsAt.getTime() <= o.latest.getTime()) out.push({ startsAt: s.startsAt, endsAt: s.endsAt, doctorId: doctor.id, doctorName: doctor.name });
      }
    }
  }
  out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.doctorName.localeCompare(b.doctorName) || a.doctorId.localeCompare(b.doctorId));
  return out;
}

/** The clinic-local days from `from` to `to` (inclusive) clipped to the online window; at most `max` asked. */
export function windowDates(o: Offer, from: string, to: string): string[] {
  const first = localTime(o.earliest, o.timeZone).date;
  const last = localTime(o.latest, o.timeZone).date;
  const out: string[] = [];
  for (let d = from > first ? from : first, i = 0; d <= to && d <= last && i < 400; d = addDays(d, 1), i++) out.push(d);
  return out;
}
