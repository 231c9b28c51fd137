import prand from 'pure-rand';

/** The randomness the engine is handed; it never makes its own. */
export interface Rng {
  /** A uniform integer in [0, n), for 1 ≤ n ≤ 2^31. */
  int(n: number): number;
}

/** A seeded generator (xoroshiro128+): the same seed gives the same sequence everywhere. */
export function seededRng(seed: number): Rng {
  const generator = prand.xoroshiro128plus(seed | 0);
  // `| 0` keeps the value (below 2^31) and makes it a small integer: pure-rand computes it in
  // doubles, and a seat drawn as a double spread into every array of seats built from it.
  return { int: (n) => prand.unsafeUniformIntDistribution(0, n - 1, generator) | 0 };
}

/** Fisher–Yates, in place. */
export function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
  return items;
}
