import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getDashboard, refreshDashboard } from './get-dashboard';

describe('the dashboard requests', () => {
  it('are the same bytes they have always been', async () => {
    const clinic = '11111111-1111-4111-8111-111111111111';
    expect(await requestLines([
      () => getDashboard({ clinic, complex: null, from: '2026-03-01', to: '2026-03-31' }),
      () => getDashboard({ clinic: null, complex: clinic, from: '2026-03-01', to: '2026-03-07' }),
      () => refreshDashboard({ clinic: null, complex: null, from: '2026-03-01', to: '2026-03-31' }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/dashboard?clinic=11111111-1111-4111-8111-111111111111&from=2026-03-01&to=2026-03-31",
        "GET /api/dashboard?complex=11111111-1111-4111-8111-111111111111&from=2026-03-01&to=2026-03-07",
        "GET /api/dashboard?from=2026-03-01&to=2026-03-31&fresh=true",
      ]
    `);
  });
});
