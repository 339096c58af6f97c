import { describe, expect, it } from 'vitest';
import type { Caller } from './app-types.js';
import { CallerCache } from './caller-cache.js';

const caller = (id: string, permissions: string[] = ['patient_read']): Caller => ({ id, companyId: 'c1', permissions, plan: 'advanced', employeeType: 'Doctor', timeZone: 'Asia/Riyadh' });

describe('caller cache', () => {
  it('reuses a caller until it expires, per session version', () => {
    let now = 1000;
    const cache = new CallerCache(5000, 100, () => now);
    cache.set('c1', 'e1', 1, caller('e1'), cache.generation('c1'));
    expect(cache.get('c1', 'e1', 1)?.id).toBe('e1');
    expect(cache.get('c1', 'e1', 2)).toBeUndefined(); // a token of another session version loads afresh
    now += 5000;
    expect(cache.get('c1', 'e1', 1)).toBeUndefined();
  });

  it('forgets a company at once when something that grants access changes, and only that company', () => {
    const cache = new CallerCache(5000);
    cache.set('c1', 'e1', 1, caller('e1'), 0);
    cache.set('c2', 'e9', 1, { ...caller('e9'), companyId: 'c2' }, 0);
    cache.invalidateCompany('c1');
    expect(cache.get('c1', 'e1', 1)).toBeUndefined();
    expect(cache.get('c2', 'e9', 1)?.id).toBe('e9');
  });

  it('does not store a caller loaded while a change was being made (the load may have read the old permissions)', () => {
    const cache = new CallerCache(5000);
    const generation = cache.generation('c1'); // a request starts loading the caller...
    cache.invalidateCompany('c1'); // ...while a role change finishes
    cache.set('c1', 'e1', 1, caller('e1', ['employee_read']), generation);
    expect(cache.get('c1', 'e1', 1)).toBeUndefined();
  });

  it('caches nothing with a time to live of zero, and stays within its size', () => {
    const off = new CallerCache(0);
    off.set('c1', 'e1', 1, caller('e1'), 0);
    expect(off.get('c1', 'e1', 1)).toBeUndefined();
    const small = new CallerCache(5000, 2);
    small.set('c1', 'e1', 1, caller('e1'), 0);
    small.set('c1', 'e2', 1, caller('e2'), 0);
    small.set('c1', 'e3', 1, caller('e3'), small.generation('c1'));
    expect(small.get('c1', 'e3', 1)?.id).toBe('e3');
    expect(small.get('c1', 'e1', 1)).toBeUndefined();
  });
});
