import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getNotifications, getUnreadCount, markAllRead, markRead } from './notifications';

describe('the notifications requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => getNotifications(),
      () => getUnreadCount(),
      () => markRead('a/b 1'),
      () => markAllRead(),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/notifications?limit=20",
        "GET /api/notifications/unread-count",
        "POST /api/notifications/a%2Fb%201/read",
        "POST /api/notifications/read-all",
      ]
    `);
  });
});
