/**
 * Mangoku's part of the client benchmark (client/bench/bench.ts): the frame rate of its card
 * table while cards and coins fly round six seats (its harness deals in a loop).
 */
import { BenchPart, harnessFpsEverywhere } from '../../bench/measure';

export const benchParts: readonly BenchPart[] = [
  {
    name: 'flight',
    measure: async (bench) => ({
      cardFlightFps: await harnessFpsEverywhere(bench, 'Mangoku cards in flight (6 seats)', `${bench.url}/mangoku.html?players=6&seed=3&delay=100000&fly=1`, [
        'mangokuHarness',
        'screen',
        'tableView',
      ]),
    }),
  },
];
