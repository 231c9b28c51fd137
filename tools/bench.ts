/**
 * Engine benchmark: `npm run bench [-- --game samurai|mangoku] [--seconds S]`. Prints figures,
 * and as its last line a JSON summary (see games/<game>/bench.ts).
 * JavaScript runs on one thread: each figure is one core's work (run under `taskset -c 0` to pin it).
 */
import { benchMangoku } from './games/mangoku/bench';
import { benchSamurai } from './games/samurai/bench';
import { choiceOption, GAMES, intOption, readArgs } from './cli';

const USAGE = 'npm run bench [-- --game samurai|mangoku] [--seconds S]';
const { values } = readArgs({ game: { type: 'string' }, seconds: { type: 'string' } }, USAGE);
const game = choiceOption(values.game, 'game', GAMES, 'samurai', USAGE);
const seconds = intOption(values.seconds, 'seconds', 3, 1, 600, USAGE);
if (game === 'mangoku') benchMangoku(seconds);
else benchSamurai(seconds);
