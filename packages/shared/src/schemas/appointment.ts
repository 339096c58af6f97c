import { z } from 'zod';
import { boolish, listQuerySchema, refSchema } from './common.js';
import { calendarDate, calendarDateProblem, DATE_OUT_OF_RANGE, daysBetween, instantInRange } from './dates.js';
import { versionInput, versionSchema } from './version.js';

export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Longest window the calendar may ask for in one request (`from`/`to`, `availability`). */
export const APPOINTMENT_RANGE_MAX_DAYS = 62;
/** Most appointments one range request returns (a busy week of a large clinic fits easily). */
export const APPOINTMENT_RANGE_CAP = 2000;

/**
 * An appointment as the API reads it back. `datetime` and `endsAt` are instants written with the clinic's
 * own offset (for example `2026-03-29T09:00:00+02:00`), so their literal date and time are clinic-local.
 */
export const appointmentRecord = z.object({
  _id: z.string(),
  publicId: z.string(),
  patient: refSchema,
  doctor: refSchema,
  clinic: refSchema,
  service: refSchema,
  reason: z.string(),
  datetime: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number(),
  clinicTimeZone: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  cancellationReason: z.string().nullable(),
  reminderSent: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type AppointmentRecord = z.infer<typeof appointmentRecord>;

const ref = (error: string) => z.uuid({ error });
const instant = instantInRange('validation.scheduling.invalidInstant', 'validation.scheduling.dateRequired');
const reason = z
  .string({ error: 'validation.scheduling.reasonRequired' })
  .trim()
  .min(1, { error: 'validation.scheduling.reasonRequired' })
  .max(500, { error: 'validation.tooLong' });
const status = z.enum(APPOINTMENT_STATUSES, { error: 'validation.scheduling.invalidStatus' });
const cancellationReason = z.string({ error: 'validation.invalidType' }).trim().max(500, { error: 'validation.tooLong' }).nullable();

/** POST /api/appointments and the Add Appointment form. */
export const appointmentCreateInput = z.strictObject({
  patient: ref('validation.scheduling.patientRequired'),
  doctor: ref('validation.scheduling.doctorRequired'),
  clinic: ref('validation.scheduling.clinicRequired'),
  service: ref('validation.scheduling.serviceRequired'),
  datetime: instant,
  reason,
  status: status.default('scheduled'),
  cancellationReason: cancellationReason.optional(),
  reminderSent: boolish.default(false),
});
export type AppointmentCreateInput = z.input<typeof appointmentCreateInput>;
export type AppointmentCreate = z.output<typeof appointmentCreateInput>;

/**
 * PATCH /api/appointments/{id}: a status change (scheduled -> completed, scheduled -> cancelled with a reason),
 * or a reschedule (`datetime`, optionally `doctor`) checked by the same rules as a booking.
 */
export const appointmentUpdateInput = z.strictObject({
  status: status.optional(),
  cancellationReason: cancellationReason.optional(),
  datetime: instant.optional(),
  doctor: ref('validation.scheduling.doctorRequired').optional(),
  reason: reason.optional(),
  reminderSent: boolish.optional(),
  /** The version the change is based on. */
  version: versionInput,
});
export type AppointmentUpdateInput = z.input<typeof appointmentUpdateInput>;
export type AppointmentUpdate = z.output<typeof appointmentUpdateInput>;

/** The cancel dialog: a reason is required. */
export const appointmentCancelForm = z.strictObject({
  cancellationReason: z
    .string({ error: 'validation.scheduling.cancellationReasonRequired' })
    .trim()
    .min(1, { error: 'validation.scheduling.cancellationReasonRequired' })
    .max(500, { error: 'validation.tooLong' }),
});
export type AppointmentCancelForm = z.infer<typeof appointmentCancelForm>;

export const appointmentDay = calendarDate('validation.scheduling.invalidDay');
const optionalInstant = instantInRange('validation.scheduling.invalidInstant');
/** True when percent-encoded text decodes (`%` followed by two hex digits, valid UTF-8). */
function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
/** A day, or an instant whose date part is the day (`2026-03-29T09:00:00+03:00`): read as the day. */
const dayOfDatetime = z
  .string()
  .trim()
  .max(40, { error: 'validation.scheduling.invalidDay' })
  .transform((text, ctx) => {
    if (text === '') return undefined;
    const day = text.slice(0, 10);
    const problem = /^([T ]|$)/.test(text.slice(10)) ? calendarDateProblem(day) : 'invalid';
    if (!problem) return day;
    ctx.addIssue({ code: 'custom', message: problem === 'outOfRange' ? DATE_OUT_OF_RANGE : 'validation.scheduling.invalidDay' });
    return z.NEVER;
  });

export const appointmentSortFields = ['_id', 'publicId', 'datetime', 'status', 'patient', 'doctor', 'clinic', 'createdAt'] as const;
export const appointmentListQuery = listQuerySchema(appointmentSortFields)
  .extend({
    status: status.optional(),
    /** A clinic-local day. `datetime` is accepted too (the spec's name); its date part is used. */
    date: appointmentDay.optional(),
    datetime: dayOfDatetime.optional(),
    clinic: z.uuid({ error: 'validation.invalidValue' }).optional(),
    doctor: z.uuid({ error: 'validation.invalidValue' }).optional(),
    patient: z.uuid({ error: 'validation.invalidValue' }).optional(),
    service: z.uuid({ error: 'validation.invalidValue' }).optional(),
    /** The spec's general filter string, for example `clinic={id}` or `clinic={id}&doctor={id}`. */
    filter: z.string().max(500, { error: 'validation.invalidFilter' }).refine(decodes, { error: 'validation.invalidFilter' }).optional(),
    /** A window of instants (the calendar's week): every appointment overlapping it, up to APPOINTMENT_RANGE_CAP. */
    from: optionalInstant.optional(),
    to: optionalInstant.optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.from && !q.to) || (!q.from && q.to)) {
      ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: 'validation.scheduling.invalidRange' });
      return;
    }
    if (q.from && q.to) {
      const span = Date.parse(q.to) - Date.parse(q.from);
      if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.scheduling.invalidRange' });
      else if (span > APPOINTMENT_RANGE_MAX_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.scheduling.rangeTooLong' });
    }
  });
export type AppointmentListQuery = z.infer<typeof appointmentListQuery>;

const timeSlot = z.object({ startTime: z.string(), endTime: z.string() });

/** GET /api/appointments/availability: what the calendar needs to draw bookable cells. */
export const appointmentAvailabilityQuery = z
  .object({
    clinic: z.uuid({ error: 'validation.scheduling.clinicRequired' }),
    from: appointmentDay,
    to: appointmentDay,
    doctor: z.uuid({ error: 'validation.invalidValue' }).optional(),
  })
  .superRefine((q, ctx) => {
    const span = daysBetween(q.from, q.to);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.scheduling.invalidRange' });
    else if (span > APPOINTMENT_RANGE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.scheduling.rangeTooLong' });
  });
export type AppointmentAvailabilityQuery = z.infer<typeof appointmentAvailabilityQuery>;

export const availabilityDay = z.object({
  /** Clinic-local date. */
  date: z.string(),
  weekday: z.string(),
  /** The clinic's opening slots that day (empty when closed or on a holiday). */
  clinicHours: z.array(timeSlot),
  /** Name of the clinic holiday on that day, if any. */
  holiday: z.string().nullable(),
  /** With `doctor`: the doctor's bookable windows (shifts minus breaks; empty on leave or a day off). */
  doctorHours: z.array(timeSlot).nullable(),
  /** With `doctor`: why the doctor is away all day ('leave' or 'dayOff'), if so. */
  doctorAway: z.enum(['leave', 'dayOff']).nullable(),
});
export type AvailabilityDay = z.infer<typeof availabilityDay>;

export const appointmentAvailability = z.object({
  clinic: z.object({
    _id: z.string(),
    name: z.string(),
    timeZone: z.string(),
    averageVisitMinutes: z.number(),
    isActive: z.boolean(),
    /** True when the clinic has any working hours at all (otherwise every slot is allowed). */
    hasWorkingHours: z.boolean(),
  }),
  /** Row step of the grid: the clinic's average visit duration. */
  slotMinutes: z.number(),
  /** Earliest opening and latest closing over the clinic's week ('HH:MM'), for the grid's first and last rows. */
  dayStart: z.string(),
  dayEnd: z.string(),
  days: z.array(availabilityDay),
  /** Active doctors who work at the clinic, with the services of the clinic each provides. */
  doctors: z.array(refSchema.extend({ serviceIds: z.array(z.string()) })),
});
export type AppointmentAvailability = z.infer<typeof appointmentAvailability>;
