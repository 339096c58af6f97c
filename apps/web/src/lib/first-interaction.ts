import { useSyncExternalStore } from 'react';

/*
 * The user's first press of a pointer or a key on the page: the moment to fetch code that only answers what the user
 * does (toasts), rather than with the page.
 */
const EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;
let interacted = false;
const listeners = new Set<() => void>();

function onFirstInteraction() {
  interacted = true;
  for (const type of EVENTS) window.removeEventListener(type, onFirstInteraction, true);
  for (const listener of listeners) listener();
  listeners.clear();
}

if (typeof window !== 'undefined') {
  for (const type of EVENTS) window.addEventListener(type, onFirstInteraction, { capture: true, passive: true });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True from the user's first press of a pointer or a key on the page. */
export function useFirstInteraction(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => interacted,
    () => false,
  );
}
