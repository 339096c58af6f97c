/** mulberry32: a small, fast, seedable generator, so seeded data is the same on every run. Numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generator with the helpers seeds use: whole numbers, picks, chances and samples without repeats. */
export function seededRandom(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const pool = [...list];
    const out: T[] = [];
    for (let n = int(min, max); n > 0 && pool.length; n--) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
    return out;
  };
  return { next, int, pick, chance, some };
}
