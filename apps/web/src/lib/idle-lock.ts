import { onlineManager } from '@tanstack/react-query';

/**
 * The idle lock: after the organisation's idle timeout the app signs out here and covers the page with a sign-in,
 * without unmounting it (unsaved input survives). While locked, queries wait (as when offline) and a refused request
 * does not send the app to the sign-in page. Signing in again as the same person unlocks; another person reloads.
 */

let locked = false;
const listeners = new Set<() => void>();

export function isIdleLocked(): boolean {
  return locked;
}

export function subscribeIdleLock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(value: boolean) {
  if (locked === value) return;
  locked = value;
  onlineManager.setOnline(!value);
  listeners.forEach((l) => l());
}

export function lockForIdle(): void {
  set(true);
}

export function unlockAfterSignIn(): void {
  set(false);
}
