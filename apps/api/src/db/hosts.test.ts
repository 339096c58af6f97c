import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/errors.js';
import { closedPort } from '../test/closed-port.js';
import type { App } from '../lib/app-types.js';
import { HostChooser } from './client.js';
import { acceptsSession, hostOrder, needsHostChoice, parseDatabaseUrl, type DatabaseHost } from './hosts.js';
import { isDatabaseUnavailable, NoPrimaryError } from './unavailable.js';

describe('multi-host database URLs', () => {
  it('splits libpq-style host lists into one URL per host, keeping user, password, database and options', () => {
    const t = parseDatabaseUrl('postgres://clinic:s%40cret@db1:56011,db2:56012,db3/clinic?target_session_attrs=read-write&sslmode=disable');
    expect(t?.hosts).toEqual([{ host: 'db1', port: 56011 }, { host: 'db2', port: 56012 }, { host: 'db3', port: 5432 }]);
    expect(t?.targetSessionAttrs).toBe('read-write');
    expect(t?.urlFor({ host: 'db2', port: 56012 })).toBe('postgres://clinic:s%40cret@db2:56012/clinic?sslmode=disable');
    expect(t && needsHostChoice(t)).toBe(true);
  });

  it('leaves a single-host URL to the driver as it is', () => {
    const t = parseDatabaseUrl('postgres://postgres@127.0.0.1:55432/postgres');
    expect(t?.hosts).toEqual([{ host: '127.0.0.1', port: 55432 }]);
    expect(t?.targetSessionAttrs).toBe('any');
    expect(t && needsHostChoice(t)).toBe(false);
  });

  it('understands bracketed IPv6 hosts', () => {
    const t = parseDatabaseUrl('postgresql://u@[::1]:56011,[fd00::2]/db');
    expect(t?.hosts).toEqual([{ host: '::1', port: 56011 }, { host: 'fd00::2', port: 5432 }]);
    expect(t?.urlFor({ host: '::1', port: 56011 })).toBe('postgresql://u@[::1]:56011/db');
  });

  it('refuses what is not a PostgreSQL URL, a bad port, an empty host or an unknown session requirement', () => {
    for (const bad of [
      'mysql://u@h/db',
      'postgres:///db',
      'postgres://u@h1:5432,/db',
      'postgres://u@h1:99999/db',
      'postgres://u@h1:abc/db',
      'postgres://u@h1,h2/db?target_session_attrs=standby',
      'not a url',
    ]) expect(parseDatabaseUrl(bad), bad).toBeNull();
  });

  it('tries the host that last answered as primary first, then the others in the URL order', () => {
    expect(hostOrder(3, null)).toEqual([0, 1, 2]);
    expect(hostOrder(3, 2)).toEqual([2, 0, 1]);
    expect(hostOrder(2, 7)).toEqual([0, 1]);
  });

  it('a read-write target accepts only a session whose transaction_read_only is off', () => {
    expect(acceptsSession('read-write', 'off')).toBe(true);
    expect(acceptsSession('read-write', 'on')).toBe(false);
    expect(acceptsSession('read-write', undefined)).toBe(false);
    expect(acceptsSession('any', 'on')).toBe(true);
  });
});

describe('choosing the primary', () => {
  const target = parseDatabaseUrl('postgres://u@a:1,b:2,c:3/db?target_session_attrs=read-write')!;

  it('keeps the first host that is up and writable, and looks again once it is forgotten', async () => {
    const state: Record<string, 'down' | 'on' | 'off'> = { a: 'down', b: 'on', c: 'off' };
    const probed: string[] = [];
    const chooser = new HostChooser(target, async (h: DatabaseHost) => {
      probed.push(h.host);
      if (state[h.host] === 'down') throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
      return state[h.host];
    });
    expect(await chooser.choose()).toBe(2);
    expect(await chooser.choose()).toBe(2);
    expect(probed).toEqual(['a', 'b', 'c']);
    // A failover: c is gone, a is promoted.
    Object.assign(state, { a: 'off', c: 'down' });
    chooser.forget(2);
    probed.length = 0;
    expect(await chooser.choose()).toBe(0);
    expect(probed).toEqual(['a']);
  });

  it('with no writable host, refuses with a retryable error; concurrent callers share one search', async () => {
    let probes = 0;
    const chooser = new HostChooser(target, async () => { probes++; return 'on'; });
    const results = await Promise.allSettled([chooser.choose(), chooser.choose()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(NoPrimaryError);
    expect(isDatabaseUnavailable((results[0] as PromiseRejectedResult).reason)).toBe(true);
    expect(probes).toBe(3);
  });
});

describe('database unavailable', () => {
  it('recognises lost connections, shutdowns, timeouts and writes to a standby, also wrapped by the query builder', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '25006', '57014']) {
      expect(isDatabaseUnavailable({ code }), code).toBe(true);
      expect(isDatabaseUnavailable(new Error('Failed query', { cause: { code } })), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    for (const code of ['23505', '23P01', '22P02', '42601']) expect(isDatabaseUnavailable({ code }), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });

  it('a write refused because the database\'s disk is full answers 503 STORAGE_FULL, translated, not 500', async () => {
    const app = Fastify() as unknown as App;
    registerErrorHandling(app);
    // What the driver throws (PostgreSQL and the embedded database alike) when a write cannot extend a file.
    app.post('/x', async () => {
      throw new Error('Failed query: insert into audit_log', { cause: Object.assign(new Error('could not extend file "base/5/16397": No space left on device'), { code: '53100' }) });
    });
    try {
      const en = await app.inject({ method: 'POST', url: '/x' });
      expect(en.statusCode).toBe(503);
      expect(en.headers['retry-after']).toBe('60');
      expect(en.json().message).toEqual({ code: 'STORAGE_FULL', message: 'The server\'s storage is full, so this was not saved. Tell your administrator.' });
      const ar = await app.inject({ method: 'POST', url: '/x', headers: { 'accept-language': 'ar' } });
      expect(ar.json().message.message).toBe('مساحة التخزين في الخادم ممتلئة، فلم يُحفظ هذا. أبلغ مسؤول النظام.');
    } finally {
      await app.close();
    }
  });

  it('a request whose database is gone answers 503 with a translated retryable message, not 500', async () => {
    const port = await closedPort();
    const pool = new pg.Pool({ connectionString: `postgres://u@127.0.0.1:${port}/db`, connectionTimeoutMillis: 2000 });
    const app = Fastify() as unknown as App;
    registerErrorHandling(app);
    app.get('/x', async () => (await pool.query('select 1')).rows);
    try {
      const en = await app.inject({ method: 'GET', url: '/x' });
      expect(en.statusCode).toBe(503);
      expect(en.headers['retry-after']).toBe('2');
      expect(en.json().message.code).toBe('DATABASE_UNAVAILABLE');
      expect(en.json().message.message).toMatch(/try again/i);
      const ar = await app.inject({ method: 'GET', url: '/x', headers: { 'accept-language': 'ar' } });
      expect(ar.statusCode).toBe(503);
      expect(ar.json().message.message).toMatch(/المحاولة/);
    } finally {
      await app.close();
      await pool.end();
    }
  });
});
