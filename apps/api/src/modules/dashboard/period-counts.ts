/**
 * The period's appointment counts, kept per question while the company's appointments are unchanged. Counting a
 * clinic's month reads ~4,000 appointments and probes each patient's earlier visits (most of the dashboard's database
 * time); the count depends on nothing but the company's appointments, the scope's clinics and time zones and the
 * period. Each request still reads the company's change stamp (`appointmentsStamp`, one primary-key read, raised by
 * triggers when any committed transaction writes or deletes an appointment, whoever made the change), and a count
 * is reused only under the very stamp it was made under: a booking, cancellation, check-in or completion is in the
 * next answer. The stamp is read before the count, so a count is never older than its stamp. A failed count is not
 * kept.
 */
export const PERIOD_COUNTS_KEPT = 256;

interface Entry<T> { stamp: number; value: Promise<T> }

export class PeriodCounts<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly max = PERIOD_COUNTS_KEPT) {}

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

const byDatabase = new WeakMap<object, PeriodCounts<unknown>>();

/** The kept counts of one database (each test's database, or the server's one pool). */
export function periodCountsOf<T>(db: object): PeriodCounts<T> {
  let counts = byDatabase.get(db);
  if (!counts) byDatabase.set(db, counts = new PeriodCounts<unknown>());
  return counts as PeriodCounts<T>;
}
