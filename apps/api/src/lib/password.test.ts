import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_COST, hashPassword, passwordHashCost, setPasswordHashCost, verifyPassword } from './password.js';

// The cost is the process's (a test server sets it): each test starts from the default and puts back what it found.
let before = DEFAULT_PASSWORD_COST;
beforeEach(() => {
  before = passwordHashCost();
  setPasswordHashCost(DEFAULT_PASSWORD_COST);
});
afterEach(() => setPasswordHashCost(before));

describe('password hashes', () => {
  it('are scrypt with N = 2^15, r = 8, p = 1 by default, with a salt of their own', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsf', a)).toBe(false);
  });

  it('made at another cost keep verifying: each hash carries its own parameters', async () => {
    const strong = await hashPassword('كلمة سر');
    setPasswordHashCost(10);
    const light = await hashPassword('كلمة سر');
    expect(light).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('كلمة سر', strong)).toBe(true);
    expect(await verifyPassword('كلمة سر', light)).toBe(true);
    expect(await verifyPassword('كلمه سر', light)).toBe(false);
  });

  it('refuse a cost outside 2^10..2^17 and anything that is not a stored scrypt hash', async () => {
    expect(() => setPasswordHashCost(9)).toThrow(RangeError);
    expect(() => setPasswordHashCost(18)).toThrow(RangeError);
    expect(() => setPasswordHashCost(12.5)).toThrow(RangeError);
    expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });
});
