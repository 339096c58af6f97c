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
