import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { isProxyEntry, loadConfig } from './config.js';

const load = (env: Record<string, string>) => loadConfig(env, { jwtSecret: 'x'.repeat(32), dataDir: os.tmpdir() });

describe('TRUST_PROXY', () => {
  it('trusts nobody by default or when switched off', () => {
    expect(load({}).trustProxy).toBe(false);
    for (const off of ['false', '0', 'no', '']) expect(load({ TRUST_PROXY: off }).trustProxy).toBe(false);
  });

  it('takes "true" as the loopback addresses only, never every client', () => {
    for (const on of ['true', 'TRUE', '1', 'yes']) expect(load({ TRUST_PROXY: on }).trustProxy).toEqual(['loopback']);
  });

  it('takes a comma-separated list of addresses, CIDR ranges and range names', () => {
    expect(load({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,fd00::/8, ::1 ,uniquelocal' }).trustProxy)
      .toEqual(['10.0.0.5', '172.16.0.0/12', 'fd00::/8', '::1', 'uniquelocal']);
  });

  it('refuses anything else at start with a message naming what was not understood', () => {
    expect(() => load({ TRUST_PROXY: '10.0.0.5,proxy.internal' })).toThrow(/TRUST_PROXY: .*not understood: proxy\.internal/);
    expect(() => load({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(() => load({ TRUST_PROXY: '*' })).toThrow(/TRUST_PROXY/);
  });

  it('checks CIDR prefixes against the address family', () => {
    expect(isProxyEntry('10.0.0.0/8')).toBe(true);
    expect(isProxyEntry('10.0.0.0/33')).toBe(false);
    expect(isProxyEntry('2001:db8::/128')).toBe(true);
    expect(isProxyEntry('2001:db8::/129')).toBe(false);
    expect(isProxyEntry('10.0.0.0/8/1')).toBe(false);
    expect(isProxyEntry('10.0.0.0/')).toBe(false);
    expect(isProxyEntry('10.0.0.256')).toBe(false);
  });
});

describe('sign-up throttling settings', () => {
  it('default to 10 attempts per address in 60 minutes and refuse nonsense', () => {
    const c = load({});
    expect([c.signupMaxAttempts, c.signupWindowMinutes]).toEqual([10, 60]);
    expect(load({ SIGNUP_MAX_ATTEMPTS: '3', SIGNUP_WINDOW_MINUTES: '30' })).toMatchObject({ signupMaxAttempts: 3, signupWindowMinutes: 30 });
    expect(() => load({ SIGNUP_MAX_ATTEMPTS: '0' })).toThrow(/SIGNUP_MAX_ATTEMPTS/);
  });
});

describe('DATABASE_URL', () => {
  it('accepts a single host and a libpq-style list of hosts with target_session_attrs', () => {
    expect(load({ DATABASE_URL: 'postgres://postgres@127.0.0.1:55432/postgres' }).databaseUrl).toBe('postgres://postgres@127.0.0.1:55432/postgres');
    const multi = 'postgres://clinic@127.0.0.1:56011,127.0.0.1:56012/clinic?target_session_attrs=read-write';
    expect(load({ DATABASE_URL: multi }).databaseUrl).toBe(multi);
  });

  it('refuses at start what is not a PostgreSQL URL', () => {
    expect(() => load({ DATABASE_URL: 'localhost:5432' })).toThrow(/DATABASE_URL/);
    expect(() => load({ DATABASE_URL: 'postgres://u@h1,h2/db?target_session_attrs=standby' })).toThrow(/DATABASE_URL/);
  });
});

describe('SMS_GATEWAY_URL and WHATSAPP_API_URL', () => {
  it('accept http and https addresses', () => {
    expect(load({ SMS_GATEWAY_URL: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json' }).sms.url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json');
    expect(load({ WHATSAPP_API_URL: 'http://127.0.0.1:4011/v21.0' }).whatsapp.apiUrl).toBe('http://127.0.0.1:4011/v21.0');
  });

  it('refuse at start an address carrying credentials, which every send would fail on and repeat, without repeating them', () => {
    for (const name of ['SMS_GATEWAY_URL', 'WHATSAPP_API_URL']) {
      let message = '';
      try {
        load({ [name]: 'https://gateway-user:S3cret-pass@sms.example.com/send' });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(new RegExp(`${name}: .*must not contain a user name or password`));
      expect(message).not.toContain('S3cret-pass');
      expect(message).not.toContain('gateway-user');
    }
    expect(() => load({ SMS_GATEWAY_URL: 'ftp://sms.example.com/send' })).toThrow(/SMS_GATEWAY_URL: .*http or https/);
  });
});

describe('PASSWORD_HASH_COST', () => {
  it('hashes at scrypt N = 2^15 unless raised, and lets only a test run go lower', () => {
    expect(load({}).passwordHashCost).toBe(15);
    expect(load({ PASSWORD_HASH_COST: '16' }).passwordHashCost).toBe(16);
    expect(() => load({ PASSWORD_HASH_COST: '10' })).toThrow(/PASSWORD_HASH_COST: at least 15/);
    expect(() => load({ PASSWORD_HASH_COST: '10', NODE_ENV: 'production' })).toThrow(/test runs only/);
    expect(load({ PASSWORD_HASH_COST: '10', NODE_ENV: 'test' }).passwordHashCost).toBe(10);
    expect(() => load({ PASSWORD_HASH_COST: '9', NODE_ENV: 'test' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => load({ PASSWORD_HASH_COST: '18' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
