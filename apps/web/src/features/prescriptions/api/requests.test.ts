import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { cancelPrescription, checkPrescription, createPrescription, getPrescription, getPrescriptions, issuePrescription, updatePrescription, verifyPrescription } from './prescriptions';

describe('the prescriptions requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    const item = { medication: 'm1', dose: 1, unit: 'tablet' as const, route: 'oral' as const, frequency: 'BID' as const, durationDays: 5, quantity: 10 };
    expect(await requestLines([
      () => getPrescriptions(id),
      () => getPrescriptions(id, 'e1'),
      () => getPrescription(id),
      () => checkPrescription(id, { items: [{ medication: 'm1' }] }),
      () => createPrescription(id, { clinic: 'c1', encounter: 'e1', language: 'ar', items: [item] }),
      () => updatePrescription(id, { clinic: 'c1', language: 'en', validDays: 14, items: [item], version: 2 }),
      () => issuePrescription(id, { acknowledgements: [{ key: 'allergy:0:a1', reason: 'Tolerated before' }], version: 2 }),
      () => cancelPrescription(id, { reason: 'Wrong dose', version: 3 }),
      () => verifyPrescription('t0k/en'),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/patients/a%2Fb%201/prescriptions?allData=true",
        "GET /api/patients/a%2Fb%201/prescriptions?allData=true&encounterId=e1",
        "GET /api/prescriptions/a%2Fb%201",
        "POST /api/patients/a%2Fb%201/prescriptions/check {"items":[{"medication":"m1"}]}",
        "POST /api/patients/a%2Fb%201/prescriptions {"clinic":"c1","encounter":"e1","language":"ar","items":[{"medication":"m1","dose":1,"unit":"tablet","route":"oral","frequency":"BID","durationDays":5,"quantity":10}]}",
        "PUT /api/prescriptions/a%2Fb%201 {"clinic":"c1","language":"en","validDays":14,"items":[{"medication":"m1","dose":1,"unit":"tablet","route":"oral","frequency":"BID","durationDays":5,"quantity":10}],"version":2}",
        "POST /api/prescriptions/a%2Fb%201/issue {"acknowledgements":[{"key":"allergy:0:a1","reason":"Tolerated before"}],"version":2}",
        "POST /api/prescriptions/a%2Fb%201/cancel {"reason":"Wrong dose","version":3}",
        "POST /api/public/prescriptions/verify {"token":"t0k/en"}",
      ]
    `);
  });
});
