import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { createSpeciality } from './create-speciality';
import { deleteSpeciality } from './delete-speciality';
import { getSpecialities } from './get-specialities';
import { getSpeciality } from './get-speciality';
import { updateSpeciality } from './update-speciality';

describe('the specialities requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    expect(await requestLines([
      () => getSpecialities({ page: 2, limit: 25, search: 'card io', status: 'active', sortBy: 'name', order: 'asc' }),
      () => getSpeciality(id),
      () => createSpeciality({ name: 'Cardiology', nameAr: 'القلب', isActive: true } as never),
      () => updateSpeciality(id, { name: 'Cardiology' } as never),
      () => deleteSpeciality(id),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/specializations?page=2&limit=25&sortBy=name&order=asc&search=card+io&isActive=true",
        "GET /api/specializations/a%2Fb%201",
        "POST /api/specializations {"name":"Cardiology","nameAr":"القلب","isActive":true}",
        "PUT /api/specializations/a%2Fb%201 {"name":"Cardiology"}",
        "DELETE /api/specializations/a%2Fb%201",
      ]
    `);
  });
});
