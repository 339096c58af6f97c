import { describe, expect, it } from 'vitest';
import { open, seal } from './secret-box.js';

describe('secret box', () => {
  it('opens what it sealed, only with the same server secret and purpose, and refuses an altered box', () => {
    const sealed = seal('server-secret', 'totp', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(seal('server-secret', 'totp', 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(open('server-secret', 'totp', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => open('other-secret', 'totp', sealed)).toThrow();
    expect(() => open('server-secret', 'sso', sealed)).toThrow();
    const parts = sealed.split('.');
    const flipped = [...parts.slice(0, 3), `${parts[3]!.slice(0, -2)}AA`].join('.');
    expect(() => open('server-secret', 'totp', flipped)).toThrow();
  });
});
