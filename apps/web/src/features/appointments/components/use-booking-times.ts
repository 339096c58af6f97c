import { useMemo } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAvailability } from '../api/get-availability';
import { useClinicServices, useDoctorOptions } from '../api/get-booking-options';
import { useDoctorDays } from '../api/get-doctor-days';
import { freeStarts, openWindows, startFits } from './bookability';
import { fromMinutes, timeRange, toMinutes, wallAt } from '@/lib/clinic-time';

export interface BookingChoice {
  clinic: string | null;
  service: string | null;
  doctor: string | null;
  /** The clinic-local day chosen (the calendar cell's, or picked); null: none yet. */
  day: string | null;
  /** The start time chosen, "HH:mm"; null: none yet. */
  time: string | null;
}

/**
 * What the booking form can offer for a clinic, service, doctor and day: the clinic's hours and zone, the visit's
 * length, the start times at which the whole visit fits (for the chosen doctor, else for any doctor of the service,
 * else the clinic's hours) and the doctors free then.
 */
export function useBookingTimes({ clinic, service, doctor, day: chosenDay, time }: BookingChoice) {
  const { t } = useTranslation();
  const services = useClinicServices(clinic);
  const allDoctors = useDoctorOptions();
  const day = chosenDay ?? dayjs().format('YYYY-MM-DD');
  const availability = useAvailability(clinic ? { clinic, from: day, to: day, doctor: null } : null);
  const dayInfo = availability.data && availability.data.clinic._id === clinic && availability.data.days[0]?.date === day ? availability.data : undefined;
  const timeZone = dayInfo?.clinic.timeZone ?? null;

  const chosenService = services.data?.find((s) => s._id === service) ?? null;
  const duration = chosenService?.durationMinutes || dayInfo?.clinic.averageVisitMinutes || 30;

  // Who is free when: the service's doctors, each with their hours at this clinic and their bookings that day.
  const serviceDoctorIds = useMemo(() => (chosenService ? chosenService.doctors.map((d) => d._id) : []), [chosenService]);
  const doctorDays = useDoctorDays(clinic, day, serviceDoctorIds, timeZone);
  const clinicNow = timeZone ? wallAt(new Date(), timeZone) : null;
  const grid = dayInfo && {
    origin: toMinutes(dayInfo.dayStart),
    step: dayInfo.slotMinutes,
    duration,
    notBefore: !clinicNow || day > clinicNow.date ? 0 : day === clinicNow.date ? toMinutes(clinicNow.time) : 24 * 60,
  };
  const clinicWindows = useMemo(() => (dayInfo ? openWindows(dayInfo.days[0], dayInfo) : []), [dayInfo]);
  const chosenDoctorDay = doctorDays.find((d) => d.doctorId === doctor);
  const checkingDoctors = doctorDays.some((d) => !d.ready);

  /** Start times on offer: for the chosen doctor, else for any doctor of the service, else the clinic's hours. */
  const startTimes = useMemo(() => {
    if (!grid) return [];
    if (chosenDoctorDay) return freeStarts(chosenDoctorDay.windows, chosenDoctorDay.busy, grid);
    if (doctorDays.length) return [...new Set(doctorDays.flatMap((d) => freeStarts(d.windows, d.busy, grid)))].sort((a, b) => a - b);
    return freeStarts(clinicWindows, [], grid);
  }, [grid?.origin, grid?.step, grid?.duration, grid?.notBefore, chosenDoctorDay, doctorDays, clinicWindows]); // eslint-disable-line react-hooks/exhaustive-deps
  // The same rule that lists the start times accepts a time: any minute at which the whole visit fits (the first
  // available time may fall between the listed rows).
  const fitsAt = (start: number) => {
    if (!grid) return false;
    if (chosenDoctorDay) return startFits(chosenDoctorDay.windows, chosenDoctorDay.busy, start, grid);
    if (doctorDays.length) return doctorDays.some((d) => startFits(d.windows, d.busy, start, grid));
    return startFits(clinicWindows, [], start, grid);
  };
  const timeFits = time !== null && fitsAt(toMinutes(time));
  const timesKnown = Boolean(grid) && !checkingDoctors;

  const doctorChoices = useMemo(() => {
    if (chosenService) {
      // Only those free for the whole visit: at the chosen time, or at some time that day.
      const free = new Set(
        doctorDays
          .filter((d) => d.ready && (time !== null && grid
            ? startFits(d.windows, d.busy, toMinutes(time), grid)
            : grid !== undefined && freeStarts(d.windows, d.busy, grid).length > 0))
          .map((d) => d.doctorId),
      );
      return chosenService.doctors.filter((d) => free.has(d._id));
    }
    const atClinic = dayInfo?.doctors;
    return atClinic && atClinic.length ? atClinic : (allDoctors.data ?? []);
  }, [chosenService, doctorDays, time, grid?.notBefore, duration, dayInfo?.doctors, allDoctors.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const timeError = time !== null && timesKnown && !timeFits ? t('appointments.form.timeDoesNotFit', { minutes: duration }) : undefined;
  const timeOptions = startTimes.map((m) => ({ value: fromMinutes(m), label: timeRange(fromMinutes(m), fromMinutes(m + duration)) }));
  if (time !== null && !timeOptions.some((o) => o.value === time)) {
    timeOptions.push({ value: time, label: timeRange(time, fromMinutes(toMinutes(time) + duration)) });
    timeOptions.sort((a, b) => a.value.localeCompare(b.value));
  }

  return {
    services,
    availability,
    /** The clinic's hours and holiday on the day. */
    dayHours: dayInfo?.days[0],
    timeZone,
    chosenService,
    duration,
    checkingDoctors,
    startTimes,
    timesKnown,
    timeError,
    timeOptions,
    doctorChoices,
  };
}

export type BookingTimes = ReturnType<typeof useBookingTimes>;
