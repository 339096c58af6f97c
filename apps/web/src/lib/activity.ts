/**
 * The user's own activity on the page (pointer, keys, scroll, touch): the idle warning counts from it, and a request
 * made while the user has been away a minute or more is a background one (`x-clinic-background`: a poll, a refresh of
 * a list) that does not keep the session alive on the server.
 */

export const BACKGROUND_HEADER = 'x-clinic-background';
/** A request this long after the last activity is the app's own, not the user's. */
export const ACTIVE_WINDOW_MS = 60_000;

const EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

let lastActivity = Date.now();
let started = false;

export function markActivity(now = Date.now()): void {
  lastActivity = now;
}

export function lastActivityAt(): number {
  return lastActivity;
}

/** Whether the user touched the page within the last minute. */
export function userIsActive(now = Date.now()): boolean {
  return now - lastActivity < ACTIVE_WINDOW_MS;
}

/** Starts listening to the user's activity (once); capture phase, passive, so nothing on the page is slowed. */
export function trackActivity(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  lastActivity = Date.now();
  const onActivity = () => markActivity();
  for (const name of EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
}

/** The headers of a request the app makes on its own. */
export const backgroundHeaders = { [BACKGROUND_HEADER]: '1' } as const;
