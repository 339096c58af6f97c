import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getAudit, getAuditFilters } from './get-audit';

describe('the audit requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => getAudit({
        page: 2, limit: 25, sortBy: 'createdAt', order: 'desc', actor: 'u/1', entity: 'patient', action: 'update',
        entityId: 'p 1', from: '2026-01-01', to: '2026-01-31',
      }),
      () => getAudit({ page: 1, limit: 10, sortBy: '_id', order: 'asc', actor: null, entity: null, action: null, from: null, to: null }),
      () => getAuditFilters(),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/audit?page=2&limit=25&sortBy=createdAt&order=desc&actor=u%2F1&entity=patient&action=update&entityId=p+1&from=2026-01-01&to=2026-01-31",
        "GET /api/audit?page=1&limit=10&sortBy=_id&order=asc",
        "GET /api/audit/filters",
      ]
    `);
  });
});
