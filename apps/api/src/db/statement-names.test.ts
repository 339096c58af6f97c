import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { statementName } from './client.js';

describe('statement names', () => {
  it('name a text by its digest, the same on every server and every time, and tell different texts apart', () => {
    const text = 'select "id" from "patients" where "company_id" = $1';
    const expected = `clinic_${createHash('sha1').update(text).digest('base64url')}`;
    expect(statementName(text)).toBe(expected);
    expect(statementName(text)).toBe(expected);
    expect(statementName(`${text} limit $2`)).not.toBe(expected);
  });

  it('keep naming correctly past the memo’s size', () => {
    for (let i = 0; i < 6000; i++) statementName(`select ${i} where $1`);
    expect(statementName('select 7 where $1')).toBe(`clinic_${createHash('sha1').update('select 7 where $1').digest('base64url')}`);
  });
});
