import { z } from 'zod';
import { idSchema } from './common.js';
import { calendarDate, instantInRange } from './dates.js';
import { quickPatientInput } from './patient.js';
import { visitView } from './reminder.js';
import { versionInput, versionSchema } from './version.js';

/**
 * Patients booking themselves on the organisation's public page (/book/:slug), and the clinic settings behind it.
 * No sign-in: a one-time code sent to the patient's mobile number is what proves the number.
 */

export const ONLINE_BOOKING_MODES = ['instant', 'request'] as const;
export type OnlineBookingMode = (typeof ONLINE_BOOKING_MODES)[number];
export const PATIENT_TEXT_CHANNELS = ['sms', 'whatsapp'] as const;
export type PatientTextChannel = (typeof PATIENT_TEXT_CHANNELS)[number];
/** A one-time code: six digits, valid five minutes, five tries; three per number and per address per hour. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 5;
export const PHONE_CODE_MAX_TRIES = 5;
export const PHONE_CODES_PER_HOUR = 3;
export const BOOKING_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;
export const CANCELLATION_POLICY_MAX = 1000;

const policyText = z.string().trim().max(CANCELLATION_POLICY_MAX, { error: 'validation.tooLong' }).optional();

/** PUT /api/clinics/:id/online-booking. */
export const onlineBookingSettingsInput = z.strictObject({
  enabled: z.boolean(),
  mode: z.enum(ONLINE_BOOKING_MODES, { error: 'validation.onlineBooking.modeInvalid' }),
  services: z.array(idSchema).max(200),
  doctors: z.array(idSchema).max(200),
  minNoticeMinutes: z.number({ error: 'validation.onlineBooking.noticeInvalid' }).int('validation.onlineBooking.noticeInvalid')
    .min(0, 'validation.onlineBooking.noticeInvalid').max(43200, 'validation.onlineBooking.noticeInvalid'),
  horizonDays: z.number({ error: 'validation.onlineBooking.horizonInvalid' }).int('validation.onlineBooking.horizonInvalid')
    .min(1, 'validation.onlineBooking.horizonInvalid').max(365, 'validation.onlineBooking.horizonInvalid'),
  maxPerPhoneDay: z.number({ error: 'validation.onlineBooking.limitInvalid' }).int('validation.onlineBooking.limitInvalid')
    .min(1, 'validation.onlineBooking.limitInvalid').max(50, 'validation.onlineBooking.limitInvalid'),
  maxPerPhoneWeek: z.number({ error: 'validation.onlineBooking.limitInvalid' }).int('validation.onlineBooking.limitInvalid')
    .min(1, 'validation.onlineBooking.limitInvalid').max(200, 'validation.onlineBooking.limitInvalid'),
  cancellationPolicy: z.strictObject({ en: policyText, ar: policyText }),
  version: versionInput.optional(),
});
export type OnlineBookingSettingsInput = z.input<typeof onlineBookingSettingsInput>;

export const onlineBookingSettings = z.object({
  clinic: z.string(),
  enabled: z.boolean(),
  mode: z.enum(ONLINE_BOOKING_MODES),
  services: z.array(z.string()),
  doctors: z.array(z.string()),
  minNoticeMinutes: z.number(),
  horizonDays: z.number(),
  maxPerPhoneDay: z.number(),
  maxPerPhoneWeek: z.number(),
  cancellationPolicy: z.object({ en: z.string().optional(), ar: z.string().optional() }),
  /** The clinic's own public address (deep link), or null while the organisation has no booking address. */
  url: z.string().nullable(),
  version: versionSchema,
});
export type OnlineBookingSettings = z.infer<typeof onlineBookingSettings>;

/** PUT /api/companies/:id/booking-page: the organisation's public address, /book/<slug>; null: no page. */
export const bookingPageInput = z.strictObject({
  slug: z.string().trim().toLowerCase().regex(BOOKING_SLUG_PATTERN, { error: 'validation.onlineBooking.slugInvalid' }).nullable(),
});
export const bookingPage = z.object({
  slug: z.string().nullable(),
  /** The public address, its QR code (SVG, data URL) and an iframe snippet for the clinic's own website. */
  url: z.string().nullable(),
  qrSvg: z.string().nullable(),
  embed: z.string().nullable(),
});
export type BookingPage = z.infer<typeof bookingPage>;

// ---------------------------------------------------------------------------------------------------------
// The public page

export const bookingSlugParams = z.object({ slug: z.string().min(1).max(40) });

const namedRef = z.object({ _id: z.string(), name: z.string() });

/** GET /api/public/book/:slug: what the page offers, per clinic that takes online bookings. */
export const bookingSite = z.object({
  organisation: z.string(),
  /** The organisation's billing currency (ISO 4217), which the prices are in. */
  currency: z.string(),
  /** The language the page opens in (Arabic where the organisation is). */
  language: z.enum(['en', 'ar']),
  clinics: z.array(z.object({
    _id: z.string(),
    name: z.string(),
    complex: z.string().nullable(),
    address: z.string().nullable(),
    mapUrl: z.string().nullable(),
    timeZone: z.string(),
    /** 0 Sunday .. 6 Saturday. */
    firstWeekday: z.number(),
    hijri: z.enum(['off', 'beside', 'primary']),
    mode: z.enum(ONLINE_BOOKING_MODES),
    minNoticeMinutes: z.number(),
    horizonDays: z.number(),
    cancellationPolicy: z.object({ en: z.string().optional(), ar: z.string().optional() }),
    services: z.array(namedRef.extend({ durationMinutes: z.number(), price: z.number().nullable() })),
    doctors: z.array(namedRef.extend({ speciality: z.string().nullable(), services: z.array(z.string()) })),
  })),
});
export type BookingSite = z.infer<typeof bookingSite>;

/** GET /api/public/book/:slug/times: free starts of one clinic-local day; no doctor: any bookable doctor. */
export const bookingTimesQuery = z.object({
  clinic: idSchema,
  service: idSchema,
  doctor: idSchema.optional(),
  date: calendarDate(),
});
export const bookingTimes = z.object({
  date: z.string(),
  timeZone: z.string(),
  times: z.array(z.object({ datetime: z.string(), doctor: namedRef })),
});
export type BookingTimes = z.infer<typeof bookingTimes>;

/** GET /api/public/book/:slug/days: the clinic-local days with at least one free time, within the horizon (<= 62 days asked). */
export const bookingDaysQuery = z.object({
  clinic: idSchema,
  service: idSchema,
  doctor: idSchema.optional(),
  from: calendarDate(),
  to: calendarDate(),
});
export const bookingDays = z.object({ days: z.array(z.string()) });

/** POST /api/public/book/:slug/code: sends a one-time code; the answer never says whether the number is known. */
export const phoneCodeInput = z.strictObject({
  phone: quickPatientInput.shape.phone,
  language: z.enum(['en', 'ar']).default('ar'),
  /** The patient agrees to be reached on WhatsApp (the code and reminders go there, SMS when it fails). */
  whatsapp: z.boolean().default(false),
});
export const phoneCodeSent = z.object({
  verification: z.string(),
  expiresAt: z.string(),
  channel: z.enum(PATIENT_TEXT_CHANNELS),
  /** Sent on WhatsApp, and the same code goes by SMS should WhatsApp report it could not deliver it. */
  smsIfUndelivered: z.boolean(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSent>;

/** POST /api/public/book/:slug/appointments: the code and the booking together. */
export const onlineBookingInput = z.strictObject({
  verification: idSchema,
  code: z.string().trim().regex(/^\d{6}$/, { error: 'validation.onlineBooking.codeInvalid' }),
  clinic: idSchema,
  service: idSchema,
  doctor: idSchema,
  datetime: instantInRange('validation.onlineBooking.timeInvalid'),
  name: quickPatientInput.shape.name,
  dateOfBirth: quickPatientInput.shape.dateOfBirth,
  gender: quickPatientInput.shape.gender,
  identity: z.string().trim().max(30, { error: 'validation.tooLong' }).optional(),
  language: z.enum(['en', 'ar']).default('ar'),
});
export type OnlineBookingInput = z.input<typeof onlineBookingInput>;

/** The booking made: what the patient's page shows of a visit, with its reference, service and links. */
export const onlineBookingDone = visitView.pick({ datetime: true, endsAt: true, timeZone: true, clinic: true, address: true, mapUrl: true, doctor: true }).extend({
  publicId: z.string(),
  status: z.enum(['requested', 'scheduled']),
  service: z.string(),
  /** The patient's page: confirm, cancel or reschedule; and the visit as a calendar file. */
  link: z.string(),
  icsUrl: z.string(),
});
export type OnlineBookingDone = z.infer<typeof onlineBookingDone>;

/** GET /api/public/visit/times: free times for moving the visit of the link (same clinic, service and doctor). */
export const visitTimesQuery = z.object({ token: z.string().min(1).max(2000), date: calendarDate() });
/** GET /api/public/visit/days: the days with a free time to move the visit of the link to (<= 62 days asked). */
export const visitDaysQuery = z.object({ token: z.string().min(1).max(2000), from: calendarDate(), to: calendarDate() });
/** POST /api/public/visit/reschedule. */
export const visitRescheduleInput = z.strictObject({
  token: z.string().min(1).max(2000),
  datetime: instantInRange('validation.onlineBooking.timeInvalid'),
});
