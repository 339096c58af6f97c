/** The dashboard's periods, as clinic-local days `from`..`to` (inclusive) around `today` (YYYY-MM-DD). */
export type PeriodKind = 'today' | 'week' | 'month' | 'custom';

const shift = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Today; the week from Sunday (the clinics' first working day) to Saturday; the calendar month. */
export function periodOf(kind: Exclude<PeriodKind, 'custom'>, today: string): { from: string; to: string } {
  if (kind === 'today') return { from: today, to: today };
  if (kind === 'week') {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const from = shift(today, -weekday);
    return { from, to: shift(from, 6) };
  }
  const from = `${today.slice(0, 8)}01`;
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from, to: shift(next.toISOString().slice(0, 10), -1) };
}

/** Today's date where the browser is (the API's own "today" is the company's). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
