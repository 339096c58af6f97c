import { useEffect, useState } from 'react';

/** The time now, moving every 30 seconds: minutes waited and "called N min ago" stay current between refreshes. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Whole minutes from an instant to `now` (never below zero). */
export function minutesSince(instant: string | null, now: number): number {
  if (!instant) return 0;
  return Math.max(0, Math.floor((now - new Date(instant).getTime()) / 60_000));
}
