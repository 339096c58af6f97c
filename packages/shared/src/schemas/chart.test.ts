import { describe, expect, it } from 'vitest';
import { chartQuery, compareChartOrder, decodeChartCursor, encodeChartCursor, type ChartCursor } from './chart.js';

const id = '0b8c1f5e-2d3a-4b6c-8d9e-0f1a2b3c4d5e';

describe('chart cursor and query', () => {
  it('a cursor reads back exactly, microseconds included', () => {
    const c: ChartCursor = { at: '2026-11-28T10:15:30.123456Z', kind: 'vitals', id };
    expect(decodeChartCursor(encodeChartCursor(c))).toEqual(c);
  });

  it('refuses a cursor that is not one', () => {
    for (const bad of ['', 'x', '!!!', encodeChartCursor({ at: '2026-11-28T10:15:30Z', kind: 'vitals', id }),
      btoa('2026-11-28T10:15:30.123456Z|nurse|' + id), btoa('2026-11-28T10:15:30.123456Z|vitals|not-an-id')]) {
      expect(decodeChartCursor(bad)).toBeNull();
    }
    expect(chartQuery.safeParse({ cursor: 'nonsense' }).error?.issues[0]?.message).toBe('validation.chart.cursorInvalid');
  });

  it('orders newest first, then by kind, then by id', () => {
    const e = (at: string, kind: ChartCursor['kind'], i: string): ChartCursor => ({ at, kind, id: i });
    const rows = [e('2026-01-01T00:00:00.000001Z', 'vitals', 'a'), e('2026-01-01T00:00:00.000002Z', 'document', 'a'),
      e('2026-01-01T00:00:00.000001Z', 'encounter', 'a'), e('2026-01-01T00:00:00.000001Z', 'encounter', 'b')];
    expect(rows.sort(compareChartOrder).map((r) => `${r.kind}:${r.id}`)).toEqual(['document:a', 'encounter:b', 'encounter:a', 'vitals:a']);
  });

  it('reads kinds, bounds the limit and the range', () => {
    expect(chartQuery.parse({ kinds: 'vitals, encounter,vitals' }).kinds).toEqual(['vitals', 'encounter']);
    expect(chartQuery.parse({}).limit).toBe(30);
    expect(chartQuery.safeParse({ kinds: 'vitals,x-ray' }).success).toBe(false);
    expect(chartQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(chartQuery.safeParse({ limit: '0' }).success).toBe(false);
    const reversed = chartQuery.safeParse({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(reversed.error?.issues[0]?.message).toBe('validation.chart.rangeReversed');
  });
});
