import { describe, expect, it } from 'vitest';
import type { AvailabilityDay } from '@clinic/shared';
import { doctorShades, layoutLanes } from './day-layout';

const m = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('layoutLanes', () => {
  it('gives a card that overlaps nothing the whole width', () => {
    const lanes = layoutLanes([{ id: 'a', start: m('09:00'), end: m('09:30') }, { id: 'b', start: m('09:30'), end: m('10:00') }]);
    expect(lanes.get('a')).toEqual({ lane: 0, lanes: 1 });
    expect(lanes.get('b')).toEqual({ lane: 0, lanes: 1 });
  });

  it('puts overlapping cards side by side and reuses a lane once it is free', () => {
    const lanes = layoutLanes([
      { id: 'long', start: m('09:00'), end: m('10:30') },
      { id: 'first', start: m('09:00'), end: m('09:30') },
      { id: 'then', start: m('09:30'), end: m('10:00') },
      { id: 'later', start: m('11:00'), end: m('11:30') },
    ]);
    expect(lanes.get('long')).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get('first')).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get('then')).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get('later')).toEqual({ lane: 0, lanes: 1 });
  });

  it('counts lanes over a chain of overlaps', () => {
    const lanes = layoutLanes([
      { id: 'a', start: m('09:00'), end: m('10:00') },
      { id: 'b', start: m('09:30'), end: m('10:30') },
      { id: 'c', start: m('09:45'), end: m('11:00') },
    ]);
    expect([...lanes.values()].map((p) => p.lanes)).toEqual([3, 3, 3]);
    expect(new Set([...lanes.values()].map((p) => p.lane)).size).toBe(3);
  });
});

const clinic = { clinic: { _id: 'c1', name: 'Olaya', timeZone: 'Asia/Riyadh', averageVisitMinutes: 30, isActive: true, hasWorkingHours: true } };
const day = (over: Partial<AvailabilityDay>): AvailabilityDay => ({
  date: '2099-03-10', weekday: 'Tuesday', clinicHours: [{ startTime: '08:00', endTime: '20:00' }], holiday: null,
  doctorHours: [{ startTime: '09:00', endTime: '13:00' }, { startTime: '14:00', endTime: '17:00' }], doctorAway: null, ...over,
});

describe('doctorShades', () => {
  it('shades the time outside the doctor\'s hours and calls the gap between two shifts a break', () => {
    expect(doctorShades(day({}), clinic, m('08:00'), m('20:00'))).toEqual([
      { start: m('08:00'), end: m('09:00'), kind: 'off' },
      { start: m('13:00'), end: m('14:00'), kind: 'break' },
      { start: m('17:00'), end: m('20:00'), kind: 'off' },
    ]);
  });

  it('shades the whole day on leave, a day off or a holiday', () => {
    expect(doctorShades(day({ doctorAway: 'leave', doctorHours: [] }), clinic, 480, 1200)).toEqual([{ start: 480, end: 1200, kind: 'leave' }]);
    expect(doctorShades(day({ doctorAway: 'dayOff', doctorHours: [] }), clinic, 480, 1200)).toEqual([{ start: 480, end: 1200, kind: 'dayOff' }]);
    expect(doctorShades(day({ holiday: 'National Day', clinicHours: [] }), clinic, 480, 1200)).toEqual([{ start: 480, end: 1200, kind: 'holiday' }]);
  });

  it('shades nothing while the doctor\'s day is still loading', () => {
    expect(doctorShades(undefined, clinic, 480, 1200)).toEqual([]);
  });
});
