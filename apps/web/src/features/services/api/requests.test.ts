import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { bulkServices } from './bulk-services';
import { createService } from './create-service';
import { deleteService } from './delete-service';
import { getService } from './get-service';
import { getServices } from './get-services';
import { updateService } from './update-service';

describe('the services requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    expect(await requestLines([
      () => getServices({ page: 3, limit: 50, search: 'x ray', status: 'INACTIVE', sortBy: 'price', order: 'desc' }),
      () => getService(id),
      () => createService({ name: 'X-ray', price: 120, clinic: '11111111-1111-4111-8111-111111111111', doctors: [] } as never),
      () => updateService(id, { price: 150, version: 2 } as never),
      () => deleteService(id),
      () => bulkServices({ ids: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'], action: 'deactivate' }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/services?page=3&limit=50&sortBy=price&order=desc&search=x+ray&status=INACTIVE",
        "GET /api/services/a%2Fb%201",
        "POST /api/services {"name":"X-ray","price":120,"clinic":"11111111-1111-4111-8111-111111111111","doctors":[]}",
        "PATCH /api/services/a%2Fb%201 {"price":150,"version":2}",
        "DELETE /api/services/a%2Fb%201",
        "POST /api/services/bulk {"ids":["11111111-1111-4111-8111-111111111111","22222222-2222-4222-8222-222222222222"],"action":"deactivate"}",
      ]
    `);
  });
});
