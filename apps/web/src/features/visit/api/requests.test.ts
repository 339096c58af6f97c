import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { actOnVisit, getVisit } from './visit';

describe('the patient page requests', () => {
  it('are the same bytes they have always been', async () => {
    const token = 'v1.a/b+c=';
    expect(await requestLines([
      () => getVisit(token),
      () => actOnVisit('confirm', token, ''),
      () => actOnVisit('cancel', token, 'An exam that day'),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/public/visit?token=v1.a%2Fb%2Bc%3D",
        "POST /api/public/visit/confirm {"token":"v1.a/b+c="}",
        "POST /api/public/visit/cancel {"token":"v1.a/b+c=","reason":"An exam that day"}",
      ]
    `);
  });
});
