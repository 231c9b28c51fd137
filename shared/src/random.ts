import prand from 'pure-rand';

/** The randomness the engine is handed; it never makes its own. */
export interface Rng {
  /** A uniform integer in [0, n). */
  int(n: number): number;
}

/** A seeded generator (xoroshiro128+): the same seed gives the same sequence everywhere. */
export function seededRng(seed: number): Rng {
  const generator = prand.xoroshiro128plus(seed | 0);
  return { int: (n) => prand.unsafeUniformIntDistribution(0, n - 1, generator) };
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
