import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointment.js';
import { refSchema } from './common.js';
import { calendarDate, daysBetween } from './dates.js';

/** The longest period the dashboard answers for, in days (a quarter). */
export const DASHBOARD_MAX_DAYS = 93;

/** Most appointments today's agenda lists (the first of the day); `agendaTotal` counts them all. */
export const DASHBOARD_AGENDA_CAP = 300;

/**
 * GET /api/dashboard: one clinic, all clinics of a complex, or the whole company (neither given), for the
 * clinic-local days `from` to `to` inclusive (both default to today in the company's time zone).
 */
export const dashboardQuery = z
  .object({
    clinic: z.uuid({ error: 'validation.invalidValue' }).optional(),
    complex: z.uuid({ error: 'validation.invalidValue' }).optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    /** Figures of several clinics are kept for a minute; `fresh=true` counts them again now. */
    fresh: z.enum(['true', 'false'], { error: 'validation.invalidBoolean' }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.clinic && q.complex) ctx.addIssue({ code: 'custom', path: ['complex'], message: 'validation.dashboard.scopeBoth' });
    if (q.from && q.to) {
      const days = daysBetween(q.from, q.to);
      if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dashboard.periodOrder' });
      else if (days + 1 > DASHBOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dashboard.periodTooLong' });
    }
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const statusCounts = z.object(Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, z.number()])) as Record<(typeof APPOINTMENT_STATUSES)[number], z.ZodNumber>);

export const dashboardAgendaItem = z.object({
  _id: z.string(),
  publicId: z.string(),
  /** Start and end with the clinic's offset. */
  datetime: z.string(),
  endsAt: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  patient: refSchema,
  doctor: refSchema,
  clinic: refSchema,
  service: refSchema,
});
export type DashboardAgendaItem = z.infer<typeof dashboardAgendaItem>;

export const dashboardFigures = z.object({
  period: z.object({ from: z.string(), to: z.string(), days: z.number() }),
  /** When these figures were counted (figures of several clinics may be up to a minute old). */
  asOf: z.string(),
  scope: z.object({ clinic: refSchema.nullable(), complex: refSchema.nullable(), clinics: z.number() }),
  /** Appointments starting in the period, by status. */
  byStatus: statusCounts,
  total: z.number(),
  /** Of those, the appointments patients booked themselves on the public booking page (any status). */
  onlineBookings: z.number(),
  /** Appointments checked in, and the mean minutes from check-in to being called in (null when none was called in). */
  arrivals: z.number(),
  averageWaitMinutes: z.number().nullable(),
  /** No-shows over appointments that were not cancelled; late cancellations over all appointments (0..1, null without any). */
  noShowRate: z.number().nullable(),
  lateCancellationRate: z.number().nullable(),
  /** Per doctor: minutes booked (not cancelled) over minutes working (their hours within the clinics', less breaks and leave). */
  utilisation: z.array(z.object({ doctor: refSchema, bookedMinutes: z.number(), workingMinutes: z.number(), rate: z.number().nullable() })),
  /** Patients with a completed visit in the period: first ever completed visit in the period (new), or an earlier one (returning). */
  patients: z.object({ new: z.number(), returning: z.number() }),
  /** Sum of the services' prices over completed visits. */
  revenue: z.number(),
  /** Money taken in the period: payments of invoices net of refunds, in the company's currency (major units). */
  collected: z.number(),
  /** The company's billing currency (ISO 4217) that `revenue` and `collected` are in. */
  currency: z.string(),
  /** Appointments (not cancelled) by clinic-local weekday (0 Monday .. 6 Sunday) and hour. Only non-zero cells. */
  heatmap: z.array(z.object({ weekday: z.number(), hour: z.number(), count: z.number() })),
  /** Today's appointments in the scope (clinic-local today), earliest first: the first DASHBOARD_AGENDA_CAP of them. */
  today: z.string(),
  agenda: z.array(dashboardAgendaItem),
  /** How many appointments the scope has today: more than `agenda` lists when the day has more than the cap. */
  agendaTotal: z.number(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;
