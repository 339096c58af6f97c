import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localTime, zonedInstant, zonedIso } from '@clinic/shared';
import { evaluateStart, freeStarts, type StartContext } from './bookable.js';
import type { ClinicCalendar, DoctorCalendar } from './booking-rules.js';

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
type Slot = { startTime: string; endTime: string };
const hoursOf = (slots: Slot[]) => fc.constant<Slot[]>(slots);
const clinicOpen = (timeZone: string, slots: Slot[]): ClinicCalendar => ({ timeZone, workingHours: slots.length ? WEEK.map((day) => ({ day, timeSlots: slots })) : [], holidays: [] });
const doctorOn = (slots: Slot[], breakTimes: Slot[] = []): DoctorCalendar => ({
  workingHours: WEEK.flatMap((day) => slots.map((s) => ({ day, ...s }))), breakTimes, vacationRecords: [],
});
const ALL_DAY = [{ startTime: '00:00', endTime: '23:59' }];

describe('evaluateStart and freeStarts', () => {
  // The reported night: a clinic and doctor open 00:00-23:59 every day in Auckland, a 15-minute service, the
  // search made at 13:18 local time (2026-11-28 00:18 UTC, already Saturday in Auckland).
  const auckland: StartContext = {
    clinic: clinicOpen('Pacific/Auckland', ALL_DAY), doctor: doctorOn(ALL_DAY), durationMinutes: 15, now: new Date('2026-11-28T00:18:00Z'),
  };

  it('offers 13:20 on the reported night, and the booking check accepts it when the desk saves a minute later', () => {
    const offered = freeStarts(auckland, { from: auckland.now, days: 1, stepMinutes: 15, limit: 3 });
    expect(offered.map((s) => zonedIso(s.startsAt, 'Pacific/Auckland'))).toEqual([
      '2026-11-28T13:20:00+13:00', '2026-11-28T13:35:00+13:00', '2026-11-28T13:50:00+13:00',
    ]);
    const saved = evaluateStart({ ...auckland, now: new Date('2026-11-28T00:19:30Z') }, offered[0]!.startsAt);
    expect(saved).toMatchObject({ ok: true, endsAt: new Date('2026-11-28T00:35:00Z') });
  });

  it('offers the day up to its last whole visit before 23:59, and nothing running past it', () => {
    const late = { ...auckland, now: zonedInstant('2026-11-28', '23:10', 'Pacific/Auckland') };
    const offered = freeStarts(late, { from: late.now, days: 2, stepMinutes: 15, limit: 4 });
    expect(offered.map((s) => zonedIso(s.startsAt, 'Pacific/Auckland'))).toEqual([
      '2026-11-28T23:10:00+13:00', '2026-11-28T23:25:00+13:00', '2026-11-28T23:40:00+13:00', '2026-11-29T00:00:00+13:00',
    ]);
    expect(evaluateStart(late, zonedInstant('2026-11-28', '23:45', 'Pacific/Auckland'))).toMatchObject({ ok: false, reason: { code: 'OUTSIDE_CLINIC_HOURS' } });
  });

  it('names the rule a refused start breaks: the past, or the doctor\'s held time', () => {
    const start = zonedInstant('2026-11-28', '13:15', 'Pacific/Auckland');
    expect(evaluateStart(auckland, start)).toMatchObject({ ok: false, reason: { code: 'APPOINTMENT_IN_PAST' } });
    const busy = [{ startsAt: new Date('2026-11-28T00:30:00Z'), endsAt: new Date('2026-11-28T00:45:00Z') }];
    expect(evaluateStart({ ...auckland, busy }, new Date('2026-11-28T00:20:00Z'))).toMatchObject({ ok: false, reason: { code: 'DOCTOR_BUSY' } });
    expect(evaluateStart({ ...auckland, busy }, new Date('2026-11-28T00:45:00Z')).ok).toBe(true);
  });
});

/**
 * Every start offered is accepted by the booking check, whenever the desk saves it before it begins. Zones on both
 * sides of UTC, with and without daylight saving; clocks near slot boundaries, local midnight, the date line and
 * clock changes; all-day and ordinary hours, breaks and held time.
 */
describe('whatever is offered can be booked (property)', () => {
  const ZONES = ['Pacific/Auckland', 'Pacific/Kiritimati', 'Asia/Riyadh', 'America/New_York'];
  // Local dates around which the clock is set: clock changes in Auckland (April, September) and New York (March,
  // November), the reported night, and an ordinary week.
  const DATES = ['2026-04-05', '2026-09-27', '2026-03-08', '2026-11-01', '2026-11-28', '2026-06-15'];
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const HOURS: fc.Arbitrary<Slot[]> = fc.oneof(
    hoursOf(ALL_DAY),
    hoursOf([{ startTime: '00:00', endTime: '00:00' }]),
    hoursOf([]),
    fc.tuple(fc.integer({ min: 0, max: 22 * 12 }), fc.integer({ min: 6, max: 24 * 12 })).map(([s, len]) => [{ startTime: hhmm(s * 5), endTime: hhmm(Math.min(s * 5 + len * 5, 23 * 60 + 59)) }]),
    hoursOf([{ startTime: '09:00', endTime: '13:00' }, { startTime: '14:00', endTime: '18:00' }]),
  );
  const BREAKS: fc.Arbitrary<Slot[]> = fc.oneof(hoursOf([]), fc.integer({ min: 0, max: 23 * 4 }).map((q) => [{ startTime: hhmm(q * 15), endTime: hhmm(q * 15 + 30) }]));
  const CASE = fc.record({
    zone: fc.constantFrom(...ZONES),
    date: fc.constantFrom(...DATES),
    // Minutes from local midnight of the date: the evening before to the next morning, plus the seconds of the clock.
    minute: fc.oneof(fc.integer({ min: -120, max: 120 }), fc.integer({ min: 12 * 60 - 30, max: 14 * 60 }), fc.integer({ min: 22 * 60, max: 25 * 60 })),
    second: fc.integer({ min: 0, max: 59 }),
    clinicHours: HOURS,
    doctorHours: HOURS,
    breaks: BREAKS,
    duration: fc.constantFrom(5, 10, 15, 20, 30, 45, 60, 90),
    step: fc.constantFrom(5, 10, 15, 20, 30, 60),
    busyAt: fc.array(fc.integer({ min: -60, max: 48 * 60 }), { maxLength: 3 }),
    saveAfterSeconds: fc.integer({ min: 0, max: 600 }),
  });

  it('books every offered start, at minutes near slot boundaries, midnight, the date line and clock changes', () => {
    fc.assert(fc.property(CASE, (c) => {
      const midnight = zonedInstant(c.date, '00:00', c.zone);
      const now = new Date(midnight.getTime() + c.minute * 60_000 + c.second * 1000);
      const busy = c.busyAt.map((m) => ({ startsAt: new Date(now.getTime() + m * 60_000), endsAt: new Date(now.getTime() + (m + 25) * 60_000) }));
      const ctx: StartContext = { clinic: clinicOpen(c.zone, c.clinicHours), doctor: doctorOn(c.doctorHours, c.breaks), durationMinutes: c.duration, now, busy };
      const offered = freeStarts(ctx, { from: now, days: 3, stepMinutes: c.step, limit: 40 });
      for (const s of offered) {
        expect(s.startsAt.getTime() % 60_000).toBe(0);
        expect(s.endsAt.getTime() - s.startsAt.getTime()).toBe(c.duration * 60_000);
        // Saved a little later, but before the visit begins: the booking's own check (overlaps left to the database).
        const savedAt = new Date(Math.min(now.getTime() + c.saveAfterSeconds * 1000, s.startsAt.getTime()));
        const verdict = evaluateStart({ clinic: ctx.clinic, doctor: ctx.doctor, durationMinutes: c.duration, now: savedAt }, s.startsAt);
        expect(verdict.ok ? 'ok' : `${verdict.reason.code} at ${zonedIso(s.startsAt, c.zone)} (${localTime(now, c.zone).time})`).toBe('ok');
        expect(busy.some((b) => b.startsAt < s.endsAt && s.startsAt < b.endsAt)).toBe(false);
      }
      // Offered in order, never twice.
      const times = offered.map((s) => s.startsAt.getTime());
      expect(times).toEqual([...new Set(times)].sort((a, b) => a - b));
    }), { numRuns: 400, seed: 20261128 });
  });
});
