import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { deleteClinicCollection } from './delete-complex';
import { getClinicCollection } from './get-complex';
import { getClinicCollections } from './get-complexes';
import { createClinicCollection, updateClinicCollection } from './save-complex';

describe('the medical complexes requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    const values = { name: 'North complex', isActive: true, country: 'EG' } as never;
    expect(await requestLines([
      () => getClinicCollections({ page: 2, limit: 25, search: 'nor th', status: 'inactive', sortBy: 'name', order: 'desc' }),
      () => getClinicCollection(id),
      () => createClinicCollection(values),
      () => updateClinicCollection(id, values, 4),
      () => deleteClinicCollection(id),
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
