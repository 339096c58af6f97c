import { describe, expect, it } from 'vitest';
import type { DashboardFigures } from '@clinic/shared';
import { DashboardCache } from './dashboard-cache.js';

const figures = (n: number) => ({ total: n }) as unknown as DashboardFigures;

describe('kept dashboard figures', () => {
  it('counts once for requests that arrive together, keeps the answer for the period given, then counts again', async () => {
    let now = 0;
    let counts = 0;
    const cache = new DashboardCache(60_000, () => now);
    const count = async () => figures(++counts);
    const together = await Promise.all([cache.get('k', false, count), cache.get('k', false, count), cache.get('k', false, count)]);
    expect(together.map((f) => f.total)).toEqual([1, 1, 1]);
    now = 59_999;
    expect((await cache.get('k', false, count)).total).toBe(1);
    now = 60_000;
    expect((await cache.get('k', false, count)).total).toBe(2);
    expect((await cache.get('k', true, count)).total).toBe(3);
    expect((await cache.get('other', false, count)).total).toBe(4);
  });

  it('does not keep a failed count', async () => {
    const cache = new DashboardCache(60_000, () => 0);
    await expect(cache.get('k', false, () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect((await cache.get('k', false, async () => figures(7))).total).toBe(7);
  });
});
