import { describe, expect, it } from 'vitest';
import { periodOf } from './period';

describe('dashboard periods', () => {
  it('gives today, the week from Sunday and the calendar month', () => {
    expect(periodOf('today', '2026-03-11')).toEqual({ from: '2026-03-11', to: '2026-03-11' });
    expect(periodOf('week', '2026-03-11')).toEqual({ from: '2026-03-08', to: '2026-03-14' });
    expect(periodOf('month', '2026-02-11')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodOf('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});
