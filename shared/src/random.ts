import prand from 'pure-rand';

/** The randomness the engine is handed; it never makes its own. */
export interface Rng {
  /** A uniform integer in [0, n), for 1 ≤ n ≤ 2^31. */
  int(n: number): number;
}

/** A seeded generator (xoroshiro128+): the same seed gives the same sequence everywhere. */
export function seededRng(seed: number): Rng {
  const generator = prand.xoroshiro128plus(seed | 0);
  return {
    // pure-rand's unsafeUniformIntDistribution(0, n - 1, generator), draw for draw and value for
    // value (random.test.ts holds them equal), in integers: pure-rand computes it in doubles, whose
    // remainder is a call into the runtime (a tenth of a simulated card game went here), and a
    // seat drawn as a double spread into every array of seats built from it.
    int(n: number): number {
      // n as a uint32 (the same value, 1 <= n <= 2^31): V8 then takes the remainder below as an
      // integer division; of a number it knows less of, as a floating-point one (x87 fprem).
      const m = n >>> 0;
      // Draws at or above the largest multiple of n that fits in 32 bits are drawn again (no bias).
      const limit = m > 2 ? ~~(0x100000000 / m) * m : 0x100000000;
      // The generator's signed 32 bits, offset into [0, 2^32) as pure-rand does (+ 2^31), as a uint32.
      let v = (generator.unsafeNext() ^ 0x80000000) >>> 0;
      while (v >= limit) v = (generator.unsafeNext() ^ 0x80000000) >>> 0;
      return (v % m) | 0;
    },
  };
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
