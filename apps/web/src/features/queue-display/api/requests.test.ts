import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { jsonResponse, mockFetch } from '@/test/utils';
import { getDisplayBoard, getPublicTicket, pairDisplay, ticketLiveUrl } from './queue-display';

describe('the waiting-room display and queue page requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => pairDisplay('ABCD2345'),
      () => getDisplayBoard('d1.c.d.secret'),
      () => getPublicTicket('q1.a/b+c='),
    ])).toMatchInlineSnapshot(`
      [
        "POST /api/public/display/pair {"code":"ABCD2345"}",
        "GET /api/public/display",
        "GET /api/public/queue?token=q1.a%2Fb%2Bc%3D",
      ]
    `);
  });

  it('send the display token in its header, never in the address', async () => {
    const seen: Array<{ url: string; token: string | null }> = [];
    mockFetch((url, init) => {
      seen.push({ url: `${url.pathname}${url.search}`, token: new Headers(init.headers).get('x-display-token') });
      return jsonResponse(200, { success: true, data: null });
    });
    await getDisplayBoard('d1.c.d.secret').catch(() => undefined);
    expect(seen).toEqual([{ url: '/api/public/display', token: 'd1.c.d.secret' }]);
    expect(ticketLiveUrl('q1.a/b+c=')).toBe('/api/public/queue/live?token=q1.a%2Fb%2Bc%3D');
  });
});
