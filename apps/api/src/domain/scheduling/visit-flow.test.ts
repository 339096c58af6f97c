import { describe, expect, it } from 'vitest';
import { isLateCancellation, transitionRefusal, visitMinutes, waitingMinutes } from './visit-flow.js';

const at = (iso: string) => new Date(iso);

describe('visit flow rules', () => {
  it('allows only the listed transitions, and a no-show only from the start', () => {
    const start = at('2026-03-02T09:00:00Z');
    expect(transitionRefusal('scheduled', 'arrived', start, at('2026-03-01T00:00:00Z'))).toBeNull();
    expect(transitionRefusal('scheduled', 'completed', start, start)).toEqual({ code: 'INVALID_TRANSITION', from: 'scheduled', to: 'completed' });
    expect(transitionRefusal('in_consultation', 'cancelled', start, start)?.code).toBe('INVALID_TRANSITION');
    expect(transitionRefusal('scheduled', 'no_show', start, new Date(start.getTime() - 1))).toEqual({ code: 'NO_SHOW_TOO_EARLY' });
    expect(transitionRefusal('scheduled', 'no_show', start, start)).toBeNull();
  });

  it('calls a cancellation late from exactly the set number of hours before the start', () => {
    const start = at('2026-03-02T09:00:00Z');
    expect(isLateCancellation(start, at('2026-03-01T09:00:00Z'), 24)).toBe(true);
    expect(isLateCancellation(start, at('2026-03-01T08:59:59.999Z'), 24)).toBe(false);
    expect(isLateCancellation(start, at('2026-03-02T10:00:00Z'), 24)).toBe(true);
    expect(isLateCancellation(start, at('2026-03-02T08:59:00Z'), 0)).toBe(false);
  });

  it('derives waiting and visit minutes from instants', () => {
    const base = { arrivedAt: null, calledInAt: null, completedAt: null, cancelledAt: null, noShowAt: null };
    const now = at('2026-03-29T03:30:00+02:00');
    expect(waitingMinutes({ ...base, status: 'scheduled' }, now)).toBeNull();
    // Berlin springs forward at 02:00: 01:50 +01:00 to 03:10 +02:00 is 20 minutes.
    const arrivedAt = at('2026-03-29T01:50:00+01:00');
    expect(waitingMinutes({ ...base, status: 'in_consultation', arrivedAt, calledInAt: at('2026-03-29T03:10:00+02:00') }, now)).toBe(20);
    expect(waitingMinutes({ ...base, status: 'arrived', arrivedAt }, now)).toBe(40);
    expect(waitingMinutes({ ...base, status: 'completed', arrivedAt, completedAt: at('2026-03-29T03:00:00+02:00') }, now)).toBe(10);
    expect(visitMinutes({ ...base, status: 'completed', arrivedAt, calledInAt: at('2026-03-29T03:10:00+02:00'), completedAt: at('2026-03-29T03:25:00+02:00') })).toBe(15);
    expect(visitMinutes({ ...base, status: 'in_consultation', arrivedAt, calledInAt: at('2026-03-29T03:10:00+02:00') })).toBeNull();
  });
});
