import { useCallback, useLayoutEffect, useRef } from 'react';
import type { WallTime } from '@/lib/clinic-time';

/**
 * The calendar's `now` for FullCalendar: one function for the grid's life that answers the clinic's clock as it is
 * when asked. FullCalendar keeps the first `now` it is given (it reads it again only when its time zone setting
 * changes) and asks it each minute for the now line and the day for "today": a function made at each render would
 * keep answering the time the page was opened at, and the line would stay there all day.
 */
export function useNowInput(now: WallTime): () => string {
  const latest = useRef(now);
  useLayoutEffect(() => {
    latest.current = now;
  }, [now]);
  return useCallback(() => `${latest.current.date}T${latest.current.time}:00`, []);
}
