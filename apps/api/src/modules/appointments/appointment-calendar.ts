import {
  APPOINTMENT_RANGE_MAX_DAYS, APPOINTMENT_STATUSES, type AppointmentAvailability, type AppointmentAvailabilityQuery,
  type AppointmentBoard, type BoardQuery, calendarDays, DEFAULT_VISIT_MINUTES, endOfLocalDay, fromMinutes, hasPermission,
  localTime, NEXT_FREE_HORIZON_DAYS, type NextFreeQuery, type NextFreeSlot, safeTimeZone, startOfLocalDay, zonedIso,
} from '@clinic/shared';
import { findFreeSlots } from '../../domain/scheduling/next-free.js';
import { clinicHasHours, dayAvailability, weekBounds } from '../../domain/scheduling/booking-rules.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { fileUrl } from '../../lib/files.js';
import { validationFailed } from '../../lib/errors.js';
import { heldTimes, notFound, ruleError, visitMinutes } from './appointment-rules.js';
import { findBoardCards } from './appointments.repository.js';
import { clinicDoctors, findBusyTimes, loadBookingParties, loadClinicCalendar, loadDoctorCalendar, loadSlotDoctors } from './scheduling.repository.js';

/*
 * The calendar's views of a clinic's time: the grid of working hours over days, the next free slots for a
 * service, and the front desk's board of one day.
 */

const slot = (i: { start: number; end: number }) => ({ startTime: fromMinutes(i.start), endTime: fromMinutes(i.end) });

/** The calendar's grid for a clinic (and optionally a doctor) over clinic-local days `from`..`to`. */
export async function availability(deps: Deps, caller: Caller, q: AppointmentAvailabilityQuery): Promise<AppointmentAvailability> {
  const [clinic, doctor] = await Promise.all([
    loadClinicCalendar(deps.db, caller.companyId, q.clinic),
    q.doctor ? loadDoctorCalendar(deps.db, caller.companyId, q.doctor) : Promise.resolve(null),
  ]);
  if (!clinic) throw notFound('clinic');
  if (q.doctor && !doctor) throw notFound('doctor');
  const timeZone = safeTimeZone(clinic.timeZone);
  const calendar = { timeZone, workingHours: clinic.workingHours, holidays: clinic.holidays };
  // A counted number of days (the schema already refused spans over the limit): never a loop comparing date texts.
  const dates = calendarDays(q.from, q.to, APPOINTMENT_RANGE_MAX_DAYS + 1);
  if (!dates) throw validationFailed({ to: 'validation.scheduling.rangeTooLong' });
  const days = dates.map((date) => {
    const day = dayAvailability(date, calendar, doctor);
    return {
      date: day.date,
      weekday: day.weekday,
      clinicHours: day.clinicHours.map(slot),
      holiday: day.holiday,
      doctorHours: day.doctorHours ? day.doctorHours.map(slot) : null,
      doctorAway: day.doctorAway,
    };
  });
  const bounds = weekBounds(clinic.workingHours);
  const slotMinutes = clinic.averageVisitMinutes > 0 ? clinic.averageVisitMinutes : DEFAULT_VISIT_MINUTES;
  return {
    clinic: {
      _id: clinic.id,
      name: clinic.name,
      timeZone,
      averageVisitMinutes: slotMinutes,
      isActive: clinic.isActive,
      hasWorkingHours: clinicHasHours(clinic.workingHours),
    },
    slotMinutes,
    dayStart: fromMinutes(bounds.start),
    dayEnd: fromMinutes(Math.min(bounds.end, 24 * 60)),
    days,
    doctors: (await clinicDoctors(deps.db, caller.companyId, clinic.id)).map(({ imageFileId, ...d }) => ({
      ...d,
      image: imageFileId ? fileUrl(deps, caller.companyId, imageFileId) : null,
    })),
  };
}

/** Days searched first for free slots, before the whole horizon. */
const FIRST_SEARCH_DAYS = 7;

/**
 * The first free slots from `from` (default now) for a service at a clinic, of one doctor or of every active doctor
 * of the clinic who provides it, within NEXT_FREE_HORIZON_DAYS: every booking rule applies.
 */
export async function nextFree(deps: Deps, caller: Caller, q: NextFreeQuery, now = clockNow(deps)): Promise<NextFreeSlot[]> {
  // The clinic's calendar comes with the parties: one statement.
  const p = await loadBookingParties(deps.db, caller.companyId, { patient: null, doctor: q.doctor ?? null, clinic: q.clinic, service: q.service });
  const clinic = p.clinic;
  if (!clinic) throw notFound('clinic');
  if (!p.service) throw notFound('service');
  if (!clinic.isActive) throw ruleError('CLINIC_INACTIVE', 'errors.scheduling.clinicInactive', 'clinic', { name: clinic.name });
  if (!p.service.isActive) throw ruleError('SERVICE_INACTIVE', 'errors.scheduling.serviceInactive', 'service', { name: p.service.name });
  if (p.service.clinicId !== clinic.id) {
    throw ruleError('SERVICE_NOT_AT_CLINIC', 'errors.scheduling.serviceNotAtClinic', 'service', { service: p.service.name, clinic: clinic.name });
  }
  if (q.doctor) {
    // The same refusals as a booking with this doctor.
    if (!p.doctor) throw notFound('doctor');
    if (p.doctor.employeeType !== 'Doctor') throw ruleError('NOT_A_DOCTOR', 'errors.scheduling.notADoctor', 'doctor', { name: p.doctor.name });
    if (!p.doctor.isActive) throw ruleError('DOCTOR_INACTIVE', 'errors.scheduling.doctorInactive', 'doctor', { name: p.doctor.name });
    if (!p.doctorWorksAtClinic) throw ruleError('DOCTOR_NOT_AT_CLINIC', 'errors.scheduling.doctorNotAtClinic', 'doctor', { doctor: p.doctor.name, clinic: clinic.name });
    if (!p.doctorProvidesService) {
      throw ruleError('DOCTOR_NOT_PROVIDING_SERVICE', 'errors.scheduling.doctorNotProvidingService', 'doctor', { doctor: p.doctor.name, service: p.service.name });
    }
  }
  const doctors = await loadSlotDoctors(deps.db, caller.companyId, clinic.id, p.service.id, q.doctor);
  const from = q.from ? new Date(Math.max(Date.parse(q.from), now.getTime())) : now;
  const timeZone = safeTimeZone(clinic.timeZone);
  const search = async (days: number) => {
    const until = new Date(from.getTime() + (days + 2) * 86_400_000);
    const busyOf = new Map<string, Array<{ startsAt: Date; endsAt: Date }>>();
    for (const b of await findBusyTimes(deps.db, caller.companyId, doctors.map((d) => d.id), from, until)) {
      const list = busyOf.get(b.doctorId);
      if (list) list.push(b);
      else busyOf.set(b.doctorId, [b]);
    }
    return findFreeSlots({
      clinic: { timeZone, workingHours: clinic.workingHours, holidays: clinic.holidays },
      doctors: doctors.map((d) => ({ id: d.id, name: d.name, calendar: d, busy: heldTimes(busyOf.get(d.id) ?? [], p.service!) })),
      // The length a booking of this service will have.
      durationMinutes: visitMinutes(p),
      stepMinutes: clinic.averageVisitMinutes > 0 ? clinic.averageVisitMinutes : DEFAULT_VISIT_MINUTES,
      from,
      now,
      horizonDays: days,
      limit: q.limit,
    });
  };
  // Most searches fill up within the first week: only its appointments are read then. Otherwise the whole horizon is
  // searched (the first week's slots are the same either way: a day's slots depend only on that day's held time).
  const week = await search(Math.min(FIRST_SEARCH_DAYS, NEXT_FREE_HORIZON_DAYS));
  const slots = week.length >= q.limit || FIRST_SEARCH_DAYS >= NEXT_FREE_HORIZON_DAYS ? week : await search(NEXT_FREE_HORIZON_DAYS);
  return slots.map((s) => ({ datetime: zonedIso(s.startsAt, timeZone), endsAt: zonedIso(s.endsAt, timeZone), doctor: { _id: s.doctorId, name: s.doctorName } }));
}

/** One clinic's day at the front desk (the clinic's own calendar day; today there by default). */
export async function board(deps: Deps, caller: Caller, q: BoardQuery, now = clockNow(deps)): Promise<AppointmentBoard> {
  const clinic = await loadClinicCalendar(deps.db, caller.companyId, q.clinic);
  if (!clinic) throw notFound('clinic');
  const timeZone = safeTimeZone(clinic.timeZone);
  const date = q.date ?? localTime(now, timeZone).date;
  const from = startOfLocalDay(date, timeZone);
  const to = endOfLocalDay(date, timeZone);
  const cards = await findBoardCards(deps.db, caller.companyId, clinic.id, from, to, now, hasPermission(caller.permissions, 'billing_read'));
  const groups = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, cards.filter((c) => c.status === s)])) as AppointmentBoard['groups'];
  const counts = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, groups[s].length])) as AppointmentBoard['counts'];
  return { clinic: { _id: clinic.id, name: clinic.name, timeZone }, date, counts, groups };
}
