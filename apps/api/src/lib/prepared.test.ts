import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { prepared } from './prepared.js';

describe('prepared statements per query shape', () => {
  it('build a shape once per database, name it by its shape, and run it with each request’s values', async () => {
    const [one, two] = [{} as Db, {} as Db];
    const names: string[] = [];
    const build = (name: string) => {
      names.push(name);
      return { execute: async (values?: Record<string, unknown>) => values };
    };
    const a = prepared(one, 'patients.page:companyId,dateOfBirth:_id:desc', build);
    expect(prepared(one, 'patients.page:companyId,dateOfBirth:_id:desc', build)).toBe(a);
    expect(await a.execute({ dateOfBirth: '1990-01-01' })).toEqual({ dateOfBirth: '1990-01-01' });
    expect(await a.execute({ dateOfBirth: '1991-02-02' })).toEqual({ dateOfBirth: '1991-02-02' });
    prepared(one, 'patients.page:companyId:_id:desc', build);
    prepared(two, 'patients.page:companyId,dateOfBirth:_id:desc', build);
    expect(names).toHaveLength(3);
    expect(names[2]).toBe(names[0]);
    expect(names[1]).not.toBe(names[0]);
  });
});

describe('rows of a prepared statement', () => {
  it('come out as Drizzle maps them: decoded values, nested objects, and a missed left join as null', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { pgTable, text, timestamp, integer, uuid, date, numeric, jsonb } = await import('drizzle-orm/pg-core');
    const { eq, sql } = await import('drizzle-orm');
    const client = new PGlite();
    const db = drizzle(client);
    await client.exec(`
      create table people (id uuid primary key, name text not null, born date, balance numeric(10,2), tags jsonb);
      create table visits (id integer primary key, person_id uuid, starts_at timestamptz not null, note text);
      insert into people values ('00000000-0000-4000-8000-000000000001', 'Sara', '1990-05-12', 12.50, '["a"]');
      insert into visits values (1, '00000000-0000-4000-8000-000000000001', '2026-11-29 08:30:00+00', 'first'),
                                (2, null, '2026-11-30 09:00:00+00', null);`);
    const people = pgTable('people', { id: uuid('id').primaryKey(), name: text('name').notNull(), born: date('born'), balance: numeric('balance'), tags: jsonb('tags') });
    const visits = pgTable('visits', { id: integer('id').primaryKey(), personId: uuid('person_id'), startsAt: timestamp('starts_at', { withTimezone: true }).notNull(), note: text('note') });
    type Query = PromiseLike<unknown> & { prepare(name: string): { execute(): Promise<unknown> } };
    const shapes: Record<string, () => Query> = {
      flat: () => db.select({ id: visits.id, startsAt: visits.startsAt, name: people.name, count: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(visits).leftJoin(people, eq(people.id, visits.personId)).orderBy(visits.id),
      nested: () => db.select({ v: visits, person: people, total: sql<string>`${visits.id} * 2` })
        .from(visits).leftJoin(people, eq(people.id, visits.personId)).orderBy(visits.id),
      whole: () => db.select().from(visits).leftJoin(people, eq(people.id, visits.personId)).orderBy(visits.id),
    };
    try {
      for (const [key, query] of Object.entries(shapes)) {
        const byDrizzle = await query();
        const statement = prepared(db as unknown as Db, `test.rows:${key}`, (name) => query().prepare(name));
        expect(await statement.execute(), key).toEqual(byDrizzle);
        expect(await statement.execute(), key).toEqual(byDrizzle);
      }
      const nested = await prepared(db as unknown as Db, 'test.rows:nested', () => { throw new Error('built twice'); }).execute() as Array<{ person: unknown; v: { startsAt: Date } }>;
      expect(nested[1]!.person).toBeNull();
      expect(nested[0]!.v.startsAt).toEqual(new Date('2026-11-29T08:30:00Z'));
    } finally {
      await client.close();
    }
  });
});
