import { useQueries } from '@tanstack/react-query';
import { addDays, toMinutes, wallAt, wallToIso } from '@/lib/clinic-time';
import { openWindows, type Window } from '../components/bookability';
import { availabilityQueryOptions } from './get-availability';
import { calendarAppointmentsQueryOptions } from './get-calendar-appointments';

/** One doctor's day at a clinic, in that clinic's minutes since local midnight. */
export interface DoctorDay {
  doctorId: string;
  /** False while the doctor's hours or bookings are still loading. */
  ready: boolean;
  /** When the doctor can be booked there: the clinic's hours within the doctor's shifts, minus breaks and leave. */
  windows: Window[];
  /** The doctor's scheduled appointments that day, at any clinic. */
  busy: Window[];
}

/**
 * What the booking form needs to offer only doctors who are free: for each doctor, the clinic's availability with that
 * doctor (GET /appointments/availability) and the doctor's appointments that day (a range of GET /appointments,
 * every clinic, since a doctor cannot be in two places at once).
 */
export function useDoctorDays(clinic: string | null, day: string, doctorIds: readonly string[], timeZone: string | null): DoctorDay[] {
  const hours = useQueries({
    queries: doctorIds.map((doctor) => ({
      ...availabilityQueryOptions({ clinic: clinic ?? '', from: day, to: day, doctor }),
      placeholderData: undefined,
      enabled: Boolean(clinic),
    })),
  });
  const range = timeZone ? { from: wallToIso(day, '00:00', timeZone), to: wallToIso(addDays(day, 1), '00:00', timeZone) } : null;
  const booked = useQueries({
    queries: doctorIds.map((doctor) => ({
      ...calendarAppointmentsQueryOptions({ clinic: '', doctor, search: '', from: range?.from ?? '', to: range?.to ?? '' }),
      placeholderData: undefined,
      enabled: Boolean(range),
    })),
  });
  return doctorIds.map((doctorId, i) => {
    const availability = hours[i]?.data;
    const appointments = booked[i]?.data?.data;
    const busy: Window[] = [];
    if (appointments && timeZone) {
      for (const a of appointments) {
        if (a.status !== 'scheduled') continue;
        const s = wallAt(new Date(a.datetime), timeZone);
        const e = wallAt(new Date(a.endsAt), timeZone);
        if (s.date > day || e.date < day) continue;
        busy.push({ start: s.date < day ? 0 : toMinutes(s.time), end: e.date > day ? 24 * 60 : toMinutes(e.time) });
      }
    }
    return {
      doctorId,
      ready: Boolean(availability && appointments),
      windows: availability ? openWindows(availability.days[0], availability) : [],
      busy,
    };
  });
}
