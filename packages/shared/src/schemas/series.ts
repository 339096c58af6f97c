import { z } from 'zod';
import { boolish, numberish, pageQuerySchema, refSchema } from './common.js';
import { APPOINTMENT_STATUSES } from './appointment.js';
import { calendarDate, instantInRange } from './dates.js';
import { versionInput, versionSchema } from './version.js';

/** Most occurrences one series expands to, and how far after the first one it may end (days). */
export const SERIES_MAX_OCCURRENCES = 200;
export const SERIES_MAX_DAYS = 730;
export const SERIES_FREQUENCIES = ['daily', 'weekly'] as const;
export const SERIES_SCOPES = ['this', 'following', 'all'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

const uuid = (error: string) => z.uuid({ error });
const instant = instantInRange('validation.scheduling.invalidInstant', 'validation.scheduling.dateRequired');
const reason = z.string({ error: 'validation.scheduling.reasonRequired' }).trim()
  .min(1, { error: 'validation.scheduling.reasonRequired' }).max(500, { error: 'validation.tooLong' });

/**
 * How a series repeats: every `interval` days, or every `interval` weeks on `weekdays` (0 Monday .. 6 Sunday; the
 * first occurrence's weekday when empty), ending after `count` occurrences or on `until` (a clinic-local date).
 */
export const recurrenceInput = z.strictObject({
  frequency: z.enum(SERIES_FREQUENCIES, { error: 'validation.series.frequencyInvalid' }),
  interval: numberish(z.number({ error: 'validation.series.intervalInvalid' }).int({ error: 'validation.series.intervalInvalid' })
    .min(1, { error: 'validation.series.intervalInvalid' }).max(52, { error: 'validation.series.intervalInvalid' })).default(1),
  weekdays: z.array(z.number({ error: 'validation.series.weekdaysInvalid' }).int({ error: 'validation.series.weekdaysInvalid' })
    .min(0, { error: 'validation.series.weekdaysInvalid' }).max(6, { error: 'validation.series.weekdaysInvalid' }), { error: 'validation.series.weekdaysInvalid' })
    .max(7, { error: 'validation.series.weekdaysInvalid' }).default([]),
  count: numberish(z.number({ error: 'validation.series.countInvalid' }).int({ error: 'validation.series.countInvalid' })
    .min(2, { error: 'validation.series.countInvalid' }).max(SERIES_MAX_OCCURRENCES, { error: 'validation.series.countInvalid' })).optional(),
  until: calendarDate('validation.series.untilInvalid').optional(),
}).refine((r) => (r.count === undefined) !== (r.until === undefined), { error: 'validation.series.endRequired', path: ['count'] });
export type RecurrenceInput = z.input<typeof recurrenceInput>;
export type Recurrence = z.output<typeof recurrenceInput>;

/** POST /api/appointment-series (`?preview=true` books nothing). */
export const seriesCreateInput = z.strictObject({
  patient: uuid('validation.scheduling.patientRequired'),
  doctor: uuid('validation.scheduling.doctorRequired'),
  clinic: uuid('validation.scheduling.clinicRequired'),
  service: uuid('validation.scheduling.serviceRequired'),
  datetime: instant,
  reason,
  reminderSent: boolish.default(false),
  recurrence: recurrenceInput,
});
export type SeriesCreateInput = z.input<typeof seriesCreateInput>;
export type SeriesCreate = z.output<typeof seriesCreateInput>;

export const seriesCreateQuery = z.object({ preview: z.enum(['true', 'false'], { error: 'validation.invalidBoolean' }).optional() });

/** One occurrence of a series: free (or booked), or the translated reason it cannot be booked. */
export const seriesOccurrence = z.object({
  datetime: z.string(),
  endsAt: z.string(),
  free: z.boolean(),
  code: z.string().nullable(),
  message: z.string().nullable(),
  /** The appointment booked for it (null in a preview and for a refused occurrence). */
  appointment: z.string().nullable(),
});
export type SeriesOccurrence = z.infer<typeof seriesOccurrence>;

export const seriesBookingResult = z.object({
  /** Null in a preview. */
  series: z.object({ _id: z.string(), rrule: z.string(), version: versionSchema }).nullable(),
  rrule: z.string(),
  occurrences: z.array(seriesOccurrence),
  booked: z.number(),
  refused: z.number(),
});
export type SeriesBookingResult = z.infer<typeof seriesBookingResult>;

/** GET /api/appointment-series/{id}: the series and every occurrence, earliest first. */
export const seriesRecord = z.object({
  _id: z.string(),
  rrule: z.string(),
  patient: refSchema,
  doctor: refSchema,
  clinic: refSchema,
  service: refSchema,
  reason: z.string(),
  version: versionSchema,
  occurrences: z.array(z.object({
    _id: z.string(), publicId: z.string(), datetime: z.string(), endsAt: z.string(), status: z.enum(APPOINTMENT_STATUSES), version: versionSchema,
  })),
});
export type SeriesRecord = z.infer<typeof seriesRecord>;

const scope = z.enum(SERIES_SCOPES, { error: 'validation.series.scopeInvalid' });

/**
 * DELETE /api/appointment-series/{id}?scope=this|following|all&occurrence={appointment}&reason=...: cancels the
 * scheduled occurrences in scope (never completed or other finished ones). `occurrence` is needed for this/following.
 */
export const seriesCancelQuery = z.object({
  scope,
  occurrence: uuid('validation.series.occurrenceRequired').optional(),
  reason: z.string({ error: 'validation.invalidType' }).trim().max(500, { error: 'validation.tooLong' }).optional(),
  version: versionInput,
});
export type SeriesCancelQuery = z.output<typeof seriesCancelQuery>;

/**
 * PATCH /api/appointment-series/{id}: moves the scheduled occurrences in scope. `datetime` is the new time of the
 * `occurrence` (or of the first scheduled one for `all`); the others move by the same days and to the same local time.
 */
export const seriesUpdateInput = z.strictObject({
  scope,
  occurrence: uuid('validation.series.occurrenceRequired').optional(),
  datetime: instant.optional(),
  doctor: uuid('validation.scheduling.doctorRequired').optional(),
  reason: reason.optional(),
  version: versionInput,
});
export type SeriesUpdateInput = z.input<typeof seriesUpdateInput>;
/** What moving occurrences of a series answers: how many moved. */
export const seriesChangeResult = z.object({ count: z.number() });
export type SeriesUpdate = z.output<typeof seriesUpdateInput>;

/* ------------------------------------------------------------------------------------------------------------------ */
/* Waitlist                                                                                                           */

export const WAITLIST_STATUSES = ['open', 'booked', 'closed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const WAITLIST_PRIORITIES = [0, 1, 2] as const;

const timeOfDay = z.string({ error: 'validation.series.timeOfDay' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.series.timeOfDay' });

/** POST /api/waitlist: a patient waiting for a service (optionally one doctor) within a preferred window. */
export const waitlistCreateInput = z.strictObject({
  patient: uuid('validation.scheduling.patientRequired'),
  service: uuid('validation.scheduling.serviceRequired'),
  doctor: uuid('validation.scheduling.doctorRequired').nullable().optional(),
  fromDate: calendarDate('validation.scheduling.invalidDay').nullable().optional(),
  toDate: calendarDate('validation.scheduling.invalidDay').nullable().optional(),
  weekdays: z.array(z.number({ error: 'validation.series.weekdayList' }).int({ error: 'validation.series.weekdayList' })
    .min(0, { error: 'validation.series.weekdayList' }).max(6, { error: 'validation.series.weekdayList' }), { error: 'validation.series.weekdayList' })
    .max(7, { error: 'validation.series.weekdayList' }).default([]),
  timeFrom: timeOfDay.nullable().optional(),
  timeTo: timeOfDay.nullable().optional(),
  priority: numberish(z.number({ error: 'validation.series.priorityInvalid' }).int({ error: 'validation.series.priorityInvalid' })
    .min(0, { error: 'validation.series.priorityInvalid' }).max(2, { error: 'validation.series.priorityInvalid' })).default(0),
  note: z.string({ error: 'validation.invalidType' }).trim().max(500, { error: 'validation.tooLong' }).default(''),
})
  .refine((w) => !w.fromDate || !w.toDate || w.fromDate <= w.toDate, { error: 'validation.series.windowOrder', path: ['toDate'] })
  .refine((w) => !w.timeFrom || !w.timeTo || w.timeFrom < w.timeTo, { error: 'validation.series.windowOrder', path: ['timeTo'] });
export type WaitlistCreateInput = z.input<typeof waitlistCreateInput>;
export type WaitlistCreate = z.output<typeof waitlistCreateInput>;

export const waitlistRecord = z.object({
  _id: z.string(),
  publicId: z.string(),
  patient: refSchema,
  service: refSchema,
  clinic: refSchema,
  doctor: refSchema.nullable(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  weekdays: z.array(z.number()),
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  priority: z.number(),
  note: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  appointment: z.string().nullable(),
  /** Whole days since the entry was added. */
  waitingDays: z.number(),
  createdAt: z.string(),
  version: versionSchema,
});
export type WaitlistRecord = z.infer<typeof waitlistRecord>;

/** GET /api/waitlist: open entries by default, highest priority first, then the longest waiting; paged like every list. */
export const waitlistListQuery = pageQuerySchema.extend({
  status: z.enum(WAITLIST_STATUSES, { error: 'validation.invalidValue' }).default('open'),
  service: uuid('validation.invalidFilter').optional(),
  clinic: uuid('validation.invalidFilter').optional(),
});
export type WaitlistListQuery = z.output<typeof waitlistListQuery>;

/**
 * GET /api/waitlist/matches: the open entries a freed slot fits, in the order they are offered. The slot is a
 * cancelled or no-show appointment's (`appointment`), or one given as `doctor`, `service` and `datetime` (the time a
 * reschedule left).
 */
export const waitlistMatchesQuery = z.object({
  appointment: uuid('validation.invalidValue').optional(),
  doctor: uuid('validation.invalidValue').optional(),
  service: uuid('validation.invalidValue').optional(),
  datetime: instant.optional(),
}).refine((q) => Boolean(q.appointment) !== Boolean(q.doctor && q.service && q.datetime), { error: 'validation.invalidValue', path: ['appointment'] });
export type WaitlistMatchesQuery = z.output<typeof waitlistMatchesQuery>;

export const waitlistMatches = z.object({
  slot: z.object({ doctor: z.string(), service: z.string(), datetime: z.string(), endsAt: z.string() }),
  entries: z.array(waitlistRecord),
});
export type WaitlistMatches = z.infer<typeof waitlistMatches>;

/** POST /api/waitlist/{id}/book: books the entry's patient into a slot (by default the freed appointment's). */
export const waitlistBookInput = z.strictObject({
  appointment: uuid('validation.invalidValue').optional(),
  doctor: uuid('validation.scheduling.doctorRequired').optional(),
  datetime: instant.optional(),
  version: versionInput,
}).refine((b) => Boolean(b.appointment) !== Boolean(b.doctor && b.datetime), { error: 'validation.invalidValue', path: ['appointment'] });
export type WaitlistBookInput = z.input<typeof waitlistBookInput>;
export type WaitlistBook = z.output<typeof waitlistBookInput>;

export const waitlistCloseQuery = z.object({ version: versionInput });
