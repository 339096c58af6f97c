import { onlineManager } from '@tanstack/react-query';

/**
 * The idle lock: after the organisation's idle timeout the app signs out here and covers the page with a sign-in,
 * without unmounting it (unsaved input survives). While locked, queries wait (as when offline) and a refused request
 * does not send the app to the sign-in page. Signing in again as the same person unlocks; another person reloads.
 */

/** Why the page is covered: the idle timeout, or the session ended elsewhere (refused by the server). */
export type LockReason = 'idle' | 'ended';

let locked = false;
let reason: LockReason = 'idle';
let holders = 0;
const listeners = new Set<() => void>();

export function isIdleLocked(): boolean {
  return locked;
}

export function lockReason(): LockReason {
  return reason;
}

/**
 * While a signed-in page is shown (the shell holds it), a session refused by the server covers the page with the
 * sign-in too, rather than leaving for the sign-in page: unsaved input survives an ending the app did not foresee
 * (ended from another device, or idle on the server a moment before the app's own count).
 */
export function holdPageOnSessionEnd(): () => void {
  holders += 1;
  return () => { holders -= 1; };
}

/** Covers the page when one is held; false when the app must leave for the sign-in page. */
export function lockOnSessionEnd(): boolean {
  if (holders <= 0) return false;
  if (!locked) reason = 'ended';
  set(true);
  return true;
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
  reason = 'idle';
  set(true);
}

export function unlockAfterSignIn(): void {
  set(false);
}
