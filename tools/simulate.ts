/**
 * Plays seeded bot games and prints a one-line JSON summary:
 * npm run -s simulate -- [--game samurai|mangoku] --players N --games G --seed S [--bot random|greedy[,…]]
 *   [--records DIR], and for Samurai [--capture-timing …] [--starting-hands …] [--setup …]
 * Game g is dealt from seed S+g and its bots play from their own stream of that seed, so any
 * single game can be played again alone. With --records, each game's record goes to DIR.
 */
import { choiceOption, GAMES, readArgs } from './cli';
import { simulateMangoku } from './games/mangoku/simulate';
import { simulateSamurai } from './games/samurai/simulate';

const USAGE =
  'npm run -s simulate -- [--game samurai|mangoku] --players N --games G --seed S [--bot random|greedy[,…]] [--records DIR]\n' +
  '  samurai: --players 2|3|4 [--capture-timing end-of-turn|immediate] [--starting-hands chosen|random] [--setup players|random]\n' +
  '  mangoku: --players 2–6';
const { values } = readArgs(
  {
    game: { type: 'string' },
    players: { type: 'string' },
    games: { type: 'string' },
    seed: { type: 'string' },
    bot: { type: 'string' },
    'capture-timing': { type: 'string' },
    'starting-hands': { type: 'string' },
    setup: { type: 'string' },
    records: { type: 'string' },
  },
  USAGE,
);
const game = choiceOption(values.game, 'game', GAMES, 'samurai', USAGE);
const summary = game === 'mangoku' ? simulateMangoku(values, USAGE) : simulateSamurai(values, USAGE);
process.stdout.write(`${JSON.stringify(summary)}\n`);
