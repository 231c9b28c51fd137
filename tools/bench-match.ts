/**
 * A match between bot levels (`npm run bench -- --game G --match LEVELS --games N`): N games with
 * one seat per level (comma-separated, as many as players), the levels rotated one seat each game.
 * Prints a line per 10% of the games and, as its last line:
 * {"game":…,"match":[…],"games":N,"winShare":{"expert":…,"greedy":…},"p99MsPerMove":{…},
 *  "moves":{…},"illegalMoves":{…},…}
 * - winShare: per level, the share of the games won by a seat of that level (a shared win split).
 * - p99MsPerMove: per level, the 99th percentile of a move's thinking time, wall clock, in the
 *   thread that played it (with --threads above 1, threads share the machine's cores);
 *   p99ThreadCpuMsPerMove, the CPU time of that thread (its own work, however loaded the machine);
 *   with one thread, p99CpuMsPerMove too: the process's CPU time (the collector's threads too).
 * - illegalMoves: per level, moves the engine refused (a random legal move was made instead).
 * The expert's budget is a deadline: --ms a move of its turn, --prompt-ms an answer to a prompt
 * (default the server's, THINK_MS: 800 and 250), by --clock (cpu: its thread's CPU time, the
 * default; wall: the wall clock, as on the server). With --iterations alone it searches that many
 * iterations a move instead (the same moves on every machine); with both, whichever comes first.
 * --exploration and --bias set its search's constants (tuning). Game g is dealt from --seed + g:
 * with an iteration budget, the same command plays the same games.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { log, percentile } from './bench-kit';
import { usageError } from './cli';
import { TOOL_GAMES } from './games/registry';
import type { AnyToolGame } from './games/tool-game';
import { ExpertBudget, MatchGameResult, MoveTiming, playMatchGame } from './match-games';

export interface MatchOptions extends ExpertBudget {
  /** The game's name (--game). */
  readonly game: string;
  readonly levels: readonly string[];
  readonly games: number;
  readonly threads: number;
  readonly seed: number;
}

/** The levels of a --match option, or a usage error. */
export function parseLevels(game: string, text: string, usage: string): string[] {
  const levels = text.split(',');
  const tools = toolGame(game);
  const known = Object.keys(tools.contract.bots);
  const counts = tools.match.playerCounts;
  for (const level of levels) if (!known.includes(level)) usageError(`--match: "${level}" is not a level of ${game} (${known.join(', ')})`, usage);
  if (!counts.includes(levels.length)) usageError(`--match: ${game} is played by ${counts.join(', ')} players, not ${levels.length}`, usage);
  return levels;
}

function toolGame(name: string): AnyToolGame {
  return TOOL_GAMES.find((game) => game.contract.name === name)!;
}

/**
 * Plays the games of `options` whose number is `first` modulo `step`, reporting each as it ends;
 * first a game of its own at a small budget, not counted, so the times are those of compiled code
 * (as on a server, whose bot threads stay warm).
 */
export function playShare(options: MatchOptions, first: number, step: number, done: (result: MatchGameResult) => void): void {
  const tools = toolGame(options.game);
  playMatchGame(tools, options.levels, -1 - first, options.seed, { iterations: 50 });
  for (let g = first; g < options.games; g += step) done(playMatchGame(tools, options.levels, g, options.seed, options));
}

export async function benchMatch(options: MatchOptions): Promise<void> {
  const threads = Math.min(options.threads, options.games);
  const results: MatchGameResult[] = [];
  const start = performance.now();
  const progress = (result: MatchGameResult) => {
    results.push(result);
    const n = results.length;
    if (n % Math.max(1, Math.round(options.games / 10)) === 0 || n === options.games) {
      const shares = winShares(results, options.levels);
      log(
        `${n}/${options.games} games, ${((performance.now() - start) / 1000).toFixed(0)} s: ${Object.entries(shares)
          .map(([l, v]) => `${l} ${v.toFixed(3)}`)
          .join(', ')}`,
      );
    }
  };
  if (threads <= 1) playShare(options, 0, 1, progress);
  else {
    await Promise.all(
      Array.from({ length: threads }, (_, i) => {
        const worker = new Worker(join(__dirname, 'bench-match-worker.ts'), {
          // The thread compiles the tools as `npm run bench` does: tsx, with their own tsconfig.
          execArgv: ['--require', require.resolve('tsx/cjs')],
          env: { ...process.env, TSX_TSCONFIG_PATH: join(__dirname, 'tsconfig.json') },
          workerData: { options, first: i, step: threads },
        });
        worker.on('message', progress);
        return new Promise<void>((resolve, reject) => {
          worker.on('error', reject);
          worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench thread ${i} exited with ${code}`))));
        });
      }),
    );
  }
  log(JSON.stringify(summary(options, results, threads)));
}

/** Per level, the share of the games a seat of that level won (a shared win split among its winners). */
function winShares(results: readonly MatchGameResult[], levels: readonly string[]): Record<string, number> {
  const shares: Record<string, number> = Object.fromEntries(levels.map((l) => [l, 0]));
  for (const r of results) for (const w of r.winners) shares[r.seatLevels[w]] += 1 / r.winners.length / results.length;
  return shares;
}

function summary(options: MatchOptions, results: readonly MatchGameResult[], threads: number) {
  const distinct = [...new Set(options.levels)];
  const per = <T>(f: (level: string) => T) => Object.fromEntries(distinct.map((l) => [l, f(l)]));
  const sorted = (l: string, f: (m: MoveTiming) => number) => results.flatMap((r) => r.moves.filter((m) => m.level === l).map(f)).sort((a, b) => a - b);
  const cpu = per((l) => sorted(l, (m) => m.cpuMs));
  const thread = per((l) => sorted(l, (m) => m.threadMs));
  const times = per((l) => sorted(l, (m) => m.ms));
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const shares = winShares(results, options.levels);
  return {
    game: options.game,
    match: options.levels,
    games: results.length,
    seed: options.seed,
    expert: {
      iterations: options.iterations ?? null,
      ms: options.ms ?? null,
      promptMs: options.promptMs ?? null,
      clock: options.clock ?? null,
      exploration: options.exploration ?? null,
      policyBias: options.policyBias ?? null,
    },
    threads,
    winShare: per((l) => round(shares[l])),
    p99MsPerMove: per((l) => round(percentile(times[l], 0.99) ?? 0)),
    p50MsPerMove: per((l) => round(percentile(times[l], 0.5) ?? 0)),
    maxMsPerMove: per((l) => round(times[l][times[l].length - 1] ?? 0)),
    p99ThreadCpuMsPerMove: per((l) => round(percentile(thread[l], 0.99) ?? 0)),
    maxThreadCpuMsPerMove: per((l) => round(thread[l][thread[l].length - 1] ?? 0)),
    ...(threads === 1 ? { p99CpuMsPerMove: per((l) => round(percentile(cpu[l], 0.99) ?? 0)) } : {}),
    moves: per((l) => times[l].length),
    illegalMoves: per((l) => results.reduce((n, r) => n + r.moves.filter((m) => m.level === l && m.illegal).length, 0)),
    cores: availableParallelism(),
  };
}
