import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getDeliveries, getEndpoints, runEndpointAction } from './webhooks';

describe('the webhooks requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect(await requestLines([
      () => getEndpoints(),
      () => getDeliveries(id, 2),
      () => runEndpointAction({ kind: 'create', input: { url: 'https://erp.example/hook', events: ['invoice.paid'], description: 'ERP' } }),
      () => runEndpointAction({ kind: 'update', id, input: { url: 'https://erp.example/hook', events: ['invoice.paid'], description: '', enabled: false, version: 2 } }),
      () => runEndpointAction({ kind: 'rotate', id }),
      () => runEndpointAction({ kind: 'test', id }),
      () => runEndpointAction({ kind: 'replay', deliveryId: id }),
      () => runEndpointAction({ kind: 'remove', id }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/webhooks",
        "GET /api/webhooks/11111111-1111-4111-8111-111111111111/deliveries?page=2&limit=10",
        "POST /api/webhooks {"url":"https://erp.example/hook","events":["invoice.paid"],"description":"ERP"}",
        "PUT /api/webhooks/11111111-1111-4111-8111-111111111111 {"url":"https://erp.example/hook","events":["invoice.paid"],"description":"","enabled":false,"version":2}",
        "POST /api/webhooks/11111111-1111-4111-8111-111111111111/rotate-secret",
        "POST /api/webhooks/11111111-1111-4111-8111-111111111111/test",
        "POST /api/webhooks/deliveries/11111111-1111-4111-8111-111111111111/replay",
        "DELETE /api/webhooks/11111111-1111-4111-8111-111111111111",
      ]
    `);
  });
});
