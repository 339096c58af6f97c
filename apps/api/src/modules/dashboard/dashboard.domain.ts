/**
 * The dashboard's figures from the period's appointments as the database counted them, the doctors' calendars and
 * the clinics' hours. Pure: the service reads the counts, this derives the rates and the working minutes. Days are
 * clinic-local (each appointment in its clinic's zone).
 */
import { APPOINTMENT_STATUSES, type AppointmentStatus, calendarDays, intersectSpans, type Span, type Weekday, weekdayOf } from '@clinic/shared';
import { type ClinicCalendar, dayOf, type DoctorCalendar, leaveOn, ruleCalendars } from '../../domain/scheduling/booking-rules.js';

export interface DashClinic extends ClinicCalendar {
  id: string;
}

export interface DashDoctor extends DoctorCalendar {
  id: string;
  name: string;
  publicId: string;
  /** Clinics of the scope the doctor works at. */
  clinicIds: string[];
}

/**
 * The period's appointments counted by the database (`periodAggregates` in the service): one GROUP BY over the
 * period's rows, never the rows themselves. "Active" means not cancelled.
 */
export interface DashAggregates {
  byStatus: Partial<Record<AppointmentStatus, number>>;
  /** Cancelled late. */
  lateCancellations: number;
  /** Checked in; and, of those also called in, the count and the sum of minutes from check-in to being called in. */
  arrivals: number;
  waits: { count: number; minutes: number };
  /** Minutes booked per doctor over active appointments. */
  bookedMinutes: Map<string, number>;
  /** Active appointments per clinic-local weekday (0 Monday .. 6 Sunday) and hour. */
  cells: Array<{ weekday: number; hour: number; count: number }>;
  /** Patients with a completed visit in the period, whose first completed visit ever is in it (new) or before (returning). */
  patients: { new: number; returning: number };
  /** From `periodRevenue`. */
  revenue: number;
}

export interface DashInput {
  from: string;
  to: string;
  clinics: DashClinic[];
  doctors: DashDoctor[];
  counted: DashAggregates;
}

export interface DashFigures {
  byStatus: Record<AppointmentStatus, number>;
  total: number;
  arrivals: number;
  averageWaitMinutes: number | null;
  noShowRate: number | null;
  lateCancellationRate: number | null;
  utilisation: Array<{ doctorId: string; bookedMinutes: number; workingMinutes: number; rate: number | null }>;
  patients: { new: number; returning: number };
  revenue: number;
  heatmap: Array<{ weekday: number; hour: number; count: number }>;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** Minutes covered by a set of spans, counting overlaps once. */
export function coveredMinutes(spans: Span[]): number {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const s of sorted) {
    if (s.end <= end) continue;
    total += s.end - Math.max(s.start, end);
    end = s.end;
  }
  return total;
}

/**
 * A doctor's working minutes over the period: on each day, their shifts less breaks (nothing on approved leave),
 * within the opening hours of the scope's clinics they work at (closed days and holidays count nothing).
 */
export function workingMinutes(doctor: DashDoctor, clinics: DashClinic[], days: string[]): number {
  // Each clinic's hours, holidays and the doctor's shifts, breaks and leave are read once for the whole period.
  const calendars = clinics.filter((c) => doctor.clinicIds.includes(c.id)).map((c) => ruleCalendars(c, doctor));
  // A day's minutes depend on its weekday alone unless it is a holiday at one of their clinics or a day of their
  // approved leave: each ordinary weekday is worked out once, not once per week of the period.
  const ordinary = new Map<Weekday, number>();
  let total = 0;
  for (const date of days) {
    const special = calendars.some((c) => c.holidays.has(date) || leaveOn(c, date) !== null);
    const weekday = weekdayOf(date);
    let minutes = special ? undefined : ordinary.get(weekday);
    if (minutes === undefined) {
      const spans: Span[] = [];
      for (const calendar of calendars) {
        const day = dayOf(calendar, date, true);
        spans.push(...(day.doctorHours === null ? day.clinicHours : intersectSpans(day.clinicHours, day.doctorHours)));
      }
      minutes = coveredMinutes(spans);
      if (!special) ordinary.set(weekday, minutes);
    }
    total += minutes;
  }
  return total;
}

export function dashboardFiguresOf(input: DashInput): DashFigures {
  const c = input.counted;
  const byStatus = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, c.byStatus[s] ?? 0])) as Record<AppointmentStatus, number>;
  const total = APPOINTMENT_STATUSES.reduce((sum, s) => sum + byStatus[s], 0);
  const averageWaitMinutes = c.waits.count ? round(c.waits.minutes / c.waits.count, 1) : null;
  const notCancelled = total - byStatus.cancelled;
  const noShowRate = notCancelled ? round(byStatus.no_show / notCancelled, 4) : null;
  const lateCancellationRate = total ? round(c.lateCancellations / total, 4) : null;

  const days = calendarDays(input.from, input.to) ?? [];
  const utilisation = input.doctors.map((d) => {
    const working = workingMinutes(d, input.clinics, days);
    const bookedMinutes = Math.round(c.bookedMinutes.get(d.id) ?? 0);
    return { doctorId: d.id, bookedMinutes, workingMinutes: working, rate: working > 0 ? round(bookedMinutes / working, 4) : null };
  });
  const heatmap = c.cells.filter((h) => h.count > 0).sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);

  return {
    byStatus, total, arrivals: c.arrivals, averageWaitMinutes, noShowRate, lateCancellationRate, utilisation,
    patients: c.patients, revenue: round(c.revenue, 2), heatmap,
  };
}
