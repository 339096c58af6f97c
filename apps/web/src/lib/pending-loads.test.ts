import { describe, expect, it } from 'vitest';
import { settleLoads, tracked } from './pending-loads';

describe('pending loads', () => {
  it('are waited for until every one has settled, a failed one and one started meanwhile included', async () => {
    const done: string[] = [];
    let release: () => void = () => undefined;
    const slow = tracked(() => new Promise<void>((resolve) => { release = resolve; }).then(() => { done.push('slow'); }));
    const failing = tracked(() => Promise.reject(new Error('chunk missing')));
    void slow();
    failing().catch(() => done.push('failed'));
    const settled = settleLoads().then(() => done.push('settled'));
    await Promise.resolve();
    void tracked(() => Promise.resolve().then(() => { done.push('later'); }))();
    release();
    await settled;
    expect(done).toContain('slow');
    expect(done).toContain('later');
    expect(done.at(-1)).toBe('settled');
  });
});
