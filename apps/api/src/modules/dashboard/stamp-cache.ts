/**
 * What the dashboard reads from the company's appointments, kept per question while they are unchanged: the period's
 * counts (a clinic's month reads ~4,000 appointments and probes each patient's earlier visits, most of the dashboard's
 * database time) and today's agenda rows. Both depend only on the company's appointments, the names a calendar card
 * shows, the scope's clinics and time zones and the days asked. Each request still reads the company's change stamp
 * (read with the scope's clinics, one primary-key read, raised by triggers at the commit of any transaction that writes or
 * deletes an appointment, renames a patient, doctor or service, or changes a clinic's time zone, whoever made the
 * change), and a kept answer is used only under the very stamp it was made under: a booking, cancellation, check-in
 * or completion is in the next answer. The stamp is read before the count, so a count is never older than its stamp.
 * A failed count is not kept.
 */
export const STAMP_CACHE_ENTRIES = 256;

interface Entry<T> { stamp: number; value: Promise<T> }

export class StampCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly max = STAMP_CACHE_ENTRIES) {}

  get(key: string, stamp: number, count: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept) this.entries.delete(key);
    if (kept && kept.stamp === stamp) {
      this.entries.set(key, kept);
      return kept.value;
    }
    const value = count();
    this.entries.set(key, { stamp, value });
    value.catch(() => { if (this.entries.get(key)?.value === value) this.entries.delete(key); });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

const byDatabase = new WeakMap<object, StampCache<unknown>>();

/** `count()`, or the answer kept for `key` under the company's current `stamp`; one cache per database. */
export function keptUnderStamp<T>(db: object, key: string, stamp: number, count: () => Promise<T>): Promise<T> {
  let kept = byDatabase.get(db);
  if (!kept) byDatabase.set(db, kept = new StampCache<unknown>());
  return kept.get(key, stamp, count) as Promise<T>;
}
