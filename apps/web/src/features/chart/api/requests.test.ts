import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getChartPage } from './chart';

describe('the chart requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    const lines = await requestLines([
      () => getChartPage(id, { kinds: [], from: null, to: null }, null),
      () => getChartPage(id, { kinds: ['encounter', 'vitals'], from: null, to: null }, 'MjAyNi0'),
    ]);
    expect(lines).toMatchInlineSnapshot(`
      [
        "GET /api/patients/a%2Fb%201/chart?limit=30",
        "GET /api/patients/a%2Fb%201/chart?kinds=encounter%2Cvitals&cursor=MjAyNi0&limit=30",
      ]
    `);
  });
});
