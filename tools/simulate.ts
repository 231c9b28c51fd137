/**
 * Plays seeded bot games and prints a one-line JSON summary:
 * npm run -s simulate -- [--game G] --players N --games G --seed S [--bot random|greedy[,…]]
 *   [--records DIR], and each game's own options (see the usage text, from games/registry.ts).
 * Game g is dealt from seed S+g and its bots play from their own stream of that seed, so any
 * single game can be played again alone. With --records, each game's record goes to DIR.
 */
import { choiceOption, readArgs, refuseOptions } from './cli';
import { GAME_NAMES, TOOL_GAMES } from './games/registry';

const USAGE = [
  `npm run -s simulate -- [--game ${GAME_NAMES.join('|')}] --players N --games G --seed S [--bot random|greedy[,…]] [--records DIR]`,
  ...TOOL_GAMES.map((game) => `  ${game.simulate.usage}`),
].join('\n');
const GAME_OPTIONS = TOOL_GAMES.flatMap((game) => game.simulate.options);
const { values } = readArgs(
  {
    game: { type: 'string' },
    players: { type: 'string' },
    games: { type: 'string' },
    seed: { type: 'string' },
    bot: { type: 'string' },
    records: { type: 'string' },
    ...Object.fromEntries(GAME_OPTIONS.map((name) => [name, { type: 'string' as const }])),
  },
  USAGE,
);
const name = choiceOption(values.game, 'game', GAME_NAMES, GAME_NAMES[0], USAGE);
const game = TOOL_GAMES.find((g) => g.contract.name === name)!;
// Another game's options are refused, not ignored.
refuseOptions(
  values,
  GAME_OPTIONS.filter((option) => !game.simulate.options.includes(option)),
  name,
  USAGE,
);
const summary = game.simulate.run(values as Record<string, string | undefined>, USAGE);
process.stdout.write(`${JSON.stringify(summary)}\n`);
