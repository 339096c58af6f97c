import { describe, expect, it } from 'vitest';
import { visitSteps } from './visit-flow';

const NOW = Date.parse('2031-03-10T10:00:00+03:00');
const PAST = '2031-03-10T09:30:00+03:00';
const LATER = '2031-03-10T11:00:00+03:00';

describe('visit steps offered per status', () => {
  it('a scheduled visit checks in or is cancelled; a no-show only once its start has passed', () => {
    expect(visitSteps('scheduled', LATER, NOW)).toEqual(['arrived', 'cancelled']);
    expect(visitSteps('scheduled', PAST, NOW)).toEqual(['arrived', 'no_show', 'cancelled']);
  });

  it('a checked-in patient is called in, seen, cancelled, or (after the start) a no-show', () => {
    expect(visitSteps('arrived', LATER, NOW)).toEqual(['in_consultation', 'completed', 'cancelled']);
    expect(visitSteps('arrived', PAST, NOW)).toEqual(['in_consultation', 'completed', 'no_show', 'cancelled']);
  });

  it('a consultation can only be completed', () => {
    expect(visitSteps('in_consultation', PAST, NOW)).toEqual(['completed']);
  });

  it('completed, no-show and cancelled visits offer nothing', () => {
    for (const status of ['completed', 'no_show', 'cancelled'] as const) expect(visitSteps(status, PAST, NOW)).toEqual([]);
  });
});
