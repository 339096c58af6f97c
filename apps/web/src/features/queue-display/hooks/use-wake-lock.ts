import { useEffect } from 'react';

interface WakeLockSentinelLike { release: () => Promise<void> }
type WakeLockNavigator = Navigator & { wakeLock?: { request: (type: 'screen') => Promise<WakeLockSentinelLike> } };

/**
 * Keeps the screen from dimming or sleeping while the board shows (the Screen Wake Lock API, where the browser has
 * it). The browser drops the lock when the page is hidden; it is asked for again when the page shows.
 */
export function useWakeLock() {
  useEffect(() => {
    const wakeLock = (navigator as WakeLockNavigator).wakeLock;
    if (!wakeLock) return undefined;
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock.request('screen').then((s) => {
        if (stopped) void s.release();
        else sentinel = s;
      }, () => undefined);
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
}
