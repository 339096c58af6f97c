import { useEffect, useState } from 'react';
import { lastActivityAt } from '@/lib/activity';

/** The warning shows this long before the idle sign-out. */
export const WARNING_MS = 60_000;
/** While the person is at work, the server hears of it about once a minute (their session's idle timeout restarts). */
export const KEEP_ALIVE_MS = 60_000;

/** "0:59" */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The time left before the idle sign-out, read every second (null without a timeout). */
export function useIdleRemaining(timeoutMinutes: number | undefined, paused: boolean): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!timeoutMinutes || paused) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [timeoutMinutes, paused]);
  if (!timeoutMinutes) return null;
  return lastActivityAt() + timeoutMinutes * 60_000 - now;
}
