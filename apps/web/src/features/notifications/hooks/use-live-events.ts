import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { pathOf } from '@/lib/api-client';
import { API_BASE } from '@/lib/http';
import { getAccessToken } from '@/lib/session';
import { getUnreadCount, notificationsKeys } from '../api/notifications';
import { backgroundHeaders } from '@/lib/activity';

/** Waits before reconnecting after the stream ended or failed: 1 s, doubling to 30 s. */
const MAX_WAIT_MS = 30_000;
/** The stream's address: the contract's entry below the client's base. */
const LIVE_URL = `${API_BASE}${pathOf(routes.notifications.live)}`;

/**
 * The server's event stream (`/api/live`), read with fetch so the access token travels in the Authorization header.
 * A `notification` event refreshes the bell; an `appointment` event refreshes every appointment view (the calendar,
 * the front desk board, lists and details share the `appointments` query keys); a `queue` event refreshes the waiting
 * room's views (the queue, tickets, the board's ticket labels: the `waiting-room` keys). Mounted once, in the shell.
 */
export function useLiveEvents() {
  const client = useQueryClient();
  useEffect(() => {
    let stopped = false;
    let controller: AbortController | null = null;
    let wait = 1000;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const handle = (event: string) => {
      if (event === 'notification') void client.invalidateQueries({ queryKey: notificationsKeys.all });
      if (event === 'appointment') void client.invalidateQueries({ queryKey: ['appointments'] });
      // A visit's status moves its ticket too (in consultation, done): the waiting room reads again on both.
      if (event === 'queue' || event === 'appointment') void client.invalidateQueries({ queryKey: ['waiting-room'] });
    };

    const connect = async () => {
      if (stopped) return;
      const token = getAccessToken();
      if (!token) return;
      controller = new AbortController();
      try {
        const res = await fetch(LIVE_URL, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...backgroundHeaders }, signal: controller.signal });
        if (res.status === 401) {
          // The access token lapsed: an ordinary request refreshes it, then the stream reconnects with the new one.
          await getUnreadCount().catch(() => undefined);
          throw new Error('reconnect');
        }
        if (!res.ok || !res.body) throw new Error(`live ${res.status}`);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let text = '';
        wait = 1000;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, cut);
            text = text.slice(cut + 2);
            const name = /^event: (.+)$/m.exec(block)?.[1];
            if (name === 'ready') void client.invalidateQueries({ queryKey: notificationsKeys.all });
            else if (name) handle(name);
          }
        }
      } catch {
        // Reconnect below.
      }
      if (stopped) return;
      timer = setTimeout(() => void connect(), wait);
      wait = Math.min(wait * 2, MAX_WAIT_MS);
    };

    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
    };
  }, [client]);
}
