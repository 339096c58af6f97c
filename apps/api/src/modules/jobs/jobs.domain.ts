/** Pure rules of the job queue. */

/** Wait before the next attempt after `attempts` failed ones: 1 min, 2, 4, 8 ... capped at 6 hours. */
export function backoffMs(attempts: number): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 20));
  return Math.min(60_000 * 2 ** exponent, 6 * 3_600_000);
}

/** How long a claimed job belongs to its runner; past it the job is due again (the runner stopped mid-way). */
export const JOB_LEASE_MS = 5 * 60_000;

/** A failure's text as stored: one line, bounded, never a stack. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'failed';
}
