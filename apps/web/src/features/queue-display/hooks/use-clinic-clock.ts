import { useEffect, useMemo, useState } from 'react';

/** How often the clock is read again (it shows minutes). */
const TICK_MS = 5000;

/**
 * The time now by the server's clock: the screen's own clock corrected by how far it was from the server's `now` when
 * the board was read, so a TV with a wrong clock still shows the right time.
 */
export function useClinicClock(serverNow: string): Date {
  const offset = useMemo(() => Date.parse(serverNow) - Date.now(), [serverNow]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return new Date(now + offset);
}
