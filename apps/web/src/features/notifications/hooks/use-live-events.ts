import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { pathOf } from '@/lib/api-client';
import { API_BASE } from '@/lib/http';
import { getAccessToken } from '@/lib/session';
import { getUnreadCount, notificationsKeys } from '../api/notifications';
import { backgroundHeaders } from '@/lib/activity';
import { openEventStream, type RefusalAnswer } from '@/lib/event-stream';

/** The stream's address: the contract's entry below the client's base. */
const LIVE_URL = `${API_BASE}${pathOf(routes.notifications.live)}`;

/**
 * The server's event stream (`/api/live`), read with fetch so the access token travels in the Authorization header.
 * A `notification` event refreshes the bell; an `appointment` event refreshes every appointment view (the calendar,
 * the front desk board, lists and details share the `appointments` query keys); a `queue` event refreshes the waiting
 * room's views (the queue, tickets, the board's ticket labels: the `waiting-room` keys); `ready` (connected, or back
 * after a loss) refreshes the bell. Mounted once, in the shell.
 */
export function useLiveEvents() {
  const client = useQueryClient();
  useEffect(() => openEventStream({
    url: LIVE_URL,
    headers: () => {
      const token = getAccessToken();
      return token ? { authorization: `Bearer ${token}`, ...backgroundHeaders } : null;
    },
    onEvent: (event) => {
      if (event === 'ready' || event === 'notification') void client.invalidateQueries({ queryKey: notificationsKeys.all });
      if (event === 'appointment') void client.invalidateQueries({ queryKey: ['appointments'] });
      // A visit's status moves its ticket too (in consultation, done): the waiting room reads again on both.
      if (event === 'queue' || event === 'appointment') void client.invalidateQueries({ queryKey: ['waiting-room'] });
    },
    // The access token lapsed: an ordinary request refreshes it, then the stream reconnects with the new one. Any other
    // refusal (a second factor to enrol, say) is waited out the same way.
    onRefused: async (status): Promise<RefusalAnswer> => {
      if (status === 401) await getUnreadCount().catch(() => undefined);
      return 'retry';
    },
  }), [client]);
}
