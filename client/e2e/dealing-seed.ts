import { Rng, seededRng } from '@samurai/shared';

/**
 * The generator game `game` of a room is dealt from on the seeded test server (seeded-server.ts),
 * so a test can deal the same game itself. (A seed times a constant would not do: xoroshiro's first
 * draws from such seeds are nearly alike, and the first player would always be the same.)
 */
export function dealingRngFor(seed: number, game: number): Rng {
  return seededRng(seed + 100_003 * game);
}
