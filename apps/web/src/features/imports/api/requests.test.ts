import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getImport, listImports, remapImport, startImport, undoImport } from './imports';

const ID = '55555555-5555-4555-8555-555555555555';

describe('the import requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => listImports(2),
      () => getImport(ID),
      () => remapImport({ id: ID, mapping: { name: 'الاسم' }, version: 3 }),
      () => startImport({ id: ID, duplicates: 'skip', version: 4 }),
      () => undoImport({ _id: ID, version: 5 }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/imports?page=2&limit=10",
        "GET /api/imports/55555555-5555-4555-8555-555555555555",
        "PUT /api/imports/55555555-5555-4555-8555-555555555555/mapping {"mapping":{"name":"الاسم"},"version":3}",
        "POST /api/imports/55555555-5555-4555-8555-555555555555/start {"duplicates":"skip","version":4}",
        "POST /api/imports/55555555-5555-4555-8555-555555555555/undo {"version":5}",
      ]
    `);
  });
});
