/**
 * Engine benchmark: `npm run bench [-- --game G] [--seconds S]`. Prints figures, and as its last
 * line a JSON summary (see games/<game>/bench.ts).
 * JavaScript runs on one thread: each figure is one core's work (run under `taskset -c 0` to pin it).
 */
import { choiceOption, intOption, readArgs } from './cli';
import { GAME_NAMES, TOOL_GAMES } from './games/registry';

const USAGE = `npm run bench [-- --game ${GAME_NAMES.join('|')}] [--seconds S]`;
const { values } = readArgs({ game: { type: 'string' }, seconds: { type: 'string' } }, USAGE);
const name = choiceOption(values.game, 'game', GAME_NAMES, GAME_NAMES[0], USAGE);
const seconds = intOption(values.seconds, 'seconds', 3, 1, 600, USAGE);
TOOL_GAMES.find((game) => game.name === name)!.bench(seconds);
