import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import {
  acknowledgeOrder, cancelOrder, collectOrder, createCatalogueItem, enterResults, findOrderByNumber, getCatalogue, getOrder, getPatientOrders,
  getResultsToReview, placeOrder, updateCatalogueItem,
} from './orders-api';

const id = 'a/b 1';

describe('the orders requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => getCatalogue({ clinic: 'c1', kind: 'lab', search: 'gluc', isActive: true }),
      () => createCatalogueItem({ clinic: 'c1', code: 'TSH', nameEn: 'TSH', nameAr: 'هرمون', kind: 'lab', analytes: [] }),
      () => updateCatalogueItem(id, { isActive: false, version: 2 }),
      () => getPatientOrders(id, 'e1'),
      () => getOrder(id),
      () => getResultsToReview(),
      () => findOrderByNumber('LAB-2026-000123'),
      () => placeOrder(id, { clinic: 'c1', items: ['t1'], priority: 'urgent', notes: 'Fasting', encounter: 'e1' }),
      () => collectOrder(id, 1),
      () => cancelOrder(id, 'Duplicate', 2),
      () => acknowledgeOrder(id, 3),
      () => enterResults({ number: 'LAB-2026-000123', values: [{ item: 'i1', analyte: 'GLU', value: 7.2 }], note: '' }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/order-catalogue?allData=true&clinic=c1&kind=lab&search=gluc&isActive=true",
        "POST /api/order-catalogue {"clinic":"c1","code":"TSH","nameEn":"TSH","nameAr":"هرمون","kind":"lab","analytes":[]}",
        "PATCH /api/order-catalogue/a%2Fb%201 {"isActive":false,"version":2}",
        "GET /api/patients/a%2Fb%201/orders?limit=30&encounter=e1",
        "GET /api/orders/a%2Fb%201",
        "GET /api/orders/results/mine?limit=20",
        "GET /api/orders/by-number?number=LAB-2026-000123",
        "POST /api/patients/a%2Fb%201/orders {"clinic":"c1","items":["t1"],"priority":"urgent","notes":"Fasting","encounter":"e1"}",
        "POST /api/orders/a%2Fb%201/collect {"version":1}",
        "POST /api/orders/a%2Fb%201/cancel {"reason":"Duplicate","version":2}",
        "POST /api/orders/a%2Fb%201/acknowledge {"version":3}",
        "POST /api/orders/results {"number":"LAB-2026-000123","values":[{"item":"i1","analyte":"GLU","value":7.2}],"note":""}",
      ]
    `);
  });
});
