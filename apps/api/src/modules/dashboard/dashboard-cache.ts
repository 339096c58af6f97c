import type { DashboardFigures } from '@clinic/shared';

/** How long figures of several clinics are kept, and how many answers at most. */
export const DASHBOARD_KEEP_MS = 60_000;
const MAX_ENTRIES = 500;

interface Entry { at: number; value: Promise<DashboardFigures> }

/**
 * Figures of a complex or the whole company, kept for a minute per company and question. Counting a network's month
 * costs the database about a second; many managers opening the dashboard at once share one count instead of queueing
 * for one each. Requests that arrive while the count runs wait for it (one count, not one per request). A failed count
 * is not kept. One clinic's figures are always counted live.
 */
export class DashboardCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly keepMs = DASHBOARD_KEEP_MS, private readonly now: () => number = Date.now) {}

  get(key: string, fresh: boolean, count: () => Promise<DashboardFigures>): Promise<DashboardFigures> {
    const at = this.now();
    const kept = this.entries.get(key);
    if (kept && !fresh && at - kept.at < this.keepMs) return kept.value;
    const value = count();
    this.entries.delete(key);
    this.entries.set(key, { at, value });
    value.catch(() => { if (this.entries.get(key)?.value === value) this.entries.delete(key); });
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
