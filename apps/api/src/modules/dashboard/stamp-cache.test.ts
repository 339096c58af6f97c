import { describe, expect, it } from 'vitest';
import { StampCache } from './stamp-cache.js';

describe('StampCache', () => {
  it('reuses a count only under the stamp it was made under', async () => {
    const kept = new StampCache<number>();
    let counts = 0;
    const count = () => Promise.resolve(++counts);
    expect(await kept.get('k', 5, count)).toBe(1);
    expect(await kept.get('k', 5, count)).toBe(1);
    expect(await kept.get('k', 6, count)).toBe(2);
    expect(await kept.get('k', 6, count)).toBe(2);
    // A stamp going back (a restored database) is a change like any other.
    expect(await kept.get('k', 0, count)).toBe(3);
    expect(await kept.get('other', 0, count)).toBe(4);
  });

  it('shares one count among requests that arrive while it runs, and keeps no failed count', async () => {
    const kept = new StampCache<number>();
    let calls = 0;
    let fail = true;
    const count = () => { calls += 1; return fail ? Promise.reject(new Error('down')) : Promise.resolve(calls); };
    const [a, b] = [kept.get('k', 1, count), kept.get('k', 1, count)];
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    expect(calls).toBe(1);
    fail = false;
    expect(await kept.get('k', 1, count)).toBe(2);
  });

  it('keeps at most its limit of questions, the least recently asked leaving first', async () => {
    const kept = new StampCache<string>(2);
    const count = (v: string) => () => Promise.resolve(v);
    await kept.get('a', 1, count('a1'));
    await kept.get('b', 1, count('b1'));
    await kept.get('a', 1, count('a2'));
    await kept.get('c', 1, count('c1'));
    expect(kept.size).toBe(2);
    expect(await kept.get('a', 1, count('a3'))).toBe('a1');
    expect(await kept.get('b', 1, count('b2'))).toBe('b2');
  });
});
