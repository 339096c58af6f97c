import { z } from 'zod';
import { booleanText, boolish, listQuerySchema, refSchema } from './common.js';
import { calendarDate, calendarDateProblem, DATE_OUT_OF_RANGE, daysBetween, instantInRange } from './dates.js';
import { INVOICE_STATUSES } from './billing.js';
import { versionInput, versionSchema } from './version.js';

export const APPOINTMENT_STATUSES = ['requested', 'scheduled', 'arrived', 'in_consultation', 'completed', 'no_show', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** Where an appointment was booked: by staff, or by the patient on the public booking page. */
export const APPOINTMENT_SOURCES = ['staff', 'online'] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

/**
 * The visit's status flow: the statuses each status may move to (everything else is 409 INVALID_TRANSITION).
 * `no_show` only once the start has passed; `cancelled` needs a reason. `requested`: booked online at a clinic that
 * accepts online bookings by hand; the desk accepts it (scheduled) or declines it (cancelled, with a reason).
 */
export const APPOINTMENT_TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  requested: ['scheduled', 'cancelled'],
  scheduled: ['arrived', 'no_show', 'cancelled'],
  arrived: ['in_consultation', 'completed', 'no_show', 'cancelled'],
  in_consultation: ['completed'],
  completed: [],
  no_show: [],
  cancelled: [],
};

/** The statuses a status can be reached from. */
export function transitionSources(to: AppointmentStatus): AppointmentStatus[] {
  return APPOINTMENT_STATUSES.filter((from) => APPOINTMENT_TRANSITIONS[from].includes(to));
}

/**
 * The statuses of a booking that has not become a visit: only such an appointment can be deleted (permission
 * appointment_delete), and only while it has no visit note, invoice, payment or sent reminder either.
 */
export const DELETABLE_APPOINTMENT_STATUSES = ['scheduled', 'cancelled'] as const;

/** What the screen knows of an appointment's history: false when deleting it would be refused. */
export function mayDeleteAppointment(a: { status: AppointmentStatus; arrivedAt: string | null; visitNote: string | null; reminderSent: boolean }): boolean {
  return (DELETABLE_APPOINTMENT_STATUSES as readonly string[]).includes(a.status) && !a.arrivedAt && a.visitNote === null && !a.reminderSent;
}

/** Statuses that hold the doctor's and the patient's time (no two of them overlap; next-free keeps clear of them). */
export const ACTIVE_APPOINTMENT_STATUSES = ['requested', 'scheduled', 'arrived', 'in_consultation'] as const;

/** A cancellation this many hours or less before the start is late, unless the company sets another number. */
export const DEFAULT_LATE_CANCELLATION_HOURS = 24;
/** Longest visit note. */
export const VISIT_NOTE_MAX = 5000;

/** Longest window the calendar may ask for in one request (`from`/`to`, `availability`). */
export const APPOINTMENT_RANGE_MAX_DAYS = 62;
/** Most calendar cards one range request returns (a busy week of a large clinic fits easily); full records page. */
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
  /** The patient's phone: only in lists asked `withPhone=true` by a caller who may read patients (null without one). */
  patientPhone: z.string().nullable().optional(),
  reason: z.string(),
  datetime: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number(),
  clinicTimeZone: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  source: z.enum(APPOINTMENT_SOURCES),
  cancellationReason: z.string().nullable(),
  /** True when it was cancelled within the company's `lateCancellationHours` of the start. */
  lateCancellation: z.boolean(),
  reminderSent: z.boolean(),
  /** When each step happened (instants with the clinic's offset, like `datetime`), null until it does. */
  arrivedAt: z.string().nullable(),
  calledInAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  noShowAt: z.string().nullable(),
  /** Who made each step (null until it happens, or when that user no longer exists). */
  arrivedBy: refSchema.nullable(),
  calledInBy: refSchema.nullable(),
  completedBy: refSchema.nullable(),
  cancelledBy: refSchema.nullable(),
  noShowBy: refSchema.nullable(),
  /** Minutes from check-in to being called in (or to now while still waiting); null before check-in. Read-only. */
  waitingMinutes: z.number().nullable(),
  /** Minutes from being called in to completion; null until both happened. Read-only. */
  visitMinutes: z.number().nullable(),
  /** The doctor's note on the completed visit. */
  visitNote: z.string().nullable(),
  /** The recurring series this appointment belongs to, if any. */
  seriesId: z.string().nullable(),
  /** Booked on purpose on top of the doctor's other appointments. */
  overbooked: z.boolean(),
  /** The service's preparation and cleaning minutes around the visit, which block the doctor too. */
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type AppointmentRecord = z.infer<typeof appointmentRecord>;

/** An appointment as a webhook carries it: the record without the doctor's note on the visit (clinical content). */
export const webhookAppointment = appointmentRecord.omit({ visitNote: true });
export type WebhookAppointment = z.infer<typeof webhookAppointment>;

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
  /** A new appointment is always scheduled, not cancelled and not yet reminded: the spec's booking may still say so. */
  status: z.literal('scheduled', {
    error: (issue) => ((APPOINTMENT_STATUSES as readonly unknown[]).includes(issue.input) ? 'validation.scheduling.newAppointmentStatus' : 'validation.scheduling.invalidStatus'),
  }).default('scheduled'),
  cancellationReason: z.null({ error: 'validation.scheduling.newAppointmentCancellation' }).optional(),
  reminderSent: z.literal(false, { error: 'validation.scheduling.newAppointmentReminder' }).default(false),
  /** "Book anyway": on top of the doctor's other appointment (permission appointment_overbook). */
  overbook: boolish.default(false),
});
export type AppointmentCreateInput = z.input<typeof appointmentCreateInput>;
export type AppointmentCreate = z.output<typeof appointmentCreateInput>;

const visitNote = z.string({ error: 'validation.invalidType' }).trim().max(VISIT_NOTE_MAX, { error: 'validation.tooLong' }).nullable();

/**
 * PATCH /api/appointments/{id}: a status change along APPOINTMENT_TRANSITIONS (`cancelled` with
 * `cancellationReason`; `visitNote` with `completed`, or later on its own while completed), or a reschedule
 * (`datetime`, optionally `doctor`) of a scheduled appointment, checked by the same rules as a booking.
 */
export const appointmentUpdateInput = z.strictObject({
  status: status.optional(),
  cancellationReason: cancellationReason.optional(),
  visitNote: visitNote.optional(),
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
/** One status, or several separated by commas (`arrived,in_consultation`). */
const statusList = z
  .string()
  .max(200, { error: 'validation.scheduling.invalidStatusList' })
  .transform((text, ctx) => {
    const parts = [...new Set(text.split(',').map((p) => p.trim()).filter(Boolean))];
    if (!parts.length) return undefined;
    if (parts.every((p) => (APPOINTMENT_STATUSES as readonly string[]).includes(p))) return parts as AppointmentStatus[];
    ctx.addIssue({ code: 'custom', message: 'validation.scheduling.invalidStatusList' });
    return z.NEVER;
  });

export const appointmentListQuery = listQuerySchema(appointmentSortFields)
  .extend({
    status: statusList.optional(),
    /** `calendar`: lean cards (AppointmentCard) instead of full records, same envelope. */
    view: z.enum(['calendar'], { error: 'validation.scheduling.invalidView' }).optional(),
    /** `true`: each record carries its patient's phone (`patientPhone`) when the caller may read patients (the printed day). */
    withPhone: booleanText.optional(),
    /** A clinic-local day. `datetime` is accepted too (the spec's name); its date part is used. */
    date: appointmentDay.optional(),
    datetime: dayOfDatetime.optional(),
    clinic: z.uuid({ error: 'validation.invalidValue' }).optional(),
    doctor: z.uuid({ error: 'validation.invalidValue' }).optional(),
    patient: z.uuid({ error: 'validation.invalidValue' }).optional(),
    service: z.uuid({ error: 'validation.invalidValue' }).optional(),
    /** The spec's general filter string, for example `clinic={id}` or `clinic={id}&doctor={id}`. */
    filter: z.string().max(500, { error: 'validation.invalidFilter' }).refine(decodes, { error: 'validation.invalidFilter' }).optional(),
    /**
     * A window of instants (the calendar's week): the appointments overlapping it, earliest first. With `view=calendar`
     * every card of the window in one answer, up to APPOINTMENT_RANGE_CAP (`pagination` tells when more exist); the full
     * records page with `page` and `limit` like any list.
     */
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
  /** Active doctors who work at the clinic, with the services of the clinic each provides and their picture's link (or null). */
  doctors: z.array(refSchema.extend({ serviceIds: z.array(z.string()), image: z.string().nullable() })),
});
export type AppointmentAvailability = z.infer<typeof appointmentAvailability>;

/** What a calendar card shows: `GET /api/appointments?view=calendar` answers these instead of full records. */
export const appointmentCard = z.object({
  _id: z.string(),
  publicId: z.string(),
  datetime: z.string(),
  endsAt: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  /** 'online': booked by the patient on the public page (a globe mark). */
  source: z.enum(APPOINTMENT_SOURCES),
  patient: refSchema,
  doctor: refSchema,
  service: refSchema,
  reason: z.string(),
  version: versionSchema,
  /** A series occurrence shows a repeat mark; overbooked and buffered time are drawn apart. */
  seriesId: z.string().nullable(),
  overbooked: z.boolean(),
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
});
export type AppointmentCard = z.infer<typeof appointmentCard>;

/** Most slots one next-free request answers, and the default. */
export const NEXT_FREE_MAX = 20;
export const NEXT_FREE_DEFAULT = 5;
/** How far ahead next-free looks for a slot (days from `from`). */
export const NEXT_FREE_HORIZON_DAYS = 31;

/** GET /api/appointments/next-free: the first bookable slots for a service, of one doctor or any who provides it. */
export const nextFreeQuery = z.object({
  clinic: z.uuid({ error: 'validation.scheduling.clinicRequired' }),
  service: z.uuid({ error: 'validation.scheduling.serviceRequired' }),
  doctor: z.uuid({ error: 'validation.invalidValue' }).optional(),
  /** Search from this instant (default now; a time in the past is read as now). */
  from: optionalInstant.optional(),
  limit: z.coerce
    .number({ error: 'validation.scheduling.invalidLimit' })
    .int({ error: 'validation.scheduling.invalidLimit' })
    .min(1, { error: 'validation.scheduling.invalidLimit' })
    .max(NEXT_FREE_MAX, { error: 'validation.scheduling.invalidLimit' })
    .default(NEXT_FREE_DEFAULT),
});
export type NextFreeQuery = z.infer<typeof nextFreeQuery>;

export const nextFreeSlot = z.object({
  /** Start, with the clinic's offset. */
  datetime: z.string(),
  endsAt: z.string(),
  doctor: refSchema,
});
export type NextFreeSlot = z.infer<typeof nextFreeSlot>;

/** GET /api/appointments/board: one clinic's day at the front desk. */
export const boardQuery = z.object({
  clinic: z.uuid({ error: 'validation.scheduling.clinicRequired' }),
  /** Clinic-local day (default: today in the clinic's time zone). */
  date: appointmentDay.optional(),
});
export type BoardQuery = z.infer<typeof boardQuery>;

export const boardCard = appointmentCard.extend({
  arrivedAt: z.string().nullable(),
  calledInAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  waitingMinutes: z.number().nullable(),
  visitMinutes: z.number().nullable(),
  lateCancellation: z.boolean(),
  /**
   * The visit's invoice, for those who may read invoices (null otherwise, or when it has none): the desk shows
   * "Paid" instead of "Take payment" once it is paid.
   */
  invoice: z.object({ _id: z.string(), status: z.enum(INVOICE_STATUSES) }).nullable(),
});
export type BoardCard = z.infer<typeof boardCard>;

export const appointmentBoard = z.object({
  clinic: z.object({ _id: z.string(), name: z.string(), timeZone: z.string() }),
  /** The clinic-local day shown. */
  date: z.string(),
  /** How many of the day's appointments are in each status (every status present, 0 when none). */
  counts: z.object(Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, z.number()])) as Record<AppointmentStatus, z.ZodNumber>),
  /** The day's appointments by status, each group by start time then doctor name. */
  groups: z.object(Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, z.array(boardCard)])) as Record<AppointmentStatus, z.ZodArray<typeof boardCard>>),
});
export type AppointmentBoard = z.infer<typeof appointmentBoard>;
