import { randomInt } from 'node:crypto';
import type { Rng } from '@samurai/shared';

/**
 * The server's randomness: every draw straight from the operating system's CSPRNG. A seeded
 * generator would do for fairness, but its 32-bit seed could be searched from the tiles a player
 * sees, revealing every stack; with no seed there is nothing to search.
 */
export const cryptoRng: Rng = { int: (n) => randomInt(n) };
