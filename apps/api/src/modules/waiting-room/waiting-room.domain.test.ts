import { describe, expect, it } from 'vitest';
import { accuracyOf, callOrder, doctorPace, estimateWait, ticketState } from './waiting-room.domain.js';

const at = (hhmm: string) => new Date(`2026-03-01T${hhmm}:00Z`);

describe('a ticket\'s shown state', () => {
  it('follows the queue while checked in, then the visit', () => {
    expect(ticketState('waiting', 'arrived')).toBe('waiting');
    expect(ticketState('called', 'arrived')).toBe('called');
    expect(ticketState('skipped', 'arrived')).toBe('skipped');
    expect(ticketState('called', 'in_consultation')).toBe('in_consultation');
    expect(ticketState('called', 'completed')).toBe('done');
    expect(ticketState('waiting', 'cancelled')).toBe('left');
    expect(ticketState('waiting', 'no_show')).toBe('left');
  });
});

describe('call order', () => {
  it('calls urgent, then elderly, then by the time given, then by number', () => {
    const tickets = [
      { id: 'n1', priority: 'normal', issuedAt: at('08:00'), number: 1 },
      { id: 'e3', priority: 'elderly', issuedAt: at('08:20'), number: 3 },
      { id: 'u4', priority: 'urgent', issuedAt: at('08:30'), number: 4 },
      { id: 'n2', priority: 'normal', issuedAt: at('08:10'), number: 2 },
      { id: 'n5', priority: 'normal', issuedAt: at('08:10'), number: 5 },
    ];
    expect([...tickets].sort(callOrder).map((t) => t.id)).toEqual(['u4', 'e3', 'n1', 'n2', 'n5']);
  });
});

describe('the doctor\'s pace today', () => {
  it('is the median gap between first calls once there are two gaps', () => {
    // Gaps 12, 18 and 10 minutes: median 12.
    expect(doctorPace({ firstCalls: [at('09:00'), at('09:12'), at('09:30'), at('09:40')], consultations: [], nominalMinutes: 30 }))
      .toEqual({ minutes: 12, basis: 'today' });
  });

  it('caps a gap at four booked visits, so a lunch break is not a slow patient', () => {
    // Booked 15 minutes: gaps 10, 180 (capped to 60), 20 → median 20.
    expect(doctorPace({ firstCalls: [at('09:00'), at('09:10'), at('12:10'), at('12:30')], consultations: [], nominalMinutes: 15 }))
      .toEqual({ minutes: 20, basis: 'today' });
  });

  it('falls back to the median consultation length, then to the booked length', () => {
    const consultations = [{ from: at('09:00'), to: at('09:25') }, { from: at('09:30'), to: at('09:45') }];
    // One gap only: the consultations (25 and 15 → 20).
    expect(doctorPace({ firstCalls: [at('09:00'), at('09:30')], consultations, nominalMinutes: 30 })).toEqual({ minutes: 20, basis: 'today' });
    expect(doctorPace({ firstCalls: [at('09:00')], consultations: consultations.slice(0, 1), nominalMinutes: 30 })).toEqual({ minutes: 30, basis: 'nominal' });
  });
});

describe('the estimated wait', () => {
  it('is the tickets ahead at the pace plus what is left of the current visit', () => {
    // Third in line (two ahead) at 12 minutes, the current patient called 5 minutes ago: 2 × 12 + (12 − 5) = 31.
    expect(estimateWait(2, 12, at('10:00'), at('10:05'))).toBe(31);
    // The current visit already took longer than the pace: nothing left of it.
    expect(estimateWait(1, 12, at('10:00'), at('10:20'))).toBe(12);
    // No one with the doctor: the next one is called now.
    expect(estimateWait(0, 12, null, at('10:20'))).toBe(0);
    expect(estimateWait(3, 12.5, null, at('10:20'))).toBe(38);
  });
});

describe('waiting-time accuracy', () => {
  it('compares the estimate with the wait to the first call, over the called tickets', () => {
    const figures = accuracyOf([
      // Estimated 10, waited 14: error 4.
      { estimate: 10, issuedAt: at('09:00'), firstCalledAt: at('09:14') },
      // Estimated 20, waited 30: error 10.
      { estimate: 20, issuedAt: at('09:00'), firstCalledAt: at('09:30') },
      // Not called (left): no actual wait.
      { estimate: 15, issuedAt: at('09:05'), firstCalledAt: null },
    ]);
    expect(figures).toEqual({
      tickets: 3, called: 2, meanEstimateMinutes: 15, meanActualMinutes: 22, meanAbsoluteErrorMinutes: 7, withinFiveMinutesPercent: 50,
    });
    expect(accuracyOf([{ estimate: 5, issuedAt: at('09:00'), firstCalledAt: null }])).toMatchObject({ called: 0, meanActualMinutes: null, withinFiveMinutesPercent: null });
  });
});
