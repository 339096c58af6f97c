import { describe, expect, it } from 'vitest';
import { closedPort } from '../test/closed-port.js';
import { openDatabase } from './client.js';

const url = process.env.DATABASE_URL;

/** A multi-host URL whose first host is down and whose second is the test server. */
async function multiHostUrl(): Promise<string> {
  const u = new URL(url!);
  const dead = await closedPort();
  return url!.replace(u.host, `127.0.0.1:${dead},${u.host}`) + `${u.search ? '&' : '?'}target_session_attrs=read-write`;
}

describe.skipIf(!url)('a multi-host DATABASE_URL on PostgreSQL', () => {
  it('skips a host that is down, keeps the writable one, and runs queries, transactions and LISTEN there', async () => {
    const database = await openDatabase({ databaseUrl: await multiHostUrl(), poolSize: 3 });
    try {
      const rows = await database.query<{ transaction_read_only: string }>('show transaction_read_only');
      expect(rows[0]?.transaction_read_only).toBe('off');
      expect(await database.query<{ n: number }>('select $1::int as n', [7])).toEqual([{ n: 7 }]);
      const got: string[] = [];
      const stop = await database.listen('clinic_multi_host_test', (p) => got.push(p));
      await database.query(`select pg_notify('clinic_multi_host_test', 'hello')`);
      for (let i = 0; i < 50 && !got.length; i++) await new Promise((r) => setTimeout(r, 20));
      await stop();
      expect(got).toEqual(['hello']);
    } finally {
      await database.close();
    }
  });

  it('a connection killed by the server is dropped from the pool; the next query gets a fresh one', async () => {
    const database = await openDatabase({ databaseUrl: await multiHostUrl(), poolSize: 1 });
    try {
      const { pid } = (await database.query<{ pid: number }>('select pg_backend_pid() as pid'))[0]!;
      const admin = await openDatabase({ databaseUrl: url!, poolSize: 1 });
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.close();
      // The idle connection's loss is noticed (error event) and it is removed; at worst one query fails retryably.
      await new Promise((r) => setTimeout(r, 100));
      const { pid: next } = (await database.query<{ pid: number }>('select pg_backend_pid() as pid'))[0]!;
      expect(next).not.toBe(pid);
    } finally {
      await database.close();
    }
  });

  it('LISTEN reconnects by itself when its connection is lost, and hears later notifications', async () => {
    const database = await openDatabase({ databaseUrl: await multiHostUrl(), poolSize: 2 });
    const got: string[] = [];
    const stop = await database.listen('clinic_multi_host_relisten', (p) => got.push(p));
    try {
      const killed = await database.query<{ t: boolean }>(
        `select pg_terminate_backend(pid) as t from pg_stat_activity where query like 'listen "clinic_multi_host_relisten"%'`,
      );
      expect(killed).toEqual([{ t: true }]);
      // Notifications are hints: the one sent while reconnecting may be missed; a later one is heard.
      for (let i = 0; i < 100 && !got.includes('after'); i++) {
        await database.query(`select pg_notify('clinic_multi_host_relisten', 'after')`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(got).toContain('after');
    } finally {
      await stop();
      await database.close();
    }
  });
});
