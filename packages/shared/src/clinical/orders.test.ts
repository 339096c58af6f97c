import { describe, expect, it } from 'vitest';
import {
  analyteRangeProblem, flagResult, formatOrderNumber, isAbnormalResult, nextOrderStatus, normaliseOrderNumber, orderStatusesFor,
} from './orders.js';

const range = (low: number | null, high: number | null, criticalLow: number | null = null, criticalHigh: number | null = null) => ({ low, high, criticalLow, criticalHigh });

describe('order status transitions', () => {
  it('goes ordered -> collected -> resulted for a lab test', () => {
    expect(nextOrderStatus('ordered', 'collect')).toBe('collected');
    expect(nextOrderStatus('collected', 'result')).toBe('resulted');
  });
  it('refuses to result a lab test that was not collected, but results an imaging study straight away', () => {
    expect(nextOrderStatus('ordered', 'result', 'lab')).toBeNull();
    expect(nextOrderStatus('ordered', 'result', 'imaging')).toBe('resulted');
  });
  it('cancels until resulted; resulted and cancelled are final', () => {
    expect(nextOrderStatus('ordered', 'cancel')).toBe('cancelled');
    expect(nextOrderStatus('collected', 'cancel')).toBe('cancelled');
    for (const action of ['collect', 'result', 'cancel'] as const) {
      expect(nextOrderStatus('resulted', action, 'imaging')).toBeNull();
      expect(nextOrderStatus('cancelled', action, 'imaging')).toBeNull();
    }
    expect(nextOrderStatus('collected', 'collect')).toBeNull();
  });
  it('names the statuses an action may start from', () => {
    expect(orderStatusesFor('result', 'lab')).toEqual(['collected']);
    expect(orderStatusesFor('result', 'imaging')).toEqual(['ordered', 'collected']);
    expect(orderStatusesFor('cancel', 'lab')).toEqual(['ordered', 'collected']);
  });
});

describe('order numbers', () => {
  it('writes the kind, the year and a six-digit running number', () => {
    expect(formatOrderNumber('lab', 2026, 123)).toBe('LAB-2026-000123');
    expect(formatOrderNumber('imaging', 2026, 1_234_567)).toBe('IMG-2026-1234567');
  });
  it('accepts only a whole number, in either case, trimmed', () => {
    expect(normaliseOrderNumber(' lab-2026-000123 ')).toBe('LAB-2026-000123');
    for (const partial of ['000123', '123', 'LAB-2026', 'LAB-2026-123', 'LAB2026000123', 'XRY-2026-000123', 'LAB-2026-000123x', '']) {
      expect(normaliseOrderNumber(partial)).toBeNull();
    }
  });
});

describe('result flags', () => {
  const glucose = range(3.9, 5.5, 2.8, 22);
  it('flags low, high and critical values against the range', () => {
    expect(flagResult(5, glucose)).toBe('normal');
    expect(flagResult(3.9, glucose)).toBe('normal');
    expect(flagResult(3.5, glucose)).toBe('low');
    expect(flagResult(7.2, glucose)).toBe('high');
    expect(flagResult(2.5, glucose)).toBe('criticalLow');
    expect(flagResult(25, glucose)).toBe('criticalHigh');
  });
  it('flags "no range" when the analyte has none, and one-sided ranges on their side only', () => {
    expect(flagResult(42, range(null, null))).toBe('noRange');
    expect(flagResult(0.1, range(null, 4))).toBe('normal');
    expect(flagResult(5, range(null, 4))).toBe('high');
  });
  it('counts every flag but normal and no range as abnormal', () => {
    expect(['low', 'high', 'criticalLow', 'criticalHigh'].every((f) => isAbnormalResult(f as 'low'))).toBe(true);
    expect(isAbnormalResult('normal') || isAbnormalResult('noRange')).toBe(false);
  });
  it('refuses a range whose bounds are out of order, allows an empty one', () => {
    expect(analyteRangeProblem(range(6, 4))).toBe('validation.orders.rangeOrder');
    expect(analyteRangeProblem(range(4, 6, 5))).toBe('validation.orders.rangeOrder');
    expect(analyteRangeProblem(range(null, null))).toBeNull();
    expect(analyteRangeProblem(range(3.9, 5.5, 2.8, 22))).toBeNull();
  });
});
