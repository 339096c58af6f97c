import { describe, expect, it } from 'vitest';
import { zonedInstant } from '@clinic/shared';
import { checkBookingTime, dayAvailability, subtract, weekBounds, type ClinicCalendar, type DoctorCalendar } from './booking-rules.js';

const TZ = 'Asia/Riyadh';
const clinic: ClinicCalendar = {
  timeZone: TZ,
  workingHours: [
    { day: 'Monday', timeSlots: [{ startTime: '09:00', endTime: '13:00' }, { startTime: '14:00', endTime: '18:00' }] },
    { day: 'Tuesday', timeSlots: [{ startTime: '09:00', endTime: '17:00' }] },
    { day: 'Wednesday', timeSlots: [{ startTime: '09:00', endTime: '17:00' }] },
  ],
  holidays: [{ name: 'National Day', date: '2026-03-04', reason: 'Public holiday' }],
};
const doctor: DoctorCalendar = {
  workingHours: [
    { day: 'Monday', startTime: '09:00', endTime: '13:00' },
    { day: 'Monday', startTime: '15:00', endTime: '18:00' },
    { day: 'Tuesday', startTime: '10:00', endTime: '16:00' },
  ],
  breakTimes: [{ startTime: '12:00', endTime: '12:30' }],
  vacationRecords: [
    { leaveStartDate: '2026-03-09', leaveEndDate: '2026-03-10', leaveType: 'Vacation', status: 'Approved' },
    { leaveStartDate: '2026-03-16', leaveEndDate: '2026-03-17', leaveType: 'Sick Leave', status: 'Pending' },
  ],
};
const now = new Date('2026-03-01T00:00:00Z');

function at(date: string, time: string, minutes = 30, overrides: { clinic?: Partial<ClinicCalendar>; doctor?: Partial<DoctorCalendar>; now?: Date } = {}) {
  const tz = overrides.clinic?.timeZone ?? TZ;
  const startsAt = zonedInstant(date, time, tz);
  return checkBookingTime({
    startsAt,
    endsAt: new Date(startsAt.getTime() + minutes * 60_000),
    now: overrides.now ?? now,
    clinic: { ...clinic, ...overrides.clinic },
    doctor: { ...doctor, ...overrides.doctor },
  });
}

describe('checkBookingTime', () => {
  it('accepts an appointment inside the clinic slot and the doctor shift, start inclusive and end exclusive', () => {
    expect(at('2026-03-02', '09:00')).toBeNull(); // Monday, first minute
    expect(at('2026-03-02', '12:30')).toBeNull(); // ends exactly at 13:00
    expect(at('2026-03-02', '17:30')).toBeNull(); // ends exactly at 18:00
  });

  it('refuses a time in the past', () => {
    expect(at('2026-03-02', '09:00', 30, { now: new Date('2026-03-02T06:00:01Z') })?.code).toBe('APPOINTMENT_IN_PAST');
  });

  it('refuses outside the clinic hours for that weekday, naming the hours', () => {
    const v = at('2026-03-02', '08:30');
    expect(v).toEqual({
      code: 'OUTSIDE_CLINIC_HOURS',
      key: 'errors.scheduling.outsideClinicHours',
      params: { start: '08:30', end: '09:00', date: '2026-03-02', hours: '09:00–13:00, 14:00–18:00' },
    });
    expect(at('2026-03-02', '18:00')?.code).toBe('OUTSIDE_CLINIC_HOURS'); // the closing time itself is not bookable
  });

  it('refuses an appointment that straddles two clinic slots (it must fit in one)', () => {
    expect(at('2026-03-02', '12:45', 30)?.code).toBe('OUTSIDE_CLINIC_HOURS');
  });

  it('refuses a weekday the clinic does not work and a clinic holiday', () => {
    expect(at('2026-03-05', '10:00')).toEqual({ code: 'CLINIC_CLOSED_DAY', key: 'errors.scheduling.clinicClosedDay', params: { date: '2026-03-05' } });
    expect(at('2026-03-04', '10:00')).toEqual({
      code: 'CLINIC_HOLIDAY', key: 'errors.scheduling.clinicHoliday', params: { date: '2026-03-04', name: 'National Day' },
    });
  });

  it('refuses outside the doctor\'s shifts and on the doctor\'s day off', () => {
    expect(at('2026-03-02', '14:00')?.code).toBe('OUTSIDE_DOCTOR_HOURS'); // clinic open, doctor starts at 15:00
    expect(at('2026-03-03', '09:30')).toMatchObject({ code: 'OUTSIDE_DOCTOR_HOURS', params: { hours: '10:00–16:00' } });
    expect(at('2026-03-11', '10:00')).toEqual({ code: 'DOCTOR_DAY_OFF', key: 'errors.scheduling.doctorDayOff', params: { date: '2026-03-11' } });
  });

  it('refuses the doctor\'s break, even when only the end touches it', () => {
    expect(at('2026-03-02', '12:00')).toMatchObject({ code: 'DOCTOR_BREAK', params: { breakStart: '12:00', breakEnd: '12:30' } });
    expect(at('2026-03-02', '11:45', 30)?.code).toBe('DOCTOR_BREAK');
    expect(at('2026-03-02', '11:30', 30)).toBeNull(); // ends when the break starts
  });

  it('refuses approved leave but not a pending request', () => {
    expect(at('2026-03-09', '10:00')).toEqual({
      code: 'DOCTOR_ON_LEAVE', key: 'errors.scheduling.doctorOnLeave', params: { from: '2026-03-09', to: '2026-03-10' },
    });
    expect(at('2026-03-16', '10:00')).toBeNull();
  });

  it('does not restrict a clinic or doctor that has set no working hours at all', () => {
    expect(at('2026-03-05', '22:00', 30, { clinic: { workingHours: [] }, doctor: { workingHours: [], breakTimes: [] } })).toBeNull();
  });

  it('checks in the clinic\'s zone: 09:00 in Berlin is bookable on both sides of the clock change', () => {
    const berlin = { clinic: { timeZone: 'Europe/Berlin', workingHours: [{ day: 'Friday', timeSlots: [{ startTime: '09:00', endTime: '17:00' }] }], holidays: [] } };
    const open = { doctor: { workingHours: [], breakTimes: [], vacationRecords: [] } };
    expect(at('2026-03-27', '09:00', 30, { ...berlin, ...open })).toBeNull();
    expect(at('2026-04-03', '09:00', 30, { ...berlin, ...open })).toBeNull();
    // The same UTC time as last week's 09:00 is 10:00 after the change: still fine, but 08:00 UTC-equivalent is not.
    const startsAt = new Date('2026-04-03T06:30:00Z'); // 08:30 in Berlin summer time
    const v = checkBookingTime({ startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), now, clinic: { ...clinic, ...berlin.clinic }, doctor: open.doctor });
    expect(v).toMatchObject({ code: 'OUTSIDE_CLINIC_HOURS', params: { start: '08:30', end: '09:00' } });
  });

  it('refuses an appointment that runs past midnight', () => {
    const late = { clinic: { workingHours: [{ day: 'Monday', timeSlots: [{ startTime: '20:00', endTime: '00:00' }] }] }, doctor: { workingHours: [], breakTimes: [] } };
    expect(at('2026-03-02', '23:30', 30, late)).toBeNull();
    expect(at('2026-03-02', '23:45', 30, late)?.code).toBe('OUTSIDE_CLINIC_HOURS');
  });
});

describe('dayAvailability', () => {
  it('gives the clinic slots and the doctor windows minus breaks', () => {
    const day = dayAvailability('2026-03-02', clinic, doctor);
    expect(day.clinicHours).toEqual([{ start: 540, end: 780 }, { start: 840, end: 1080 }]);
    expect(day.doctorHours).toEqual([{ start: 540, end: 720 }, { start: 750, end: 780 }, { start: 900, end: 1080 }]);
    expect(day.doctorAway).toBeNull();
  });

  it('closes holidays and marks the doctor away on leave or a day off', () => {
    expect(dayAvailability('2026-03-04', clinic, null)).toMatchObject({ clinicHours: [], holiday: 'National Day', doctorHours: null });
    expect(dayAvailability('2026-03-09', clinic, doctor)).toMatchObject({ doctorHours: [], doctorAway: 'leave' });
    expect(dayAvailability('2026-03-11', clinic, doctor)).toMatchObject({ doctorHours: [], doctorAway: 'dayOff' });
  });

  it('finds the grid bounds of the week and subtracts intervals', () => {
    expect(weekBounds(clinic.workingHours)).toEqual({ start: 540, end: 1080 });
    expect(weekBounds([])).toEqual({ start: 540, end: 1080 });
    expect(subtract([{ start: 0, end: 100 }], [{ start: 10, end: 20 }, { start: 90, end: 120 }])).toEqual([{ start: 0, end: 10 }, { start: 20, end: 90 }]);
  });
});
