/**
 * The public booking page's reading side: what an organisation offers online (its clinics that take bookings, with
 * the services and doctors they list), the days with a free time and the free times of a day.
 */
import {
  type BookingSite, type BookingTimes, calendarDays, effectiveHijriMode, safeTimeZone, zonedIso,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../lib/app-types.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { billingCurrency } from '../billing/index.js';
import { mapLink } from '../reminders/index.js';
import { visitLength } from '../appointments/index.js';
import { loadOffer, offerNotFound, offerStarts, windowDates, type Offer, type OnlineWindow } from './free-times.js';
import { findOffer, findOnlineClinics, findOpenCompanyBySlug, type OnlineClinicRow } from './online-booking.repository.js';

/** Days one request may ask about. */
export const MAX_DAYS_ASKED = 62;

export const pageNotFound = () => new AppError(404, 'BOOKING_PAGE_NOT_FOUND', 'errors.bookingPage.pageNotFound');

/** The open organisation at a booking address (404 otherwise: no such address, or the organisation is closed). */
export async function companyOfPage(db: Db, slug: string) {
  const company = await findOpenCompanyBySlug(db, slug);
  if (!company) throw pageNotFound();
  return company;
}

/** Zones of the Arabic-speaking region (the page opens in Arabic there whatever the names). */
const ARABIC_REGION = /^(Asia\/(Riyadh|Dubai|Kuwait|Qatar|Bahrain|Muscat|Aden|Baghdad|Amman|Beirut|Damascus|Gaza|Hebron)|Africa\/(Cairo|Khartoum|Tripoli|Tunis|Algiers|Casablanca|Nouakchott|El_Aaiun))$/;
const ARABIC_LETTER = /[\u0600-\u06FF]/;

/**
 * The language the page opens in: Arabic, unless the organisation is clearly English-only: neither its zone nor any
 * of its clinics' zones is in the Arabic-speaking region, and no Arabic letter appears in its or its clinics' names.
 */
export function pageLanguage(companyZone: string, clinics: ReadonlyArray<{ time_zone: string; name: string }>, organisation: string): 'en' | 'ar' {
  const zones = [companyZone, ...clinics.map((c) => c.time_zone)];
  const names = [organisation, ...clinics.map((c) => c.name)];
  return zones.some((z) => ARABIC_REGION.test(z)) || names.some((n) => ARABIC_LETTER.test(n)) ? 'ar' : 'en';
}

const windowOf = (c: OnlineClinicRow): OnlineWindow => ({
  minNoticeMinutes: c.min_notice_minutes, horizonDays: c.horizon_days, serviceIds: c.service_ids ?? [], doctorIds: c.doctor_ids ?? [],
});

export async function bookingSite(deps: Deps, slug: string): Promise<BookingSite> {
  const company = await companyOfPage(deps.db, slug);
  const clinics = await findOnlineClinics(deps.db, company.id);
  const offer = await findOffer(deps.db, company.id, clinics.map((c) => c.id));
  const hijri = effectiveHijriMode(null, company.hijriMode);
  return {
    organisation: company.name,
    currency: await billingCurrency(deps.db, company.id),
    language: pageLanguage(company.timeZone, clinics, company.name),
    clinics: clinics.map((c) => {
      const doctors = offer.doctors.filter((d) => d.clinic_id === c.id);
      const offered = new Set(doctors.flatMap((d) => d.service_ids));
      return {
        _id: c.id, name: c.name, complex: c.complex, address: c.address?.trim() || null, mapUrl: mapLink(c.location),
        timeZone: safeTimeZone(c.time_zone), firstWeekday: c.first_day_of_week, hijri,
        mode: c.mode === 'request' ? 'request' as const : 'instant' as const, minNoticeMinutes: c.min_notice_minutes, horizonDays: c.horizon_days,
        cancellationPolicy: { ...(c.cancellation_policy?.en ? { en: c.cancellation_policy.en } : {}), ...(c.cancellation_policy?.ar ? { ar: c.cancellation_policy.ar } : {}) },
        // A service no listed doctor provides cannot be booked: it is not shown.
        services: offer.services.filter((s) => s.clinic_id === c.id && offered.has(s.id)).map((s) => ({
          // How long the visit is booked for (the service's own length, else the clinic's usual visit), as booking does.
          _id: s.id, name: s.name, durationMinutes: visitLength(s.duration_minutes, c.average_visit_minutes),
          price: s.price === null ? null : Number(s.price),
        })),
        doctors: doctors.map((d) => ({ _id: d.id, name: d.name, speciality: d.speciality, services: d.service_ids })),
      };
    }).filter((c) => c.services.length && c.doctors.length),
  };
}

/** The clinic of the page taking online bookings (404 for a clinic of another organisation or not taking them). */
export async function onlineClinic(db: Db, companyId: string, clinicId: string): Promise<OnlineClinicRow> {
  const [clinic] = await findOnlineClinics(db, companyId, clinicId);
  if (!clinic) throw offerNotFound();
  return clinic;
}

interface DayQuery { clinic: string; service: string; doctor?: string | undefined }

/** Refuses (422 on `to`) a range of days reversed or longer than MAX_DAYS_ASKED. */
export function assertDaysAsked(from: string, to: string): void {
  if (!calendarDays(from, to, MAX_DAYS_ASKED + 1)) throw validationFailed({ to: to < from ? 'validation.bookingPage.rangeReversed' : 'validation.bookingPage.rangeTooLong' });
}

/** The clinic-local days from `from` to `to` (within the offer's window) with at least one free time of the offer. */
export async function daysWithTimes(db: Db, companyId: string, offer: Offer, from: string, to: string): Promise<{ days: string[] }> {
  const dates = windowDates(offer, from, to);
  const starts = await offerStarts(db, companyId, offer, dates, 1);
  const days = new Set(starts.map((s) => zonedIso(s.startsAt, offer.timeZone).slice(0, 10)));
  return { days: dates.filter((d) => days.has(d)) };
}

export async function bookingDays(deps: Deps, slug: string, q: DayQuery & { from: string; to: string }, now: Date): Promise<{ days: string[] }> {
  assertDaysAsked(q.from, q.to);
  const company = await companyOfPage(deps.db, slug);
  const clinic = await onlineClinic(deps.db, company.id, q.clinic);
  return daysWithTimes(deps.db, company.id, await loadOffer(deps.db, company.id, windowOf(clinic), q, now), q.from, q.to);
}

export async function bookingTimes(deps: Deps, slug: string, q: DayQuery & { date: string }, now: Date): Promise<BookingTimes> {
  const company = await companyOfPage(deps.db, slug);
  const clinic = await onlineClinic(deps.db, company.id, q.clinic);
  return timesOfDay(deps.db, company.id, windowOf(clinic), q, now);
}

/** The free times of one clinic-local day under the online window, each with its doctor (any doctor: every one's). */
export async function timesOfDay(db: Db, companyId: string, w: OnlineWindow, q: DayQuery & { date: string }, now: Date): Promise<BookingTimes> {
  const offer = await loadOffer(db, companyId, w, q, now);
  const starts = await offerStarts(db, companyId, offer, windowDates(offer, q.date, q.date), 100);
  return {
    date: q.date, timeZone: offer.timeZone,
    times: starts.map((s) => ({ datetime: zonedIso(s.startsAt, offer.timeZone), doctor: { _id: s.doctorId, name: s.doctorName } })),
  };
}

export { windowOf };
