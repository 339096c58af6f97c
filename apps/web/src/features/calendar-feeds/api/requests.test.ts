import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getCalendarFeeds, runFeedAction } from './calendar-feeds';

describe('the calendar feeds requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect(await requestLines([
      () => getCalendarFeeds(),
      () => runFeedAction({ kind: 'create', input: { doctor: id, showNames: true } }),
      () => runFeedAction({ kind: 'create', input: { clinic: id } }),
      // Rotating takes no body (an empty object was sent before).
      () => runFeedAction({ kind: 'rotate', id }),
      () => runFeedAction({ kind: 'revoke', id }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/calendar-feeds?allData=true",
        "POST /api/calendar-feeds {"doctor":"11111111-1111-4111-8111-111111111111","showNames":true}",
        "POST /api/calendar-feeds {"clinic":"11111111-1111-4111-8111-111111111111"}",
        "POST /api/calendar-feeds/11111111-1111-4111-8111-111111111111/rotate",
        "DELETE /api/calendar-feeds/11111111-1111-4111-8111-111111111111",
      ]
    `);
  });
});
