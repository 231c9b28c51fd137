/**
 * Engine benchmark: `npm run bench [-- --game samurai|mangoku] [--seconds S]`. Prints figures,
 * and as its last line a JSON summary (see bench-samurai.ts and bench-mangoku.ts).
 * JavaScript runs on one thread: each figure is one core's work (run under `taskset -c 0` to pin it).
 */
import { benchMangoku } from './bench-mangoku';
import { benchSamurai } from './bench-samurai';
import { choiceOption, GAMES, intOption, readArgs } from './cli';

const USAGE = 'npm run bench [-- --game samurai|mangoku] [--seconds S]';
const { values } = readArgs({ game: { type: 'string' }, seconds: { type: 'string' } }, USAGE);
const game = choiceOption(values.game, 'game', GAMES, 'samurai', USAGE);
const seconds = intOption(values.seconds, 'seconds', 3, 1, 600, USAGE);
if (game === 'mangoku') benchMangoku(seconds);
else benchSamurai(seconds);
