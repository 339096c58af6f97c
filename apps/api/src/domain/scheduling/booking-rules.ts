import { addDays, fromMinutes, localTime, safeTimeZone, toMinutes, type Weekday, weekdayOf, WEEKDAYS } from '@clinic/shared';
/**
 * When an appointment may take place: the clinic's working hours and holidays, the doctor's shifts, breaks
 * and approved leave, and never in the past. Pure functions over the shared data contracts (clinic
 * working_hours / holidays, employee working_hours / break_times / vacation_records); all wall-clock
 * comparisons happen in the clinic's time zone.
 */

/** A half-open range of minutes since local midnight: [start, end). */
export interface Interval {
  start: number;
  end: number;
}

export interface ClinicCalendar {
  timeZone: string;
  /** [{ day, timeSlots: [{ startTime, endTime }] }] as stored (read leniently). */
  workingHours: unknown;
  /** [{ name, date, reason }] */
  holidays: unknown;
}

export interface DoctorCalendar {
  /** [{ day, startTime, endTime }], several entries per day are shifts. */
  workingHours: unknown;
  /** [{ startTime, endTime }] every working day. */
  breakTimes: unknown;
  /** [{ leaveStartDate, leaveEndDate, leaveType, status }] */
  vacationRecords: unknown;
}

export type BookingRuleCode =
  | 'APPOINTMENT_IN_PAST'
  | 'CLINIC_HOLIDAY'
  | 'CLINIC_CLOSED_DAY'
  | 'OUTSIDE_CLINIC_HOURS'
  | 'DOCTOR_ON_LEAVE'
  | 'DOCTOR_DAY_OFF'
  | 'OUTSIDE_DOCTOR_HOURS'
  | 'DOCTOR_BREAK';

export interface BookingViolation {
  code: BookingRuleCode;
  /** Message key in the shared catalogue. */
  key: string;
  params: Record<string, string>;
}

const RULE_KEYS: Record<BookingRuleCode, string> = {
  APPOINTMENT_IN_PAST: 'errors.scheduling.appointmentInPast',
  CLINIC_HOLIDAY: 'errors.scheduling.clinicHoliday',
  CLINIC_CLOSED_DAY: 'errors.scheduling.clinicClosedDay',
  OUTSIDE_CLINIC_HOURS: 'errors.scheduling.outsideClinicHours',
  DOCTOR_ON_LEAVE: 'errors.scheduling.doctorOnLeave',
  DOCTOR_DAY_OFF: 'errors.scheduling.doctorDayOff',
  OUTSIDE_DOCTOR_HOURS: 'errors.scheduling.outsideDoctorHours',
  DOCTOR_BREAK: 'errors.scheduling.doctorBreak',
};

const violation = (code: BookingRuleCode, params: Record<string, string> = {}): BookingViolation => ({ code, key: RULE_KEYS[code], params });

function asArray(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => Boolean(v) && typeof v === 'object') : [];
}

function weekdayName(value: unknown): Weekday | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  return WEEKDAYS.find((d) => d.toLowerCase() === v) ?? null;
}

/** An 'HH:MM'-'HH:MM' pair as minutes; an end of '00:00' after a later start means midnight. */
export function interval(startTime: unknown, endTime: unknown): Interval | null {
  const start = toMinutes(startTime as string);
  let end = toMinutes(endTime as string);
  if (start === null || end === null) return null;
  if (end === 0 && start > 0) end = 24 * 60;
  return end > start ? { start, end } : null;
}

const byStart = (a: Interval, b: Interval) => a.start - b.start || a.end - b.end;

/** The clinic's opening slots for a weekday. */
export function clinicSlots(workingHours: unknown, weekday: Weekday): Interval[] {
  const slots: Interval[] = [];
  for (const entry of asArray(workingHours)) {
    if (weekdayName(entry.day) !== weekday) continue;
    for (const slot of asArray(entry.timeSlots)) {
      const i = interval(slot.startTime, slot.endTime);
      if (i) slots.push(i);
    }
  }
  return slots.sort(byStart);
}

/** True when the clinic has set any working hours (a clinic without any is not restricted, like the calendar). */
export function clinicHasHours(workingHours: unknown): boolean {
  return WEEKDAYS.some((d) => clinicSlots(workingHours, d).length > 0);
}

export function doctorShifts(workingHours: unknown, weekday: Weekday): Interval[] {
  const shifts: Interval[] = [];
  for (const entry of asArray(workingHours)) {
    if (weekdayName(entry.day) !== weekday) continue;
    const i = interval(entry.startTime, entry.endTime);
    if (i) shifts.push(i);
  }
  return shifts.sort(byStart);
}

export function doctorHasHours(workingHours: unknown): boolean {
  return WEEKDAYS.some((d) => doctorShifts(workingHours, d).length > 0);
}

export function breaks(breakTimes: unknown): Interval[] {
  return asArray(breakTimes)
    .map((b) => interval(b.startTime, b.endTime))
    .filter((i): i is Interval => i !== null)
    .sort(byStart);
}

export function holidayOn(holidays: unknown, date: string): { name: string } | null {
  for (const h of asArray(holidays)) {
    if (typeof h.date === 'string' && h.date.slice(0, 10) === date) {
      const name = typeof h.name === 'string' && h.name.trim() ? h.name.trim() : typeof h.reason === 'string' ? h.reason : '';
      return { name };
    }
  }
  return null;
}

/** The approved leave covering a date, if any. Pending requests do not block bookings. */
export function approvedLeaveOn(vacationRecords: unknown, date: string): { from: string; to: string } | null {
  for (const v of asArray(vacationRecords)) {
    if (typeof v.status !== 'string' || v.status.trim().toLowerCase() !== 'approved') continue;
    const from = typeof v.leaveStartDate === 'string' ? v.leaveStartDate.slice(0, 10) : null;
    const to = typeof v.leaveEndDate === 'string' ? v.leaveEndDate.slice(0, 10) : from;
    if (from && to && from <= date && date <= to) return { from, to };
  }
  return null;
}

const fitsInOne = (range: Interval, slots: Interval[]) => slots.some((s) => s.start <= range.start && range.end <= s.end);
const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;
const describe = (slots: Interval[]) => slots.map((s) => `${fromMinutes(s.start)}–${fromMinutes(s.end)}`).join(', ');

export interface BookingTime {
  startsAt: Date;
  endsAt: Date;
  now: Date;
  clinic: ClinicCalendar;
  doctor: DoctorCalendar;
}

/**
 * A clinic's and a doctor's calendars read once (hours per weekday, holidays by date, approved leave, breaks), for
 * rules asked about many instants: a search asks about hundreds of starts over the same calendars. Every rule below
 * reads the calendars through this one form, so a search and a single booking judge alike.
 */
export interface RuleCalendars {
  timeZone: string;
  clinicHasHours: boolean;
  clinicSlots: ReadonlyMap<Weekday, Interval[]>;
  /** The first holiday entry of each date. */
  holidays: ReadonlyMap<string, { name: string }>;
  /** Approved leave, in the order entered (the first covering a date is the one reported). */
  leave: ReadonlyArray<{ from: string; to: string }>;
  doctorHasHours: boolean;
  doctorShifts: ReadonlyMap<Weekday, Interval[]>;
  breaks: Interval[];
}

export function ruleCalendars(clinic: ClinicCalendar, doctor: DoctorCalendar | null): RuleCalendars {
  const clinicSlotsOf = new Map(WEEKDAYS.map((d) => [d, clinicSlots(clinic.workingHours, d)] as const));
  const shiftsOf = new Map(WEEKDAYS.map((d) => [d, doctor ? doctorShifts(doctor.workingHours, d) : []] as const));
  const holidays = new Map<string, { name: string }>();
  for (const h of asArray(clinic.holidays)) {
    if (typeof h.date !== 'string') continue;
    const date = h.date.slice(0, 10);
    if (!holidays.has(date)) holidays.set(date, holidayOn([h], date)!);
  }
  const leave: Array<{ from: string; to: string }> = [];
  for (const v of asArray(doctor?.vacationRecords)) {
    // Each record alone, through the same reading as a single date's check.
    const from = typeof v.leaveStartDate === 'string' ? v.leaveStartDate.slice(0, 10) : null;
    const to = typeof v.leaveEndDate === 'string' ? v.leaveEndDate.slice(0, 10) : from;
    if (from && to && from <= to && approvedLeaveOn([v], from)) leave.push({ from, to });
  }
  return {
    timeZone: safeTimeZone(clinic.timeZone),
    clinicHasHours: [...clinicSlotsOf.values()].some((slots) => slots.length > 0),
    clinicSlots: clinicSlotsOf,
    holidays,
    leave,
    doctorHasHours: [...shiftsOf.values()].some((shifts) => shifts.length > 0),
    doctorShifts: shiftsOf,
    breaks: doctor ? breaks(doctor.breakTimes) : [],
  };
}

/** The doctor's approved leave covering `date` in calendars read once, if any. */
export const leaveOn = (c: RuleCalendars, date: string) => c.leave.find((l) => l.from <= date && date <= l.to) ?? null;

/**
 * The first rule a booking breaks, or null when the time is bookable. The whole appointment must fit in one
 * clinic slot and one doctor shift (start inclusive, end exclusive) and must not touch a break.
 */
export function checkBookingTime({ startsAt, endsAt, now, clinic, doctor }: BookingTime): BookingViolation | null {
  return checkTime(ruleCalendars(clinic, doctor), startsAt, endsAt, now);
}

/** `checkBookingTime` over calendars read once. */
export function checkTime(c: RuleCalendars, startsAt: Date, endsAt: Date, now: Date): BookingViolation | null {
  if (startsAt.getTime() < now.getTime()) return violation('APPOINTMENT_IN_PAST');
  const tz = c.timeZone;
  const start = localTime(startsAt, tz);
  const end = localTime(endsAt, tz);
  const duration = Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000);
  let endMinutes: number;
  if (end.date === start.date) endMinutes = end.minutes;
  else if (end.date === addDays(start.date, 1) && end.minutes === 0) endMinutes = 24 * 60;
  else endMinutes = Number.POSITIVE_INFINITY; // runs past midnight: no working day does that
  // Clocks turned back inside the appointment: measure it by its length from the local start.
  if (endMinutes <= start.minutes) endMinutes = start.minutes + duration;
  const range: Interval = { start: start.minutes, end: endMinutes };
  const shown = () => ({ start: start.time, end: Number.isFinite(endMinutes) ? fromMinutes(Math.min(endMinutes, 24 * 60)) : end.time, date: start.date });

  const holiday = c.holidays.get(start.date);
  if (holiday) return violation('CLINIC_HOLIDAY', { date: start.date, name: holiday.name });

  if (c.clinicHasHours) {
    const slots = c.clinicSlots.get(start.weekday)!;
    if (!slots.length) return violation('CLINIC_CLOSED_DAY', { date: start.date });
    if (!fitsInOne(range, slots)) return violation('OUTSIDE_CLINIC_HOURS', { ...shown(), hours: describe(slots) });
  }

  const leave = leaveOn(c, start.date);
  if (leave) return violation('DOCTOR_ON_LEAVE', { ...leave });

  if (c.doctorHasHours) {
    const shifts = c.doctorShifts.get(start.weekday)!;
    if (!shifts.length) return violation('DOCTOR_DAY_OFF', { date: start.date });
    if (!fitsInOne(range, shifts)) return violation('OUTSIDE_DOCTOR_HOURS', { ...shown(), hours: describe(shifts) });
  }

  const hit = c.breaks.find((b) => overlaps(range, b));
  if (hit) return violation('DOCTOR_BREAK', { ...shown(), breakStart: fromMinutes(hit.start), breakEnd: fromMinutes(hit.end) });
  return null;
}

/** Removes the parts of `windows` covered by `cuts`. */
export function subtract(windows: Interval[], cuts: Interval[]): Interval[] {
  let result = windows.map((w) => ({ ...w }));
  for (const cut of cuts) {
    const next: Interval[] = [];
    for (const w of result) {
      if (!overlaps(w, cut)) {
        next.push(w);
        continue;
      }
      if (w.start < cut.start) next.push({ start: w.start, end: cut.start });
      if (cut.end < w.end) next.push({ start: cut.end, end: w.end });
    }
    result = next;
  }
  return result.sort(byStart);
}

export interface DayAvailability {
  date: string;
  weekday: Weekday;
  clinicHours: Interval[];
  holiday: string | null;
  /** Null when no doctor was asked for, or the doctor has no working hours set (not restricted). */
  doctorHours: Interval[] | null;
  doctorAway: 'leave' | 'dayOff' | null;
}

/** What a calendar day looks like for booking: the clinic's slots and, for a doctor, their free windows. */
export function dayAvailability(date: string, clinic: ClinicCalendar, doctor: DoctorCalendar | null): DayAvailability {
  return dayOf(ruleCalendars(clinic, doctor), date, doctor !== null);
}

/** `dayAvailability` over calendars read once (`withDoctor`: the calendars were read with a doctor's). */
export function dayOf(c: RuleCalendars, date: string, withDoctor: boolean): DayAvailability {
  const weekday = weekdayOf(date);
  const holiday = c.holidays.get(date) ?? null;
  const clinicHours = holiday ? [] : c.clinicSlots.get(weekday)!.map((i) => ({ ...i }));
  let doctorHours: Interval[] | null = null;
  let doctorAway: DayAvailability['doctorAway'] = null;
  if (withDoctor) {
    if (leaveOn(c, date)) {
      doctorHours = [];
      doctorAway = 'leave';
    } else if (c.doctorHasHours) {
      const shifts = c.doctorShifts.get(weekday)!;
      doctorHours = subtract(shifts, c.breaks);
      if (!shifts.length) doctorAway = 'dayOff';
    } else {
      const open = c.breaks;
      doctorHours = open.length ? subtract([{ start: 0, end: 24 * 60 }], open) : null;
    }
  }
  return { date, weekday, clinicHours, holiday: holiday?.name ?? null, doctorHours, doctorAway };
}

/** Earliest opening and latest closing over the week (default 09:00–18:00, the spec's default hours). */
export function weekBounds(workingHours: unknown): { start: number; end: number } {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const day of WEEKDAYS) {
    for (const s of clinicSlots(workingHours, day)) {
      start = Math.min(start, s.start);
      end = Math.max(end, s.end);
    }
  }
  return Number.isFinite(start) ? { start, end } : { start: 9 * 60, end: 18 * 60 };
}
