/**
 * The dashboard's figures from the period's appointments, the doctors' calendars and the clinics' hours.
 * Pure: the service reads the rows, this counts. Days are clinic-local (each appointment in its clinic's zone).
 */
import { APPOINTMENT_STATUSES, intersectSpans, type AppointmentStatus, type Span } from '@clinic/shared';
import { dayAvailability, type ClinicCalendar, type DoctorCalendar } from '../../domain/scheduling/booking-rules.js';
import { calendarDays, localTime, WEEKDAYS } from '../../domain/scheduling/time-zone.js';

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

export interface DashAppointment {
  clinicId: string;
  doctorId: string;
  patientId: string;
  startsAt: Date;
  endsAt: Date;
  status: AppointmentStatus;
  lateCancellation: boolean;
  arrivedAt: Date | null;
  calledInAt: Date | null;
  /** The service's price. */
  price: number;
}

export interface DashInput {
  from: string;
  to: string;
  clinics: DashClinic[];
  doctors: DashDoctor[];
  /** Appointments of the scope's clinics starting around the period (those outside its clinic-local days are ignored). */
  appointments: DashAppointment[];
  /** Each patient's first completed visit anywhere in the company. */
  firstCompleted: Map<string, Date>;
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
  const theirs = clinics.filter((c) => doctor.clinicIds.includes(c.id));
  let total = 0;
  for (const date of days) {
    const spans: Span[] = [];
    for (const clinic of theirs) {
      const day = dayAvailability(date, clinic, doctor);
      spans.push(...(day.doctorHours === null ? day.clinicHours : intersectSpans(day.clinicHours, day.doctorHours)));
    }
    total += coveredMinutes(spans);
  }
  return total;
}

export function dashboardFiguresOf(input: DashInput): DashFigures {
  const zones = new Map(input.clinics.map((c) => [c.id, c.timeZone]));
  const inPeriod = input.appointments.filter((a) => {
    const date = localTime(a.startsAt, zones.get(a.clinicId) ?? 'UTC').date;
    return date >= input.from && date <= input.to;
  });
  const byStatus = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, 0])) as Record<AppointmentStatus, number>;
  for (const a of inPeriod) byStatus[a.status] += 1;
  const total = inPeriod.length;

  const arrived = inPeriod.filter((a) => a.arrivedAt);
  const waits = arrived.filter((a) => a.calledInAt).map((a) => (a.calledInAt!.getTime() - a.arrivedAt!.getTime()) / 60_000);
  const averageWaitMinutes = waits.length ? round(waits.reduce((s, w) => s + w, 0) / waits.length, 1) : null;

  const notCancelled = inPeriod.filter((a) => a.status !== 'cancelled');
  const noShowRate = notCancelled.length ? round(byStatus.no_show / notCancelled.length, 4) : null;
  const late = inPeriod.filter((a) => a.status === 'cancelled' && a.lateCancellation).length;
  const lateCancellationRate = total ? round(late / total, 4) : null;

  const days = calendarDays(input.from, input.to) ?? [];
  const booked = new Map<string, number>();
  for (const a of notCancelled) booked.set(a.doctorId, (booked.get(a.doctorId) ?? 0) + (a.endsAt.getTime() - a.startsAt.getTime()) / 60_000);
  const utilisation = input.doctors.map((d) => {
    const working = workingMinutes(d, input.clinics, days);
    const bookedMinutes = Math.round(booked.get(d.id) ?? 0);
    return { doctorId: d.id, bookedMinutes, workingMinutes: working, rate: working > 0 ? round(bookedMinutes / working, 4) : null };
  });

  const completed = inPeriod.filter((a) => a.status === 'completed');
  const firstInPeriod = new Map<string, number>();
  for (const a of completed) firstInPeriod.set(a.patientId, Math.min(firstInPeriod.get(a.patientId) ?? Infinity, a.startsAt.getTime()));
  let fresh = 0;
  let returning = 0;
  for (const [patientId, first] of firstInPeriod) {
    const ever = input.firstCompleted.get(patientId)?.getTime() ?? first;
    if (ever < first) returning += 1;
    else fresh += 1;
  }
  const revenue = round(completed.reduce((s, a) => s + a.price, 0), 2);

  const cells = new Map<string, { weekday: number; hour: number; count: number }>();
  for (const a of notCancelled) {
    const local = localTime(a.startsAt, zones.get(a.clinicId) ?? 'UTC');
    const weekday = WEEKDAYS.indexOf(local.weekday);
    const hour = Math.floor(local.minutes / 60);
    const key = `${weekday}:${hour}`;
    const cell = cells.get(key) ?? { weekday, hour, count: 0 };
    cell.count += 1;
    cells.set(key, cell);
  }
  const heatmap = [...cells.values()].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);

  return {
    byStatus, total, arrivals: arrived.length, averageWaitMinutes, noShowRate, lateCancellationRate, utilisation,
    patients: { new: fresh, returning }, revenue, heatmap,
  };
}
