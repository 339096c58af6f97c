import { describe, expect, it } from 'vitest';
import { zonedInstant, zonedIso } from '@clinic/shared';
import { findFreeSlots, type SlotDoctor, type SlotSearch } from './next-free.js';

const TZ = 'Asia/Riyadh';
const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const clinic = (over: Partial<SlotSearch['clinic']> = {}) => ({
  timeZone: TZ, workingHours: WEEK.map((day) => ({ day, timeSlots: [{ startTime: '09:00', endTime: '12:00' }] })), holidays: [], ...over,
});
const doctor = (name: string, over: Partial<SlotDoctor['calendar']> = {}, busy: SlotDoctor['busy'] = []): SlotDoctor => ({
  id: `id-${name}`, name, busy, calendar: { workingHours: WEEK.map((day) => ({ day, startTime: '09:00', endTime: '12:00' })), breakTimes: [], vacationRecords: [], ...over },
});
// 2030-01-07 is a Monday.
const MON = '2030-01-07';
const at = (date: string, time: string, tz = TZ) => zonedInstant(date, time, tz);
const search = (over: Partial<SlotSearch>): SlotSearch => ({
  clinic: clinic(), doctors: [doctor('A')], durationMinutes: 30, stepMinutes: 30, from: at(MON, '09:00'), now: at('2030-01-01', '00:00'),
  horizonDays: 31, limit: 5, ...over,
});
const shown = (slots: ReturnType<typeof findFreeSlots>, tz = TZ) => slots.map((s) => `${zonedIso(s.startsAt, tz).slice(0, 16)} ${s.doctorName}`);

describe('findFreeSlots', () => {
  it('steps through the day from opening, and from `from` rounded up', () => {
    expect(shown(findFreeSlots(search({ limit: 3 })))).toEqual([`${MON}T09:00 A`, `${MON}T09:30 A`, `${MON}T10:00 A`]);
    expect(shown(findFreeSlots(search({ limit: 2, from: at(MON, '10:07') })))).toEqual([`${MON}T10:10 A`, `${MON}T10:40 A`]);
  });

  it('never offers the past', () => {
    expect(shown(findFreeSlots(search({ limit: 1, from: at(MON, '09:00'), now: at(MON, '11:01') })))).toEqual([`${MON}T11:05 A`]);
  });

  it('leaves out a duration that does not fit before closing', () => {
    // 100 minutes from 11:00 would run to 12:40, past the 12:00 closing.
    const slots = findFreeSlots(search({ durationMinutes: 100, stepMinutes: 60, limit: 10, horizonDays: 1 }));
    expect(shown(slots)).toEqual([`${MON}T09:00 A`, `${MON}T10:00 A`]);
  });

  it('keeps clear of breaks and existing appointments, offering the time right after one', () => {
    const busy = [{ startsAt: at(MON, '09:00'), endsAt: at(MON, '09:50') }];
    const slots = findFreeSlots(search({ doctors: [doctor('A', { breakTimes: [{ startTime: '10:30', endTime: '11:00' }] }, busy)], limit: 4, horizonDays: 1 }));
    expect(shown(slots)).toEqual([`${MON}T09:50 A`, `${MON}T11:00 A`, `${MON}T11:30 A`]);
  });

  it('skips holidays, closed days and approved leave', () => {
    const c = clinic({
      holidays: [{ name: 'Founding Day', date: MON }],
      workingHours: WEEK.filter((d) => d !== 'Tuesday').map((day) => ({ day, timeSlots: [{ startTime: '09:00', endTime: '12:00' }] })),
    });
    const leave = [{ leaveStartDate: '2030-01-09', leaveEndDate: '2030-01-09', leaveType: 'Vacation', status: 'Approved' }];
    const pending = [{ leaveStartDate: '2030-01-10', leaveEndDate: '2030-01-10', leaveType: 'Vacation', status: 'Pending' }];
    const slots = findFreeSlots(search({ clinic: c, doctors: [doctor('A', { vacationRecords: [...leave, ...pending] })], limit: 1 }));
    expect(shown(slots)).toEqual(['2030-01-10T09:00 A']);
  });

  it('sorts several doctors by time then name, and keeps each one\'s own hours', () => {
    const late = doctor('Zed', { workingHours: WEEK.map((day) => ({ day, startTime: '10:00', endTime: '12:00' })) });
    const slots = findFreeSlots(search({ doctors: [late, doctor('Bea'), doctor('Amy')], limit: 5 }));
    expect(shown(slots)).toEqual([`${MON}T09:00 Amy`, `${MON}T09:00 Bea`, `${MON}T09:30 Amy`, `${MON}T09:30 Bea`, `${MON}T10:00 Amy`]);
  });

  it('counts real time on a clock-change day (Europe/Berlin, 29 March 2026: 02:00 becomes 03:00)', () => {
    const berlin = { timeZone: 'Europe/Berlin', workingHours: [], holidays: [] };
    const night = doctor('A', { workingHours: WEEK.map((day) => ({ day, startTime: '01:00', endTime: '04:00' })) });
    const slots = findFreeSlots(search({ clinic: berlin, doctors: [night], from: at('2026-03-29', '01:00', 'Europe/Berlin'), now: new Date('2026-01-01T00:00:00Z'), limit: 6, horizonDays: 1 }));
    const out = slots.map((s) => zonedIso(s.startsAt, 'Europe/Berlin'));
    expect(out).toEqual(['2026-03-29T01:00:00+01:00', '2026-03-29T01:30:00+01:00', '2026-03-29T03:00:00+02:00', '2026-03-29T03:30:00+02:00']);
    for (const s of slots) expect(s.endsAt.getTime() - s.startsAt.getTime()).toBe(30 * 60_000);
  });

  it('ends within the horizon when nothing is free, and answers nothing for no doctors', () => {
    const away = doctor('A', { vacationRecords: [{ leaveStartDate: '2030-01-01', leaveEndDate: '2031-01-01', leaveType: 'Sabbatical', status: 'Approved' }] });
    expect(findFreeSlots(search({ doctors: [away] }))).toEqual([]);
    expect(findFreeSlots(search({ doctors: [] }))).toEqual([]);
  });
});
