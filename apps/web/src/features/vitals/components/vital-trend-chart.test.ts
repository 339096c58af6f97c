import { describe, expect, it } from 'vitest';
import type { VitalsSet } from '@clinic/shared';
import { trendPoints } from './vital-trend-chart';

const set = (i: number, celsius: number, unit: 'C' | 'F'): VitalsSet => ({
  _id: `v${i}`, patientId: 'p', encounterId: null, takenAt: new Date(Date.UTC(2026, 0, 1 + i, 9)).toISOString(), recordedAt: '', recordedBy: null, ageGroup: 'adult',
  readings: [{ vital: 'temperature', value: celsius, unit: 'C', enteredValue: celsius, enteredUnit: unit, flag: 'normal' }], note: null, enteredInError: null,
});

describe('the trend points', () => {
  it('plots every reading, oldest first, in the unit of the latest one', () => {
    // The API answers newest first; twenty readings on four days share each day's label but stay twenty points.
    const sets = Array.from({ length: 20 }, (_, i) => set(Math.floor(i / 5), 36 + i / 10, i === 19 ? 'F' : 'C')).reverse();
    const { points, unit } = trendPoints(sets, 'temperature', 'en');
    expect(points).toHaveLength(20);
    expect(unit).toBe('F');
    expect(points[0]!.value).toBe(96.8);
    expect(points[19]!.value).toBe(100.2);
    expect(trendPoints(sets, 'pulse', 'en').points).toHaveLength(0);
  });
});
