import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { deleteComplex } from './delete-complex';
import { getComplex } from './get-complex';
import { getComplexes } from './get-complexes';
import { createComplex, updateComplex } from './save-complex';

describe('the medical complexes requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    const values = { name: 'North complex', isActive: true, country: 'EG' } as never;
    expect(await requestLines([
      () => getComplexes({ page: 2, limit: 25, search: 'nor th', status: 'inactive', sortBy: 'name', order: 'desc' }),
      () => getComplex(id),
      () => createComplex(values),
      () => updateComplex(id, values, 4),
      () => deleteComplex(id),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/cliniccollections?page=2&limit=25&sortBy=name&order=desc&search=nor+th&isActive=false",
        "GET /api/cliniccollections/a%2Fb%201",
        "POST /api/cliniccollections {"name":"North complex","isActive":true,"country":"EG"}",
        "PUT /api/cliniccollections/a%2Fb%201 {"name":"North complex","isActive":true,"country":"EG","version":4}",
        "DELETE /api/cliniccollections/a%2Fb%201",
      ]
    `);
  });
});
