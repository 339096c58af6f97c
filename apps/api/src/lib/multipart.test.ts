import { describe, expect, it } from 'vitest';
import { fieldPathOf, setPath } from './multipart.js';

function rebuild(entries: Array<[string, string]>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) setPath(out, fieldPathOf(k), v);
  return out;
}

describe('multipart field flattening', () => {
  it('rebuilds arrays of objects from name[i][key]', () => {
    expect(rebuild([
      ['name', 'Amal'],
      ['emergencyContacts[0][name]', 'Omar'],
      ['emergencyContacts[0][phone]', '0501234567'],
      ['emergencyContacts[1][name]', 'Huda'],
      ['languages[]', 'English'],
      ['languages[]', 'Arabic'],
      ['address.city', 'Riyadh'],
    ])).toEqual({
      name: 'Amal',
      emergencyContacts: [{ name: 'Omar', phone: '0501234567' }, { name: 'Huda' }],
      languages: ['English', 'Arabic'],
      address: { city: 'Riyadh' },
    });
  });

  it('collects a repeated plain name into an array', () => {
    expect(rebuild([['roleIds', 'a'], ['roleIds', 'b']])).toEqual({ roleIds: ['a', 'b'] });
  });

  it('refuses prototype-pollution keys and absurd indexes', () => {
    expect(() => rebuild([['__proto__[admin]', 'true']])).toThrow();
    expect(() => rebuild([['a[constructor][prototype]', 'x']])).toThrow();
    expect(() => rebuild([['a[99999][b]', 'x']])).toThrow();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
