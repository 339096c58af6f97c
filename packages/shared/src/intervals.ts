/** A half-open span of numbers, [start, end): minutes of a day, or instants in milliseconds. */
export interface Span {
  start: number;
  end: number;
}

/** Where two sets of spans overlap, in order of start (the booking form and the next-free search both use it). */
export function intersectSpans<T extends Span>(a: readonly T[], b: readonly T[]): Span[] {
  const out: Span[] = [];
  for (const x of a) {
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) out.push({ start, end });
    }
  }
  return out.sort((p, q) => p.start - q.start);
}
