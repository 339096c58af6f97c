import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { createSpecialization } from './create-specialization';
import { deleteSpecialization } from './delete-specialization';
import { getSpecializations } from './get-specializations';
import { getSpecialization } from './get-specialization';
import { updateSpecialization } from './update-specialization';

describe('the specialities requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    expect(await requestLines([
      () => getSpecializations({ page: 2, limit: 25, search: 'card io', status: 'active', sortBy: 'name', order: 'asc' }),
      () => getSpecialization(id),
      () => createSpecialization({ name: 'Cardiology', nameAr: 'القلب', isActive: true } as never),
      () => updateSpecialization(id, { name: 'Cardiology' } as never),
      () => deleteSpecialization(id),
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
