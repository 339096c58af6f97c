import { describe, expect, it } from 'vitest';
import {
  newDisplayToken, newPairingCode, normalisePairingCode, PAIRING_ALPHABET, parseDisplayToken, secretMatches, sha256,
} from './display-credentials.js';

const COMPANY = '3b8c1353-cb32-44eb-bc9b-74772af7a810';
const DISPLAY = '86ac0522-dfae-4039-99b7-475d2827d8f0';

describe('pairing codes', () => {
  it('are eight characters without look-alikes, and differ each time', () => {
    const codes = Array.from({ length: 200 }, newPairingCode);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{8}$/);
    expect(PAIRING_ALPHABET).not.toMatch(/[01OI]/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('are read as typed on a remote: any case, spaces and dashes ignored; anything else is no code', () => {
    expect(normalisePairingCode('abcd-efgh')).toBe('ABCDEFGH');
    expect(normalisePairingCode(' AB CD 23 45 ')).toBe('ABCD2345');
    expect(normalisePairingCode('ABCDEFG')).toBeNull();
    expect(normalisePairingCode('ABCDEFGHJ')).toBeNull();
    expect(normalisePairingCode('ABCDEFG0')).toBeNull();
    expect(normalisePairingCode('ABCDEFGI')).toBeNull();
    expect(normalisePairingCode('ABCDEFG٣')).toBeNull();
  });
});

describe('display tokens', () => {
  it('name the company and the display, carry a secret kept only as its hash, and are read back', () => {
    const { token, hash } = newDisplayToken(COMPANY, DISPLAY);
    const parsed = parseDisplayToken(token)!;
    expect(parsed).toMatchObject({ companyId: COMPANY, displayId: DISPLAY });
    expect(hash).toBe(sha256(parsed.secret));
    expect(hash).not.toContain(parsed.secret);
    expect(secretMatches(parsed.secret, hash)).toBe(true);
    expect(secretMatches(parseDisplayToken(newDisplayToken(COMPANY, DISPLAY).token)!.secret, hash)).toBe(false);
  });

  it('refuses anything not shaped like one', () => {
    const { token } = newDisplayToken(COMPANY, DISPLAY);
    for (const bad of [undefined, '', 'garbage', token.replace('d1.', 'd2.'), `${token}.extra`, token.replace(COMPANY, 'not-a-uuid'),
      token.slice(0, -1), `d1.${COMPANY}.${DISPLAY}.${'a'.repeat(300)}`]) {
      expect(parseDisplayToken(bad), String(bad)).toBeNull();
    }
    expect(secretMatches('x', 'not-hex')).toBe(false);
  });
});
