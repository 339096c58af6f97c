import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.js';

const claims = { sub: 'employee-1', cid: 'company-1', sv: 3, fam: 'family-1' };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a token again from the verified cache until it expires, then reports it expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    const tokens = new TokenService('a-secret-that-is-long-enough-for-hs256-0123', 60);
    const token = await tokens.signAccess(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-23T10:01:01Z'));
    expect(await tokens.verifyAccess(token)).toBe('expired');
    expect(await tokens.verifyAccess(token)).toBe('expired');
  });

  it('refuses a token changed after signing, and one signed with another secret, even once a valid one is cached', async () => {
    const tokens = new TokenService('a-secret-that-is-long-enough-for-hs256-0123', 900);
    const other = new TokenService('another-secret-that-is-long-enough-456789', 900);
    const token = await tokens.signAccess(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, cid: 'company-2', exp: Math.floor(Date.now() / 1000) + 900 })).toString('base64url');
    expect(await tokens.verifyAccess(`${header}.${forgedPayload}.${signature}`)).toBe('invalid');
    expect(await tokens.verifyAccess(await other.signAccess(claims))).toBe('invalid');
    expect(await other.verifyAccess(token)).toBe('invalid');
  });

  it('refuses a token that names no sign-in (issued before sign-ins were named): the client refreshes and gets one that does', async () => {
    const tokens = new TokenService('a-secret-that-is-long-enough-for-hs256-0123', 900);
    const { SignJWT } = await import('jose');
    const key = new TextEncoder().encode('a-secret-that-is-long-enough-for-hs256-0123');
    const old = await new SignJWT({ cid: claims.cid, sv: claims.sv }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setIssuedAt().setExpirationTime('900s').sign(key);
    expect(await tokens.verifyAccess(old)).toBe('invalid');
  });
});
