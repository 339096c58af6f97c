import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNowInput } from './calendar-now';

describe('the calendar\'s now', () => {
  it('is one function for the grid\'s life that answers the clock as it now is (the now line moves through the day)', () => {
    const { result, rerender } = renderHook(({ now }) => useNowInput(now), { initialProps: { now: { date: '2026-12-01', time: '08:04' } } });
    const first = result.current;
    expect(first()).toBe('2026-12-01T08:04:00');
    // The clinic's zone became known, then the clock ticked on to the next day.
    rerender({ now: { date: '2026-12-01', time: '11:04' } });
    expect(result.current).toBe(first);
    expect(first()).toBe('2026-12-01T11:04:00');
    rerender({ now: { date: '2026-12-02', time: '00:01' } });
    expect(first()).toBe('2026-12-02T00:01:00');
  });
});
