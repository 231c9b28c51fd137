/**
 * Engine benchmark: `npm run bench [-- --game G] [--seconds S]`. Prints figures, and as its last
 * line a JSON summary (see games/<game>/bench.ts).
 * JavaScript runs on one thread: each figure is one core's work (run under `taskset -c 0` to pin it).
 *
 * With --match LEVELS (`-- --game G --match expert,greedy --games N [--iterations I] [--ms M]
 * [--prompt-ms P] [--clock cpu|wall] [--threads T] [--seed S]`), a match between bot levels
 * instead: see bench-match.ts.
 */
import { benchMatch, parseLevels } from './bench-match';
import { choiceOption, intOption, readArgs, refuseOptions, usageError } from './cli';
import { GAME_NAMES, TOOL_GAMES } from './games/registry';
import { CLOCKS } from './match-games';

const GAME = `--game ${GAME_NAMES.join('|')}`;
const USAGE =
  `npm run bench [-- ${GAME}] [--seconds S]
` +
  `       npm run bench -- ${GAME} --match LEVEL,LEVEL[,…] --games N [--iterations I] [--ms M] [--prompt-ms P] [--clock ${CLOCKS.join('|')}] [--exploration C] [--bias B] [--threads T] [--seed S]`;
const { values } = readArgs(
  {
    game: { type: 'string' },
    seconds: { type: 'string' },
    match: { type: 'string' },
    games: { type: 'string' },
    iterations: { type: 'string' },
    ms: { type: 'string' },
    'prompt-ms': { type: 'string' },
    clock: { type: 'string' },
    threads: { type: 'string' },
    seed: { type: 'string' },
    exploration: { type: 'string' },
    bias: { type: 'string' },
  },
  USAGE,
);
const game = choiceOption(values.game, 'game', GAME_NAMES, GAME_NAMES[0], USAGE);

function positive(text: string, name: string): number {
  const n = Number(text);
  if (!(n > 0) || !Number.isFinite(n)) usageError(`--${name} must be a number above 0, not "${text}"`, USAGE);
  return n;
}
if (values.match !== undefined) {
  const threads = intOption(values.threads, 'threads', 1, 1, 64, USAGE);
  // The process's CPU time is every thread's: with several, a thread's own is the clock.
  const clock = choiceOption(values.clock, 'clock', CLOCKS, threads > 1 ? 'thread' : 'cpu', USAGE);
  if (clock === 'cpu' && threads > 1) usageError('--clock cpu is the process’s CPU time: with --threads above 1, use --clock thread', USAGE);
  benchMatch({
    game,
    levels: parseLevels(game, values.match, USAGE),
    games: intOption(values.games, 'games', undefined, 1, 1_000_000, USAGE),
    iterations: values.iterations === undefined ? undefined : intOption(values.iterations, 'iterations', undefined, 1, 10_000_000, USAGE),
    ms: values.ms === undefined ? undefined : intOption(values.ms, 'ms', undefined, 1, 600_000, USAGE),
    promptMs: values['prompt-ms'] === undefined ? undefined : intOption(values['prompt-ms'], 'prompt-ms', undefined, 1, 600_000, USAGE),
    clock,
    threads,
    seed: intOption(values.seed, 'seed', 1, 0, 2 ** 30, USAGE),
    exploration: values.exploration === undefined ? undefined : positive(values.exploration, 'exploration'),
    policyBias: values.bias === undefined ? undefined : Number(values.bias) === 0 ? 0 : positive(values.bias, 'bias'),
  }).catch((error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.stack : JSON.stringify(error)}
`);
    process.exit(1);
  });
} else {
  refuseOptions(values, ['games', 'iterations', 'ms', 'prompt-ms', 'clock', 'threads', 'seed', 'exploration', 'bias'], 'a benchmark without --match', USAGE);
  const seconds = intOption(values.seconds, 'seconds', 3, 1, 600, USAGE);
  TOOL_GAMES.find((tools) => tools.contract.name === game)!.bench(seconds);
}
